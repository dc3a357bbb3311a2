/**
 * The device's own database (issue 22, decision 0012): what the till needs to sell with no
 * connection. One IndexedDB database through `idb`; loaded lazily with the offline feature,
 * never from the app shell up front.
 *
 * - products, customers, categories: the signed-in person's store, downloaded after sign-in
 *   and kept fresh by deltas (offline-catalogue.ts). Cleared when another person signs in or
 *   another store is chosen.
 * - meta: cursors, receipt settings, the catalogue's scope { userId, storeId }, the device's id,
 *   number and receipt sequence.
 * - outbox: sales made on the device until the server has them (web-outbox). Never cleared by
 *   sign-out or a change of person or store.
 * - local_customers: customers added at the till while offline, until the server has them
 *   (the uploader sends them before the sales that name them). Never cleared either.
 */
import type { SyncCustomer, SyncProduct } from '@duka/shared/sync/sync.schemas';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxEntry } from './outbox-types';

export const DEVICE_DB_NAME = 'duka-device';
export const DEVICE_DB_VERSION = 1;

export interface DeviceCategory {
  id: number;
  name: string;
}

export interface MetaRecord {
  key: string;
  value: unknown;
}

/** A customer added at the till while offline; server_id once the server has it. */
export interface LocalCustomer {
  client_customer_id: string;
  name: string;
  phone: string | null;
  store_id: number;
  user_id: number;
  /** ISO time it was added on the device. */
  created_at: string;
  server_id: number | null;
}

export interface DeviceDb extends DBSchema {
  products: {
    key: number;
    value: SyncProduct;
    indexes: { barcode: string; sku: string };
  };
  customers: { key: number; value: SyncCustomer };
  categories: { key: number; value: DeviceCategory };
  meta: { key: string; value: MetaRecord };
  outbox: {
    key: string;
    value: OutboxEntry;
    indexes: { by_created: string };
  };
  local_customers: { key: string; value: LocalCustomer };
}

export type DeviceDatabase = IDBPDatabase<DeviceDb>;

let opening: Promise<DeviceDatabase> | null = null;

/** The device database, opened once per page and shared by every caller. */
export function openDeviceDb(): Promise<DeviceDatabase> {
  opening ??= openDB<DeviceDb>(DEVICE_DB_NAME, DEVICE_DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const products = db.createObjectStore('products', { keyPath: 'id' });
        products.createIndex('barcode', 'barcode');
        products.createIndex('sku', 'sku');
        db.createObjectStore('customers', { keyPath: 'id' });
        db.createObjectStore('categories', { keyPath: 'id' });
        db.createObjectStore('meta', { keyPath: 'key' });
        const outbox = db.createObjectStore('outbox', { keyPath: 'client_sale_id' });
        outbox.createIndex('by_created', 'created_at');
        db.createObjectStore('local_customers', { keyPath: 'client_customer_id' });
      }
    },
    // A newer release in another tab wants to upgrade: let it, and open again on next use.
    blocking() {
      void closeDeviceDb();
    },
    terminated() {
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Closes the shared connection; the next openDeviceDb() opens a new one. */
export async function closeDeviceDb(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}
