/**
 * The outbox (issue 22, decision 0012): every sale the till could not hand to the server is kept
 * on the device, in IndexedDB, until the server has it. The sale (its POST body) and its outbox
 * row are one record written in one transaction with the receipt number it takes, so a sale is
 * either kept whole with its number or not at all. States: waiting → sending → sent | refused.
 * Sent entries stay a week (the receipt shows the sale's number); refused ones stay until
 * retried or exported.
 */
import { openDeviceDb } from './device-db';
import { takeReceiptNumber } from './device-number';
import type { LocalReceiptInfo, OutboxEntry, OutboxSalePayload, OutboxState } from './outbox-types';

/** How long an uploaded sale stays on the device for its receipt. */
export const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface EnqueueSaleInput {
  /** The till's sale with the id and time of its checkout (the same ones a failed request sent). */
  payload: Omit<OutboxSalePayload, 'offline' | 'device_receipt_number' | 'total'> & {
    total: number;
  };
  /** Who made the sale: it uploads only under their session. */
  user: { id: number; name: string };
  storeId: number;
  /** A customer added on the device while offline (local_customers), else null. */
  localCustomerId: string | null;
  receipt: LocalReceiptInfo;
}

/**
 * Keeps a sale on the device: the payload, marked offline with its device receipt number, and
 * its outbox row, in one transaction with the device's receipt sequence. The same checkout kept
 * twice (a double submit) is kept once: the first entry is returned.
 */
export async function enqueueSale(input: EnqueueSaleInput): Promise<OutboxEntry> {
  const db = await openDeviceDb();
  const tx = db.transaction(['outbox', 'meta'], 'readwrite');
  try {
    const outbox = tx.objectStore('outbox');
    const existing = await outbox.get(input.payload.client_sale_id);
    if (existing) {
      await tx.done;
      return existing;
    }
    const deviceReceiptNumber = await takeReceiptNumber(tx, input.storeId);
    // Strictly after the last entry, even within one millisecond or with the clock set back:
    // the upload order is the order the sales were made in.
    const last = await outbox.index('by_created').openCursor(null, 'prev');
    const lastTime = last ? Date.parse(last.value.created_at) : Number.NEGATIVE_INFINITY;
    const createdAt = new Date(Math.max(Date.now(), lastTime + 1)).toISOString();
    const payload: OutboxSalePayload = {
      ...input.payload,
      // A customer made offline has no server id yet: the uploader puts it in.
      customer_id: input.localCustomerId === null ? input.payload.customer_id : null,
      offline: true,
      device_receipt_number: deviceReceiptNumber,
    };
    const entry: OutboxEntry = {
      client_sale_id: input.payload.client_sale_id,
      state: 'waiting',
      created_at: createdAt,
      sold_at: input.payload.sold_at,
      total: input.payload.total,
      user_id: input.user.id,
      user_name: input.user.name,
      store_id: input.storeId,
      device_receipt_number: deviceReceiptNumber,
      message: null,
      sale_id: null,
      local_customer_id: input.localCustomerId,
      receipt: input.receipt,
      payload,
    };
    await outbox.put(entry);
    await tx.done;
    return entry;
  } catch (error) {
    // Nothing of it stays, the receipt number included.
    try {
      tx.abort();
    } catch {
      // Already finished or aborted.
    }
    await tx.done.catch(() => undefined);
    throw error;
  }
}

/** Every entry, oldest first (the upload order). */
export async function outboxOldestFirst(): Promise<OutboxEntry[]> {
  const db = await openDeviceDb();
  return db.getAllFromIndex('outbox', 'by_created');
}

export async function getOutboxEntry(clientSaleId: string): Promise<OutboxEntry | undefined> {
  const db = await openDeviceDb();
  return db.get('outbox', clientSaleId);
}

export type EntryChange = Partial<Pick<OutboxEntry, 'state' | 'message' | 'sale_id' | 'payload'>>;

/** Changes several entries in one transaction; an entry gone meanwhile is skipped. */
export async function updateEntries(changes: ReadonlyMap<string, EntryChange>): Promise<void> {
  if (changes.size === 0) return;
  const db = await openDeviceDb();
  const tx = db.transaction('outbox', 'readwrite');
  for (const [id, change] of changes) {
    const entry = await tx.store.get(id);
    if (entry) await tx.store.put({ ...entry, ...change });
  }
  await tx.done;
}

/** Puts every entry in `from` back to `to` (a tab that died while sending left them so). */
export async function moveState(from: OutboxState, to: OutboxState): Promise<number> {
  const db = await openDeviceDb();
  const tx = db.transaction('outbox', 'readwrite');
  let moved = 0;
  for (const entry of await tx.store.getAll()) {
    if (entry.state !== from) continue;
    await tx.store.put({ ...entry, state: to });
    moved += 1;
  }
  await tx.done;
  return moved;
}

/** Forgets uploaded sales older than a week; waiting and refused ones are never removed. */
export async function pruneSent(now = Date.now()): Promise<void> {
  const db = await openDeviceDb();
  const tx = db.transaction('outbox', 'readwrite');
  for (const entry of await tx.store.getAll()) {
    if (entry.state === 'sent' && now - Date.parse(entry.created_at) > SENT_KEPT_MS) {
      await tx.store.delete(entry.client_sale_id);
    }
  }
  await tx.done;
}
