/**
 * POST /sales/sync (issue 22, docs/decisions/0012): a device uploads the sales it made while
 * offline, up to 100 at a time, oldest first. Each is a POST /sales body of its own: read by
 * createSaleSchema alone (`offline` is true unless the item says otherwise, so each needs its
 * sold_at), written by createSale in its own statement, and answered in the order sent —
 * created, replayed (its client sale id was already a sale of this store, from the same
 * request) or refused (the 4xx the same sale would get alone: its message, field and status).
 * One refused sale never stops the others. Sales that share no product are written up to four
 * at a time (runsOf); one that shares a product with an earlier sale waits for it, so the
 * stock each finds is as if they came one by one, oldest first. Anything else (the database gone) fails the whole
 * request with its 5xx, and the device sends the batch again later: the sales already written
 * answer `replayed`.
 */
import { createSaleSchema, type CreateSaleInput } from '@duka/shared/sales/sales.schemas';
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

/** At most this many of a batch's sales are written at once, each on a connection of its own. */
const SYNC_CONCURRENCY = 4;

/** What two sales of a batch must not write at once, for their order to decide the outcome. */
function resourcesOf(sale: CreateSaleInput): string[] {
  const keys = sale.items.map((line) => `product:${line.product_id}`);
  keys.push(`sale:${sale.client_sale_id}`);
  // A credit part is checked against what the customer owes: in order. (Loyalty points add up
  // the same in any order, so a cash sale to a customer needs none.)
  const credit =
    sale.payment_method === 'credit' || sale.payments?.some((part) => part.method === 'credit');
  if (credit) keys.push(`customer:${sale.customer_id}`);
  // Issue 23: an M-Pesa payment pays one sale — the older of two naming it (by id or by a
  // typed code) is written first and gets it.
  if (sale.mpesa_payment_id !== undefined) keys.push(`mpesa:${sale.mpesa_payment_id}`);
  if (sale.mpesa_code) keys.push(`mpesa-code:${sale.mpesa_code}`);
  for (const part of sale.payments ?? []) {
    if (part.mpesa_payment_id !== undefined) keys.push(`mpesa:${part.mpesa_payment_id}`);
    if (part.mpesa_code) keys.push(`mpesa-code:${part.mpesa_code}`);
  }
  return keys;
}

/**
 * The sales to write, cut into consecutive runs in which no two share a product, a client id
 * or a customer's credit: a run's sales may be written together (their stock, and so their
 * review reasons, are the same in any order), and a sale that shares anything with an earlier
 * one is written after it — as if one by one, oldest first.
 */
function runsOf<T extends { sale: CreateSaleInput }>(writes: T[]): T[][] {
  const runs: T[][] = [];
  let taken = new Set<string>();
  for (const write of writes) {
    const keys = resourcesOf(write.sale);
    const current = runs.at(-1);
    if (!current || current.length === SYNC_CONCURRENCY || keys.some((key) => taken.has(key))) {
      runs.push([write]);
      taken = new Set(keys);
    } else {
      current.push(write);
      for (const key of keys) taken.add(key);
    }
  }
  return runs;
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
  const writes: { index: number; sale: CreateSaleInput }[] = [];
  for (const [index, item] of items.entries()) {
    const client_sale_id = item.client_sale_id;
    const read = parsed[index]!;
    if (!read.success) {
      const issue = read.error.issues[0]!;
      const field = issue.path.join('.');
      results[index] = {
        client_sale_id,
        status: 'refused',
        message: issue.message,
        ...(field ? { field } : {}),
        code: 400,
      };
      continue;
    }
    const earlier = known.get(client_sale_id);
    if (!earlier) {
      writes.push({ index, sale: read.data });
      continue;
    }
    try {
      checkSameSale(earlier, read.data);
      results[index] = { client_sale_id, status: 'replayed', sale_id: earlier.id };
    } catch (error) {
      results[index] = { client_sale_id, status: 'refused', ...refusalOf(error)! };
    }
  }

  for (const run of runsOf(writes)) {
    const outcomes = await Promise.allSettled(
      run.map(({ sale }) => createSale(db, storeId, user, sale, undefined, approveDiscount, now)),
    );
    for (const [position, outcome] of outcomes.entries()) {
      const { index, sale } = run[position]!;
      const client_sale_id = sale.client_sale_id!;
      if (outcome.status === 'fulfilled') {
        const { sale: written, replayed } = outcome.value;
        results[index] = {
          client_sale_id,
          status: replayed ? 'replayed' : 'created',
          sale_id: written.sale.id,
        };
        continue;
      }
      const refusal = refusalOf(outcome.reason);
      // Not a refusal (the database gone): the whole request fails, and the device sends the
      // batch again; what was written answers `replayed` then.
      if (!refusal) throw outcome.reason;
      results[index] = { client_sale_id, status: 'refused', ...refusal };
    }
  }
  return results;
}
