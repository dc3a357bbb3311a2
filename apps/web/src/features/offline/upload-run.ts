/**
 * One upload of the outbox (issue 22, decision 0012), run by the device's one uploader while it
 * holds the Web Lock (uploader.ts): the signed-in person's waiting sales of the acting store go
 * to POST /sales/sync oldest first, at most 100 a request. A customer added offline is created
 * first (POST /customers with its client id, so a retry never adds them twice) and the sale
 * goes with the server's id. Each result is applied as the server gave it: created or replayed
 * → sent with the sale's id; refused → refused with the reason, kept for Retry or export.
 * A network failure or a 5xx puts the batch back to waiting; the caller backs off.
 */
import { customerSchema } from '@duka/shared/customers/customers.schemas';
import { SYNC_SALES_MAX, syncSalesResponseSchema } from '@duka/shared/sync/sync.schemas';
import { z } from 'zod';
import { ApiRequestError } from '@/lib/api-client';
import { openDeviceDb } from './device-db';
import { moveState, outboxOldestFirst, updateEntries, type EntryChange } from './outbox';
import type { OutboxEntry, OutboxSalePayload } from './outbox-types';

/** Who is signed in on the device now, and the store they act on. */
export interface UploadSession {
  userId: number;
  userName: string;
  storeId: number;
}

export type Post = (path: string, body: unknown) => Promise<unknown>;

export interface RunOutcome {
  /** done: nothing more could be sent now; failed: retry later (backoff); skipped: not run. */
  kind: 'done' | 'failed' | 'skipped';
  /** The person's sales still waiting after the run. */
  remaining: number;
}

/** A failure worth retrying: no answer (offline, timeout) or the server's own trouble. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** The sales this session may upload now: its own person's, of the store it acts on. */
export function uploadable(entry: OutboxEntry, session: UploadSession): boolean {
  return (
    entry.state === 'waiting' &&
    entry.user_id === session.userId &&
    entry.store_id === session.storeId
  );
}

const customerResponseSchema = z.object({ data: customerSchema.pick({ id: true }) });

class EntryRefused extends Error {}

/**
 * The payload of `entry` with its customer's server id. A customer added offline is created
 * once (its server id kept in local_customers); one the server refuses (4xx) refuses the sale.
 */
async function withServerCustomer(entry: OutboxEntry, post: Post): Promise<OutboxSalePayload> {
  if (entry.local_customer_id === null) return entry.payload;
  const db = await openDeviceDb();
  const local = await db.get('local_customers', entry.local_customer_id);
  if (!local) throw new EntryRefused('The customer added on this device is no longer on it');
  let serverId = local.server_id;
  if (serverId === null) {
    try {
      const answer = await post('/customers', {
        name: local.name,
        ...(local.phone ? { phone: local.phone } : {}),
        client_customer_id: local.client_customer_id,
      });
      serverId = customerResponseSchema.parse(answer).data.id;
    } catch (error) {
      if (error instanceof ApiRequestError && !isRetryable(error) && error.status !== 401) {
        const field = error.errors[0]?.message;
        throw new EntryRefused(field ?? error.serverMessage ?? error.message);
      }
      throw error;
    }
    const tx = db.transaction('local_customers', 'readwrite');
    const current = await tx.store.get(local.client_customer_id);
    if (current) await tx.store.put({ ...current, server_id: serverId });
    await tx.done;
  }
  return { ...entry.payload, customer_id: serverId };
}

/**
 * Uploads the session's waiting sales, batch after batch, until none is left or a request
 * fails. The caller holds the device's upload lock, so an entry found 'sending' was left so by
 * a tab that closed mid-upload: it goes back to waiting (the server replays what it has).
 */
export async function uploadWaiting(session: UploadSession, post: Post): Promise<RunOutcome> {
  await moveState('sending', 'waiting');
  const remaining = async () =>
    (await outboxOldestFirst()).filter((entry) => uploadable(entry, session)).length;

  for (;;) {
    const batch = (await outboxOldestFirst())
      .filter((entry) => uploadable(entry, session))
      .slice(0, SYNC_SALES_MAX);
    if (batch.length === 0) return { kind: 'done', remaining: 0 };

    // Customers added offline first, so each sale goes with its real customer id.
    const refused = new Map<string, EntryChange>();
    const ready: { entry: OutboxEntry; payload: OutboxSalePayload }[] = [];
    try {
      for (const entry of batch) {
        try {
          ready.push({ entry, payload: await withServerCustomer(entry, post) });
        } catch (error) {
          if (!(error instanceof EntryRefused)) throw error;
          refused.set(entry.client_sale_id, { state: 'refused', message: error.message });
        }
      }
    } catch {
      await updateEntries(refused);
      return { kind: 'failed', remaining: await remaining() };
    }
    await updateEntries(refused);
    if (ready.length === 0) continue;

    await updateEntries(
      new Map(ready.map(({ entry }) => [entry.client_sale_id, { state: 'sending' as const }])),
    );
    let results: z.infer<typeof syncSalesResponseSchema>['results'];
    try {
      const answer = await post('/sales/sync', {
        // Whose sales these are: the server refuses the batch (409) when the browser's session
        // (its cookie, shared by every tab) is now someone else's.
        user_id: session.userId,
        sales: ready.map(({ payload }) => payload),
      });
      results = syncSalesResponseSchema.parse(answer).results;
    } catch {
      // No answer, the server's trouble, or one we cannot read: the whole batch waits again
      // (sent again, the server replays what it recorded).
      await updateEntries(
        new Map(ready.map(({ entry }) => [entry.client_sale_id, { state: 'waiting' as const }])),
      );
      return { kind: 'failed', remaining: await remaining() };
    }

    const byId = new Map(results.map((result) => [result.client_sale_id.toLowerCase(), result]));
    const changes = new Map<string, EntryChange>();
    let progressed = false;
    for (const { entry, payload } of ready) {
      const result = byId.get(entry.client_sale_id.toLowerCase());
      if (!result) {
        changes.set(entry.client_sale_id, { state: 'waiting' });
      } else if (result.status === 'refused') {
        progressed = true;
        changes.set(entry.client_sale_id, {
          state: 'refused',
          message: result.message ?? 'Refused by the server',
        });
      } else {
        progressed = true;
        // The customer's server id stays in the payload: Retry or a later look needs no mapping.
        changes.set(entry.client_sale_id, {
          state: 'sent',
          sale_id: result.sale_id ?? null,
          message: null,
          payload,
        });
      }
    }
    await updateEntries(changes);
    if (!progressed) return { kind: 'failed', remaining: await remaining() };
  }
}
