/**
 * Which store a request acts on (PRODUCT.md §2). Staff and shoppers: always their own store,
 * whatever store_id they send. A super_admin: the store_id the web app attaches — query string
 * for GET and DELETE, body otherwise — and 400 'No store selected' without one.
 */
import { actsOnChosenStore } from '@duka/shared/auth/permissions';
import { storeIdSchema } from '@duka/shared/stores/stores.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app/deps';
import { stores } from '../modules/stores/stores.table';
import { badRequest, fieldError, notFound } from './errors';
import type { AuthUser } from './session';

export const noStoreSelected = () => badRequest('store.not_selected', 'No store selected');

function sentStoreId(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const fromBody =
    body && typeof body === 'object' && !Array.isArray(body) ? body.store_id : undefined;
  return fromBody ?? query?.store_id;
}

/**
 * The acting store. With `optional`, a super_admin who sent no store_id gets null instead of
 * 400 — for the few calls that may not concern a store (creating another super_admin).
 */
export async function resolveStoreId(
  deps: AppDeps,
  request: FastifyRequest,
  user: AuthUser,
  optional = false,
): Promise<number | null> {
  if (!actsOnChosenStore(user.role)) {
    if (user.storeId === null) throw noStoreSelected();
    return user.storeId;
  }
  const raw = sentStoreId(request);
  if (raw === undefined || raw === null || raw === '') {
    if (optional) return null;
    throw noStoreSelected();
  }
  const parsed = storeIdSchema.safeParse(raw);
  if (!parsed.success) throw fieldError('store.invalid', 'store_id', 'Invalid store');
  const [store] = await deps.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.id, parsed.data))
    .limit(1);
  if (!store) throw notFound('Store not found', 'store.not_found');
  return store.id;
}
