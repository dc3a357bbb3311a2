/**
 * The store's catalogue on the device (issue 22, decision 0012 "Device data"): what the till
 * sells from with no connection. Loaded with import() only (it brings IndexedDB and `idb`).
 *
 * - startCatalogueSync({ userId, storeId }) after sign-in (app/ calls it for staff): downloads
 *   the store's products and customers in pages, its categories and receipt settings, then
 *   catches up by deltas every 5 minutes and when the connection returns. Another person or
 *   store clears the catalogue first; the outbox and local customers are never touched.
 * - clearDeviceCatalogue() at sign-out.
 * - searchDeviceProducts / findByBarcode / searchDeviceCustomers / addLocalCustomer: the till's
 *   search, scanner and customer selector while offline.
 */
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { SyncProduct } from '@duka/shared/sync/sync.schemas';
import { isNetworkFailure } from '@/lib/api-client';
import { openDeviceDb } from './device-db';
import { META_KEYS, readMeta, sameScope, type CatalogueScope } from './lib/catalogue-meta';
import {
  claimScope,
  clearCatalogue,
  downloadCategories,
  downloadCustomers,
  downloadProducts,
  downloadReceiptSettings,
  readReceiptSettings,
  ScopeChangedError,
  writeMetaInScope,
} from './lib/catalogue-sync';
import { deviceProductIndex, productsChanged, productsReset } from './lib/device-products';
import type { ProductSearchOptions, ProductSearchResult } from './lib/product-index';

export type { CatalogueScope } from './lib/catalogue-meta';
export {
  addLocalCustomer,
  isLocalPlaceholderId,
  searchDeviceCustomers,
  type DeviceCustomer,
  type LocalCustomerInput,
} from './lib/device-customers';

/** How often the device catches up with the server while a staff page is open. */
export const CATALOGUE_REFRESH_MS = 5 * 60 * 1000;

export interface CatalogueSyncResult {
  /** Products and customers written or removed by this catch-up. */
  products: number;
  customers: number;
  /** The device held another person's or store's catalogue, now cleared. */
  cleared: boolean;
}

let running: { scope: CatalogueScope; done: Promise<CatalogueSyncResult | null> } | null = null;

async function catchUp(scope: CatalogueScope, signal?: AbortSignal): Promise<CatalogueSyncResult> {
  const db = await openDeviceDb();
  const cleared = await claimScope(db, scope);
  if (cleared) productsReset();
  const products = await downloadProducts(db, scope, productsChanged, signal, productsReset);
  const customers = await downloadCustomers(db, scope, signal);
  await downloadCategories(db, scope, signal);
  await downloadReceiptSettings(db, scope, signal);
  await writeMetaInScope(db, scope, META_KEYS.syncedAt, new Date().toISOString());
  return { products, customers, cleared };
}

/** One tab at a time catches up (Web Locks); the others find the lock held and skip. */
function withDeviceLock<T>(work: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  // lib.dom types the callback's promise as the answer's value; the lock resolves it.
  const held: Promise<Promise<T | null>> = locks.request(
    'duka-catalogue-sync',
    { ifAvailable: true },
    (lock) => (lock ? work() : Promise.resolve(null)),
  );
  return held.then((answer) => answer);
}

/**
 * Brings the device's catalogue up to date for `scope` (the whole store the first time, what
 * changed since the stored cursors after that). Answers null when another tab or call is doing
 * it already. Throws what failed (offline: a TypeError from fetch, see isNetworkFailure).
 */
export function syncCatalogue(
  scope: CatalogueScope,
  signal?: AbortSignal,
): Promise<CatalogueSyncResult | null> {
  if (running && sameScope(running.scope, scope)) return running.done;
  // Another scope's catch-up is stopping (its writes check the scope): start after it.
  const before = running?.done.catch(() => null) ?? Promise.resolve(null);
  const current = {
    scope,
    done: before.then(() => withDeviceLock(() => catchUp(scope, signal))),
  };
  running = current;
  void current.done
    .catch(() => null)
    .then(() => {
      if (running === current) running = null;
    });
  return current.done;
}

/** Asks the browser to keep the device's data under storage pressure (once per page). */
let persistAsked = false;
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (persistAsked || !storage?.persist) return false;
  persistAsked = true;
  try {
    return (await storage.persisted?.()) || (await storage.persist());
  } catch {
    return false;
  }
}

interface SyncSession {
  scope: CatalogueScope;
  users: number;
  /** Pending end after the last user left (a page change starts a new user at once). */
  ending: ReturnType<typeof setTimeout> | null;
  end: () => void;
}

let session: SyncSession | null = null;

/** How long the catch-up outlives its last user: the next page of the app takes it over. */
const HANDOVER_MS = 2000;

function beginSession(scope: CatalogueScope): SyncSession {
  const controller = new AbortController();
  const run = () => {
    if (controller.signal.aborted) return;
    syncCatalogue(scope, controller.signal).catch((error: unknown) => {
      // Offline or stopped: the next tick or the `online` event tries again.
      if (controller.signal.aborted || isNetworkFailure(error)) return;
      if (error instanceof ScopeChangedError) return;
      console.warn('Could not bring the device catalogue up to date:', error);
    });
  };
  void requestPersistentStorage();
  run();
  const timer = setInterval(run, CATALOGUE_REFRESH_MS);
  window.addEventListener('online', run);
  const current: SyncSession = {
    scope,
    users: 0,
    ending: null,
    end: () => {
      controller.abort();
      clearInterval(timer);
      window.removeEventListener('online', run);
      if (current.ending) clearTimeout(current.ending);
      if (session === current) session = null;
    },
  };
  return current;
}

/**
 * Keeps the device's catalogue for `scope` fresh while a staff page is open: now, every
 * CATALOGUE_REFRESH_MS and on the `online` event. Answers the release function; the catch-up
 * ends shortly after its last user releases it. Another scope ends the previous catch-up.
 */
export function startCatalogueSync(scope: CatalogueScope): () => void {
  if (!session || !sameScope(session.scope, scope)) {
    session?.end();
    session = beginSession(scope);
  }
  const current = session;
  current.users += 1;
  if (current.ending) {
    clearTimeout(current.ending);
    current.ending = null;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    current.users -= 1;
    if (current.users === 0 && session === current) {
      current.ending = setTimeout(current.end, HANDOVER_MS);
    }
  };
}

/**
 * Sign-out: stops catching up and removes the catalogue (products, customers, categories,
 * cursors, receipt settings). Unsent sales, local customers and the device's number stay.
 */
export async function clearDeviceCatalogue(): Promise<void> {
  session?.end();
  await clearCatalogue(await openDeviceDb());
  productsReset();
}

/** The device's products matching `text` (exact barcode or SKU first); active ones only. */
export async function searchDeviceProducts(
  text: string,
  options: ProductSearchOptions = {},
): Promise<ProductSearchResult> {
  return (await deviceProductIndex()).search(text, options);
}

/** The active product whose barcode or SKU is exactly `code` (a scan), or null. */
export async function findByBarcode(code: string): Promise<SyncProduct | null> {
  return (await deviceProductIndex()).findByCode(code);
}

/** The receipt settings kept for the device's store, for a receipt printed offline. */
export async function getDeviceReceiptSettings(): Promise<ReceiptSettings | undefined> {
  return readReceiptSettings(await openDeviceDb());
}

/** When the device last caught up completely (ISO), or undefined if never. */
export async function catalogueSyncedAt(): Promise<string | undefined> {
  return readMeta<string>(await openDeviceDb(), META_KEYS.syncedAt);
}
