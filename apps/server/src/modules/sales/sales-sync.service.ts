/**
 * POST /sales/sync (issue 22, docs/decisions/0012): a device uploads the sales it made while
 * offline, up to 100 at a time, oldest first. Each is a POST /sales body of its own: read by
 * createSaleSchema alone (`offline` is true unless the item says otherwise, so each needs its
 * sold_at), written by createSale in its own statement, and answered in the order sent —
 * created, replayed (its client sale id was already a sale of this store, from the same
 * request) or refused (the 4xx the same sale would get alone: its message, field and status).
 * One refused sale never stops the others. Anything else (the database gone) fails the whole
 * request with its 5xx, and the device sends the batch again later: the sales already written
 * answer `replayed`.
 */
import { createSaleSchema } from '@duka/shared/sales/sales.schemas';
import type { SyncSaleResult } from '@duka/shared/sync/sync.schemas';
import type { Database } from '../../db/client';
import { AppError, postgresErrorOf } from '../../lib/errors';
import type { AuthUser } from '../../lib/session';
import {
  checkSameSale,
  createSale,
  findSalesByClientIds,
  type ApproveDiscount,
} from './sales.service';

/** A sale refused for a value the database caught (out of range…): the batch's other sales go on. */
function refusalOf(error: unknown): Pick<SyncSaleResult, 'message' | 'field' | 'code'> | null {
  if (error instanceof AppError && error.status < 500) {
    const field = error.errors?.[0]?.path;
    return { message: error.message, ...(field ? { field } : {}), code: error.status };
  }
  if (postgresErrorOf(error)?.code.startsWith('22')) {
    return { message: 'A value in the request is invalid', code: 400 };
  }
  return null;
}

export async function syncSales(
  db: Database,
  storeId: number,
  user: Pick<AuthUser, 'id' | 'name' | 'email' | 'role'>,
  items: { client_sale_id: string }[],
  approveDiscount: ApproveDiscount,
  now: Date,
): Promise<SyncSaleResult[]> {
  const parsed = items.map((item) => createSaleSchema.safeParse({ offline: true, ...item }));
  // The batch's sales already made, in one query: a batch sent again costs no write.
  const known = await findSalesByClientIds(
    db,
    storeId,
    items.map((item) => item.client_sale_id),
  );
  const results: SyncSaleResult[] = [];
  for (const [index, item] of items.entries()) {
    const client_sale_id = item.client_sale_id;
    const read = parsed[index]!;
    if (!read.success) {
      const issue = read.error.issues[0]!;
      const field = issue.path.join('.');
      results.push({
        client_sale_id,
        status: 'refused',
        message: issue.message,
        ...(field ? { field } : {}),
        code: 400,
      });
      continue;
    }
    try {
      const earlier = known.get(client_sale_id);
      if (earlier) {
        checkSameSale(earlier, read.data);
        results.push({ client_sale_id, status: 'replayed', sale_id: earlier.id });
        continue;
      }
      const { sale, replayed } = await createSale(
        db,
        storeId,
        user,
        read.data,
        undefined,
        approveDiscount,
        now,
      );
      results.push({
        client_sale_id,
        status: replayed ? 'replayed' : 'created',
        sale_id: sale.sale.id,
      });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      results.push({ client_sale_id, status: 'refused', ...refusal });
    }
  }
  return results;
}
