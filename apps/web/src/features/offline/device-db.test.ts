// jsdom has no IndexedDB: this test runs the device database on fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDeviceDb, DEVICE_DB_NAME, openDeviceDb } from './device-db';

afterEach(async () => {
  await closeDeviceDb();
  await deleteDB(DEVICE_DB_NAME);
});

describe('device database', () => {
  it('has the stores and indexes the offline till uses', async () => {
    const db = await openDeviceDb();
    expect([...db.objectStoreNames].sort()).toEqual([
      'categories',
      'customers',
      'local_customers',
      'meta',
      'outbox',
      'products',
    ]);
    const tx = db.transaction(['products', 'outbox', 'local_customers'], 'readonly');
    expect([...tx.objectStore('products').indexNames].sort()).toEqual(['barcode', 'sku']);
    expect(tx.objectStore('products').keyPath).toBe('id');
    expect([...tx.objectStore('outbox').indexNames]).toEqual(['by_created']);
    expect(tx.objectStore('outbox').keyPath).toBe('client_sale_id');
    expect(tx.objectStore('local_customers').keyPath).toBe('client_customer_id');
    await tx.done;
  });

  it('shares one connection and opens again after closing', async () => {
    const first = openDeviceDb();
    expect(openDeviceDb()).toBe(first);
    const db = await first;
    await db.put('meta', { key: 'device_seq', value: 7 });
    await closeDeviceDb();
    const again = await openDeviceDb();
    expect(again).not.toBe(db);
    expect(await again.get('meta', 'device_seq')).toEqual({ key: 'device_seq', value: 7 });
  });

  it('finds a product by barcode and by SKU', async () => {
    const db = await openDeviceDb();
    await db.put('products', {
      id: 1,
      name: 'Sugar 1kg',
      sku: 'SUG-1',
      barcode: '6001234567890',
      category: null,
      piece_selling_price: 150,
      pack_selling_price: 0,
      dozen_selling_price: 0,
      pack_size: 1,
      stock_unit: 'piece',
      quantity: 10,
      stock_pieces: 10,
      is_active: true,
      kind: 'goods',
      thumbnail_url: null,
    });
    expect((await db.getFromIndex('products', 'barcode', '6001234567890'))?.id).toBe(1);
    expect((await db.getFromIndex('products', 'sku', 'SUG-1'))?.id).toBe(1);
  });
});
