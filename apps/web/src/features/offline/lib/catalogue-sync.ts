/**
 * The device's copy of the store (issue 22): first downloaded in pages after sign-in, then
 * kept fresh by deltas. Every write checks, in its own transaction, that the device still holds
 * this person's and this store's catalogue — a page that arrives after a change of scope is
 * dropped, never mixed into another store's products.
 */
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { SyncCustomer, SyncProduct } from '@duka/shared/sync/sync.schemas';
import { ApiRequestError } from '@/lib/api-client';
import type { DeviceDatabase } from '../device-db';
import { getCategories } from '../api/get-categories';
import { getReceiptSettings } from '../api/get-receipt-settings';
import { getSyncCustomers, type SyncCustomersPage } from '../api/get-sync-customers';
import { getSyncProducts, type SyncProductsPage } from '../api/get-sync-products';
import {
  isDeviceMetaKey,
  META_KEYS,
  readMeta,
  sameScope,
  type CatalogueScope,
} from './catalogue-meta';

/** The catalogue's scope changed while a download ran: what it fetched is not this device's now. */
export class ScopeChangedError extends Error {
  constructor() {
    super('The device now holds another catalogue');
    this.name = 'ScopeChangedError';
  }
}

export interface CatalogueChanges {
  products: SyncProduct[];
  deletedProducts: number[];
  customersChanged: boolean;
}

/** Empties the catalogue: products, customers, categories and the catalogue's meta. */
async function clearCatalogueIn(db: DeviceDatabase, scope: CatalogueScope | null): Promise<void> {
  const tx = db.transaction(['products', 'customers', 'categories', 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  const keys = await meta.getAllKeys();
  await Promise.all([
    tx.objectStore('products').clear(),
    tx.objectStore('customers').clear(),
    tx.objectStore('categories').clear(),
    ...keys.filter((key) => !isDeviceMetaKey(key)).map((key) => meta.delete(key)),
  ]);
  if (scope) await meta.put({ key: META_KEYS.scope, value: scope });
  await tx.done;
}

/** Sign-out: the catalogue goes; the outbox, local customers and the device's number stay. */
export function clearCatalogue(db: DeviceDatabase): Promise<void> {
  return clearCatalogueIn(db, null);
}

/**
 * Makes the device hold `scope`'s catalogue: another person or store (or none yet) clears it
 * first. Answers whether it was cleared.
 */
export async function claimScope(db: DeviceDatabase, scope: CatalogueScope): Promise<boolean> {
  const current = await readMeta<unknown>(db, META_KEYS.scope);
  if (sameScope(current, scope)) return false;
  await clearCatalogueIn(db, scope);
  return true;
}

/** Writes one page in one transaction, if the device still holds `scope`'s catalogue. */
async function writePage(
  db: DeviceDatabase,
  scope: CatalogueScope,
  store: 'products' | 'customers',
  rows: readonly (SyncProduct | SyncCustomer)[],
  deleted: number[],
  cursorKey: string,
  cursor: string,
): Promise<void> {
  const tx = db.transaction([store, 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  if (!sameScope((await meta.get(META_KEYS.scope))?.value, scope)) {
    await tx.done;
    throw new ScopeChangedError();
  }
  const target = tx.objectStore(store);
  await Promise.all([
    ...rows.map((row) => target.put(row)),
    ...deleted.map((id) => target.delete(id)),
    meta.put({ key: cursorKey, value: cursor }),
  ]);
  await tx.done;
}

/**
 * A cursor the server no longer knows (400 on `since`: a restored backup, another server) means
 * starting again: the rows go and the whole store is downloaded (decisions/0012).
 */
function isStaleCursor(error: unknown, cursor: string | null): boolean {
  return cursor !== null && error instanceof ApiRequestError && error.status === 400;
}

async function restart(
  db: DeviceDatabase,
  scope: CatalogueScope,
  store: 'products' | 'customers',
  cursorKey: string,
): Promise<void> {
  const tx = db.transaction([store, 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  if (!sameScope((await meta.get(META_KEYS.scope))?.value, scope)) {
    await tx.done;
    throw new ScopeChangedError();
  }
  await Promise.all([tx.objectStore(store).clear(), meta.delete(cursorKey)]);
  await tx.done;
}

/** Pages through GET /sync/products from the stored cursor until has_more is false. */
export async function downloadProducts(
  db: DeviceDatabase,
  scope: CatalogueScope,
  onPage: (changed: SyncProduct[], deleted: number[]) => void,
  signal?: AbortSignal,
  onRestart: () => void = () => undefined,
): Promise<number> {
  let cursor = (await readMeta<string>(db, META_KEYS.productsCursor)) ?? null;
  let count = 0;
  for (;;) {
    let page: SyncProductsPage;
    try {
      page = await getSyncProducts(cursor, signal);
    } catch (error) {
      if (!isStaleCursor(error, cursor)) throw error;
      await restart(db, scope, 'products', META_KEYS.productsCursor);
      onRestart();
      cursor = null;
      continue;
    }
    await writePage(
      db,
      scope,
      'products',
      page.products,
      page.deleted,
      META_KEYS.productsCursor,
      page.cursor,
    );
    onPage(page.products, page.deleted);
    count += page.products.length + page.deleted.length;
    // A cursor that does not move would page forever: stop and catch up next time.
    if (!page.has_more || page.cursor === cursor) return count;
    cursor = page.cursor;
  }
}

/** Pages through GET /sync/customers from the stored cursor until has_more is false. */
export async function downloadCustomers(
  db: DeviceDatabase,
  scope: CatalogueScope,
  signal?: AbortSignal,
): Promise<number> {
  let cursor = (await readMeta<string>(db, META_KEYS.customersCursor)) ?? null;
  let count = 0;
  for (;;) {
    let page: SyncCustomersPage;
    try {
      page = await getSyncCustomers(cursor, signal);
    } catch (error) {
      if (!isStaleCursor(error, cursor)) throw error;
      await restart(db, scope, 'customers', META_KEYS.customersCursor);
      cursor = null;
      continue;
    }
    await writePage(
      db,
      scope,
      'customers',
      page.customers,
      page.deleted,
      META_KEYS.customersCursor,
      page.cursor,
    );
    count += page.customers.length + page.deleted.length;
    if (!page.has_more || page.cursor === cursor) return count;
    cursor = page.cursor;
  }
}

/** The store's categories (a few dozen): replaced whole each time. */
export async function downloadCategories(
  db: DeviceDatabase,
  scope: CatalogueScope,
  signal?: AbortSignal,
): Promise<void> {
  const categories = await getCategories(signal);
  const tx = db.transaction(['categories', 'meta'], 'readwrite');
  if (!sameScope((await tx.objectStore('meta').get(META_KEYS.scope))?.value, scope)) {
    await tx.done;
    throw new ScopeChangedError();
  }
  const store = tx.objectStore('categories');
  await store.clear();
  await Promise.all(categories.map((category) => store.put(category)));
  await tx.done;
}

/** The store's receipt settings, for receipts printed offline. */
export async function downloadReceiptSettings(
  db: DeviceDatabase,
  scope: CatalogueScope,
  signal?: AbortSignal,
): Promise<void> {
  const settings = await getReceiptSettings(scope.storeId, signal);
  await writeMetaInScope(db, scope, META_KEYS.receiptSettings, settings);
}

export async function writeMetaInScope(
  db: DeviceDatabase,
  scope: CatalogueScope,
  key: string,
  value: unknown,
): Promise<void> {
  const tx = db.transaction('meta', 'readwrite');
  if (!sameScope((await tx.store.get(META_KEYS.scope))?.value, scope)) {
    await tx.done;
    throw new ScopeChangedError();
  }
  await tx.store.put({ key, value });
  await tx.done;
}

export function readReceiptSettings(db: DeviceDatabase): Promise<ReceiptSettings | undefined> {
  return readMeta<ReceiptSettings>(db, META_KEYS.receiptSettings);
}
