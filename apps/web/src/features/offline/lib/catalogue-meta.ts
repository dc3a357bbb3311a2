/**
 * What the device keeps in `meta` about its catalogue (issue 22). Keys starting with `device_`
 * belong to the device itself (its id, number and receipt sequence, web-outbox) and survive a
 * change of person or store; every other key belongs to the catalogue and goes with it.
 */
import type { DeviceDatabase } from '../device-db';

/** Whose catalogue the device holds: it is cleared when either changes. */
export interface CatalogueScope {
  userId: number;
  storeId: number;
}

export const META_KEYS = {
  scope: 'catalogue_scope',
  productsCursor: 'products_cursor',
  customersCursor: 'customers_cursor',
  receiptSettings: 'receipt_settings',
  /** ISO time of the last complete catch-up with the server. */
  syncedAt: 'catalogue_synced_at',
} as const;

export const DEVICE_META_PREFIX = 'device_';

export function isDeviceMetaKey(key: string): boolean {
  return key.startsWith(DEVICE_META_PREFIX);
}

export function sameScope(a: unknown, b: CatalogueScope): boolean {
  if (typeof a !== 'object' || a === null) return false;
  const scope = a as Partial<CatalogueScope>;
  return scope.userId === b.userId && scope.storeId === b.storeId;
}

export async function readMeta<T>(db: DeviceDatabase, key: string): Promise<T | undefined> {
  return (await db.get('meta', key))?.value as T | undefined;
}

export async function readScope(db: DeviceDatabase): Promise<CatalogueScope | null> {
  const value = await readMeta<CatalogueScope>(db, META_KEYS.scope);
  return value && typeof value.userId === 'number' && typeof value.storeId === 'number'
    ? value
    : null;
}
