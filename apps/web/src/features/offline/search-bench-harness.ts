/**
 * The page the offline-search bench (bench/src/offline-search.ts) opens in Chromium: the real
 * device database and the real search, with the products the bench hands it. Not part of the
 * app's build (nothing in the app imports it).
 */
import type { SyncProduct } from '@duka/shared/sync/sync.schemas';
import { openDeviceDb } from './device-db';
import { META_KEYS } from './lib/catalogue-meta';
import { searchDeviceProducts } from './offline-catalogue';

export interface SearchBench {
  /** Writes products into the device's store, as a download does (one transaction a page). */
  store(products: SyncProduct[]): Promise<number>;
  /** The first offline search: the products read from IndexedDB into memory; ms. */
  firstSearch(text: string): Promise<number>;
  /** Each query as the till's grid asks it (goods, 12 a page); ms per query. */
  run(queries: string[]): Promise<number[]>;
}

const bench: SearchBench = {
  async store(products) {
    const db = await openDeviceDb();
    const tx = db.transaction(['products', 'meta'], 'readwrite');
    await Promise.all([
      ...products.map((product) => tx.objectStore('products').put(product)),
      tx.objectStore('meta').put({ key: META_KEYS.scope, value: { userId: 1, storeId: 1 } }),
      tx.objectStore('meta').put({ key: META_KEYS.syncedAt, value: new Date().toISOString() }),
    ]);
    await tx.done;
    return db.count('products');
  },
  async firstSearch(text) {
    const started = performance.now();
    await searchDeviceProducts(text, { kind: 'goods', limit: 12 });
    return performance.now() - started;
  },
  async run(queries) {
    const times: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      const { products } = await searchDeviceProducts(query, { kind: 'goods', limit: 12 });
      times.push(performance.now() - started);
      if (products.length === 0) throw new Error(`no product found for "${query}"`);
    }
    return times;
  },
};

(window as unknown as { searchBench: SearchBench }).searchBench = bench;
