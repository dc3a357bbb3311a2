/**
 * The device's products in memory, for offline search: read from IndexedDB once, on the first
 * offline search of the page, then kept in step with every delta this tab writes. Another tab's
 * writes (it downloads while this one sells) are announced on a BroadcastChannel: the next
 * search reads the device again.
 */
import type { SyncProduct } from '@duka/shared/sync/sync.schemas';
import { openDeviceDb } from '../device-db';
import { ProductIndex } from './product-index';

const CHANNEL = 'duka-device-catalogue';

let loading: Promise<ProductIndex> | null = null;
let channel: BroadcastChannel | null = null;

function listen(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => {
    loading = null;
  };
}

/** The index of the device's products, loaded on first use. */
export function deviceProductIndex(): Promise<ProductIndex> {
  listen();
  loading ??= openDeviceDb()
    .then((db) => db.getAll('products'))
    .then((products) => new ProductIndex(products))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** This tab wrote a delta: the loaded index takes it, other tabs reload theirs. */
export function productsChanged(changed: readonly SyncProduct[], deleted: readonly number[]): void {
  if (changed.length === 0 && deleted.length === 0) return;
  void loading?.then((index) => index.apply(changed, deleted)).catch(() => undefined);
  announce();
}

/** The catalogue was cleared or replaced: forget the index here and in other tabs. */
export function productsReset(): void {
  loading = null;
  announce();
}

function announce(): void {
  listen();
  channel?.postMessage('changed');
}
