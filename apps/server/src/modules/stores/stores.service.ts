/** Stores: the tenants of Duka (PRODUCT.md §2). */
import type { StoreInput } from '@duka/shared/stores/stores.schemas';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { requireAuth } from '../../lib/access.plugin';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { endStoreSessions, type AuthUser } from '../../lib/session';
import { stores, type StoreRow } from './stores.table';

/** A super_admin sees every store; anyone else only the store they belong to. */
export async function listStoresFor(db: Executor, actor: AuthUser): Promise<StoreRow[]> {
  if (actor.role === 'super_admin') {
    return db.select().from(stores).orderBy(asc(stores.id));
  }
  if (actor.storeId === null) return [];
  return db.select().from(stores).where(eq(stores.id, actor.storeId));
}

/**
 * Where an actor may send stock (issue 25): the chain's active stores but their own. GET /stores
 * shows staff only their own store (spec §7), so an admin sending a transfer reads this; a
 * super_admin gets every active store and the client leaves out the one acting.
 */
export async function listTransferDestinations(db: Executor, actor: AuthUser): Promise<StoreRow[]> {
  const active = eq(stores.isActive, true);
  return db
    .select()
    .from(stores)
    .where(actor.storeId === null ? active : and(active, ne(stores.id, actor.storeId)))
    .orderBy(asc(stores.id));
}

export async function findStore(db: Executor, id: number): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
  return row;
}

const storeNotFound = () => notFound('Store not found', 'store.not_found');

/**
 * The store a path names (/stores/{storeId}/…), when the caller may act on it: staff only their
 * own, a super_admin any store that exists and agrees with the store chosen in the request.
 * Another store's id answers 404, never 403 (PRODUCT.md §2).
 */
export async function storeOfPath(
  db: Executor,
  request: Pick<FastifyRequest, 'auth' | 'storeId'>,
  storeId: number,
): Promise<number> {
  const { user } = requireAuth(request);
  if (user.role !== 'super_admin') {
    if (user.storeId !== storeId) throw storeNotFound();
    return storeId;
  }
  if (request.storeId !== null && request.storeId !== storeId) throw storeNotFound();
  if (!(await findStore(db, storeId))) throw storeNotFound();
  return storeId;
}

/**
 * The store a shopper joins — the one named, or else the first open store — locked FOR SHARE
 * until the caller's transaction ends, so it cannot be closed while the account is written.
 * A named store is returned open or closed; the caller decides.
 */
export async function lockStoreForJoining(
  tx: Executor,
  id: number | undefined,
): Promise<StoreRow | undefined> {
  const [row] =
    id === undefined
      ? await tx
          .select()
          .from(stores)
          .where(eq(stores.isActive, true))
          .orderBy(asc(stores.id))
          .limit(1)
          .for('share')
      : await tx.select().from(stores).where(eq(stores.id, id)).limit(1).for('share');
  return row;
}

const duplicateName = () =>
  conflict('store.name_taken', 'A store with this name already exists', [
    { path: 'name', message: 'A store with this name already exists' },
  ]);

export async function createStore(db: Executor, input: StoreInput): Promise<StoreRow> {
  try {
    const [row] = await db
      .insert(stores)
      .values({ name: input.name, isActive: input.is_active ?? true })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

/**
 * Rename, close or reopen a store. Closing it (PRODUCT.md §2) signs out its staff and shoppers
 * in the same transaction; they may sign in again once it is reopened. A super_admin belongs
 * to no store and is never signed out by this.
 */
export async function updateStore(
  db: Database,
  id: number,
  input: Partial<StoreInput>,
): Promise<StoreRow> {
  const changes: Partial<typeof stores.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  try {
    return await db.transaction(async (tx) => {
      const [row] = Object.keys(changes).length
        ? await tx.update(stores).set(changes).where(eq(stores.id, id)).returning()
        : await tx.select().from(stores).where(eq(stores.id, id));
      if (!row) throw storeNotFound();
      if (!row.isActive) await endStoreSessions(tx, id);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}
