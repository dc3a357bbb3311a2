/**
 * The device's receipt numbers (issue 22, decision 0012): a sale made on the device is numbered
 * `T<device number>-<sequence>` (T3-0042) before the server has it. The device makes its own id
 * once (a UUID kept in meta); the store gives that id a number (POST /sync/devices, the same
 * number every time for the same id); the sequence is counted on the device, one per store.
 * A device that has never reached the server for this store numbers its sales T0-… until it does.
 */
import { deviceResponseSchema } from '@duka/shared/sync/sync.schemas';
import type { IDBPTransaction, StoreNames } from 'idb';
import { openDeviceDb, type DeviceDb } from './device-db';

export const DEVICE_ID_KEY = 'device_id';
export const deviceNumberKey = (storeId: number) => `device_number:${storeId}`;
// device_…: the device's own keys, which clearing the catalogue (sign-out, another person or
// store) keeps, so a receipt number is never given twice.
export const receiptSeqKey = (storeId: number) => `device_receipt_seq:${storeId}`;
/** The number of a device that has not yet been given one by the store. */
export const UNNUMBERED_DEVICE = 0;

/** T3-0042: the device's number, then its count of sales, four digits or more. */
export function deviceReceiptNumber(deviceNumber: number, seq: number): string {
  return `T${deviceNumber}-${String(seq).padStart(4, '0')}`;
}

/** The device's own id, made once and kept. */
export async function deviceId(): Promise<string> {
  const db = await openDeviceDb();
  const tx = db.transaction('meta', 'readwrite');
  const stored = (await tx.store.get(DEVICE_ID_KEY))?.value;
  if (typeof stored === 'string') {
    await tx.done;
    return stored;
  }
  const id = crypto.randomUUID();
  await tx.store.put({ key: DEVICE_ID_KEY, value: id });
  await tx.done;
  return id;
}

/** The number the store gave this device, or null when it has none yet. */
export async function storedDeviceNumber(storeId: number): Promise<number | null> {
  const db = await openDeviceDb();
  const value = (await db.get('meta', deviceNumberKey(storeId)))?.value;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

type Post = (path: string, body: unknown) => Promise<unknown>;

/**
 * Asks the store for this device's number once (the first start online in that store) and
 * keeps it. A failure (offline, a server error) leaves the device unnumbered until the next
 * start; the sales it makes meanwhile are numbered T0-….
 */
export async function ensureDeviceNumber(storeId: number, post: Post): Promise<number | null> {
  const known = await storedDeviceNumber(storeId);
  if (known !== null) return known;
  const answer = deviceResponseSchema.parse(
    await post('/sync/devices', { device_id: await deviceId() }),
  );
  const db = await openDeviceDb();
  await db.put('meta', { key: deviceNumberKey(storeId), value: answer.data.number });
  return answer.data.number;
}

/**
 * The next receipt number of the store on this device, counted inside the caller's transaction
 * (the sale's own): a sale that is not written uses no number.
 */
export async function takeReceiptNumber(
  tx: IDBPTransaction<DeviceDb, StoreNames<DeviceDb>[], 'readwrite'>,
  storeId: number,
): Promise<string> {
  const meta = tx.objectStore('meta');
  const number = (await meta.get(deviceNumberKey(storeId)))?.value;
  const last = (await meta.get(receiptSeqKey(storeId)))?.value;
  const seq = (typeof last === 'number' ? last : 0) + 1;
  await meta.put({ key: receiptSeqKey(storeId), value: seq });
  return deviceReceiptNumber(typeof number === 'number' ? number : UNNUMBERED_DEVICE, seq);
}
