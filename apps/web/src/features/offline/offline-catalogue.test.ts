// jsdom has no IndexedDB: these tests run the device database on fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { RECEIPT_DEFAULTS } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { SyncCustomer, SyncProduct } from '@duka/shared/sync/sync.schemas';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { closeDeviceDb, DEVICE_DB_NAME, openDeviceDb } from './device-db';
import { META_KEYS } from './lib/catalogue-meta';
import { syncCustomer, syncProduct } from './lib/test-products';
import {
  addLocalCustomer,
  clearDeviceCatalogue,
  findByBarcode,
  getDeviceReceiptSettings,
  searchDeviceCustomers,
  searchDeviceProducts,
  startCatalogueSync,
  syncCatalogue,
} from './offline-catalogue';
import type { OutboxEntry } from './outbox-types';

interface Page<T> {
  /** An error answer instead of the page (400: the cursor is not valid). */
  status?: number;
  rows: T[];
  deleted?: number[];
  cursor: string;
  has_more: boolean;
}

let productPages: Page<SyncProduct>[];
let customerPages: Page<SyncCustomer>[];
let categories: { id: number; name: string }[];
let receiptStatus: number;
let requests: URL[];
/** While set, GET /sync/products waits for it (a page on its way). */
let productGate: Promise<void> | null;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  productPages = [];
  customerPages = [];
  categories = [];
  receiptStatus = 404;
  requests = [];
  productGate = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://till.test');
      requests.push(url);
      if (url.pathname === '/api/sync/products') {
        if (productGate) await productGate;
        const page = productPages.shift();
        if (!page) throw new Error(`unexpected ${input}`);
        if (page.status)
          return json({ success: false, message: 'Cursor is not valid' }, page.status);
        return json({
          products: page.rows,
          deleted: page.deleted ?? [],
          cursor: page.cursor,
          has_more: page.has_more,
        });
      }
      if (url.pathname === '/api/sync/customers') {
        const page = customerPages.shift() ?? { rows: [], cursor: '0', has_more: false };
        return json({
          customers: page.rows,
          deleted: page.deleted ?? [],
          cursor: page.cursor,
          has_more: page.has_more,
        });
      }
      if (url.pathname === '/api/categories') return json(categories);
      if (url.pathname.endsWith('/receipt-settings')) {
        return receiptStatus === 200
          ? json({ success: true, data: { ...RECEIPT_DEFAULTS, business_name: 'Mama Mboga' } })
          : json({ success: false, message: 'Not found' }, receiptStatus);
      }
      throw new Error(`unexpected ${input}`);
    }),
  );
});

afterEach(async () => {
  await closeDeviceDb();
  await deleteDB(DEVICE_DB_NAME);
});

const scope = { userId: 7, storeId: 1 };
const productCalls = () => requests.filter((url) => url.pathname === '/api/sync/products');

function outboxEntry(id: string): OutboxEntry {
  return {
    client_sale_id: id,
    state: 'waiting',
    created_at: '2026-11-26T10:00:00.000Z',
    sold_at: '2026-11-26T13:00:00+03:00',
    total: 100,
    user_id: 7,
    user_name: 'Achieng',
    store_id: 1,
    device_receipt_number: 'T3-0001',
    message: null,
    sale_id: null,
    local_customer_id: null,
    receipt: { lines: [{ name: 'Jogoo Maize Flour 2kg', sku: 'JOG-2KG' }], customer: null },
    payload: {
      items: [{ product_id: 1, quantity: 1, unit_price: 100, total: 100, unit_type: 'piece' }],
      total: 100,
      customer_id: null,
      client_sale_id: id,
      sold_at: '2026-11-26T13:00:00+03:00',
      offline: true,
      device_receipt_number: 'T3-0001',
    },
  };
}

describe('catalogue download', () => {
  it('pages through every product with the largest page, then catches up from the cursor', async () => {
    productPages = [
      { rows: [syncProduct(1), syncProduct(2)], cursor: '10', has_more: true },
      { rows: [syncProduct(3)], cursor: '12', has_more: false },
    ];
    customerPages = [
      {
        rows: [syncCustomer(1, { is_walk_in: true, name: 'Walk-in Customer' })],
        cursor: '4',
        has_more: false,
      },
    ];
    categories = [{ id: 5, name: 'Flour' }];
    receiptStatus = 200;

    expect(await syncCatalogue(scope)).toEqual({ products: 3, customers: 1, cleared: true });
    expect(
      productCalls().map((url) => [url.searchParams.get('since'), url.searchParams.get('limit')]),
    ).toEqual([
      [null, '5000'],
      ['10', '5000'],
    ]);
    const db = await openDeviceDb();
    expect(await db.count('products')).toBe(3);
    expect(await db.getAll('categories')).toEqual([{ id: 5, name: 'Flour' }]);
    expect((await db.get('meta', META_KEYS.productsCursor))?.value).toBe('12');
    expect((await db.get('meta', META_KEYS.customersCursor))?.value).toBe('4');
    expect((await getDeviceReceiptSettings())?.business_name).toBe('Mama Mboga');

    // The delta: one renamed, one deactivated, one deleted.
    productPages = [
      {
        rows: [syncProduct(1, { name: 'Sugar 2kg' }), syncProduct(2, { is_active: false })],
        deleted: [3],
        cursor: '15',
        has_more: false,
      },
    ];
    expect(await syncCatalogue(scope)).toEqual({ products: 3, customers: 0, cleared: false });
    expect(productCalls().at(-1)?.searchParams.get('since')).toBe('12');
    expect(await db.get('products', 3)).toBeUndefined();
    expect((await db.get('products', 2))?.is_active).toBe(false);
    expect((await searchDeviceProducts('')).products.map((p) => p.name)).toEqual(['Sugar 2kg']);
    expect(await findByBarcode(syncProduct(2).barcode!)).toBeNull();
  });

  it('keeps a loaded search index in step with deltas', async () => {
    productPages = [{ rows: [syncProduct(1, { name: 'Tea' })], cursor: '1', has_more: false }];
    await syncCatalogue(scope);
    expect((await searchDeviceProducts('tea')).total).toBe(1);
    productPages = [
      { rows: [syncProduct(2, { name: 'Tea Bags' })], deleted: [1], cursor: '2', has_more: false },
    ];
    await syncCatalogue(scope);
    expect((await searchDeviceProducts('tea')).products.map((p) => p.id)).toEqual([2]);
  });

  it('downloads everything again when the server no longer knows the cursor (400)', async () => {
    productPages = [{ rows: [syncProduct(1), syncProduct(2)], cursor: '10', has_more: false }];
    await syncCatalogue(scope);
    expect((await searchDeviceProducts('')).total).toBe(2);
    productPages = [
      { status: 400, rows: [], cursor: '', has_more: false },
      { rows: [syncProduct(2)], cursor: '3', has_more: false },
    ];
    await syncCatalogue(scope);
    expect(
      productCalls()
        .slice(-2)
        .map((url) => url.searchParams.get('since')),
    ).toEqual(['10', null]);
    const db = await openDeviceDb();
    expect((await db.getAll('products')).map((p) => p.id)).toEqual([2]);
    expect((await db.get('meta', META_KEYS.productsCursor))?.value).toBe('3');
    expect((await searchDeviceProducts('')).products.map((p) => p.id)).toEqual([2]);
  });

  it('gives the receipt defaults when the store has none (404)', async () => {
    productPages = [{ rows: [], cursor: '0', has_more: false }];
    await syncCatalogue(scope);
    expect(await getDeviceReceiptSettings()).toEqual(RECEIPT_DEFAULTS);
  });

  it('refuses an answer that is not the contract, and stores nothing of it', async () => {
    productPages = [
      {
        rows: [{ ...syncProduct(1), piece_selling_price: 'free' } as never],
        cursor: '1',
        has_more: false,
      },
    ];
    await expect(syncCatalogue(scope)).rejects.toThrow();
    expect(await (await openDeviceDb()).count('products')).toBe(0);
  });
});

describe('whose catalogue the device holds', () => {
  async function fill() {
    productPages = [{ rows: [syncProduct(1)], cursor: '1', has_more: false }];
    customerPages = [{ rows: [syncCustomer(1)], cursor: '1', has_more: false }];
    categories = [{ id: 1, name: 'Drinks' }];
    await syncCatalogue(scope);
    const db = await openDeviceDb();
    await db.put('outbox', outboxEntry('0b1e0f3c-7c1d-4c1e-9d6a-1c2b3a4d5e6f'));
    await db.put('meta', { key: 'device_seq', value: 41 });
    await addLocalCustomer({ name: 'Wanjiku', phone: '0712345678' });
    return db;
  }

  it('another person clears the catalogue but keeps the outbox, local customers and device number', async () => {
    const db = await fill();
    productPages = [{ rows: [syncProduct(9)], cursor: '3', has_more: false }];
    categories = [];
    expect((await syncCatalogue({ userId: 8, storeId: 1 }))?.cleared).toBe(true);
    // Downloaded again from the start, not from the other person's cursor.
    expect(productCalls().at(-1)?.searchParams.get('since')).toBeNull();
    expect((await db.getAll('products')).map((p) => p.id)).toEqual([9]);
    expect(await db.count('customers')).toBe(0);
    expect(await db.count('categories')).toBe(0);
    expect(await db.count('outbox')).toBe(1);
    expect(await db.count('local_customers')).toBe(1);
    expect((await db.get('meta', 'device_seq'))?.value).toBe(41);
    expect((await db.get('meta', META_KEYS.scope))?.value).toEqual({ userId: 8, storeId: 1 });
  });

  it('another store clears it too, and the search forgets the old products', async () => {
    await fill();
    expect((await searchDeviceProducts('product')).total).toBe(1);
    productPages = [{ rows: [], cursor: '0', has_more: false }];
    await syncCatalogue({ userId: 7, storeId: 2 });
    expect((await searchDeviceProducts('product')).total).toBe(0);
    // The other store's local customer is not offered here.
    expect((await searchDeviceCustomers('wanjiku')).length).toBe(0);
  });

  it('sign-out clears the catalogue and nothing else', async () => {
    const db = await fill();
    await clearDeviceCatalogue();
    expect(await db.count('products')).toBe(0);
    expect(await db.count('customers')).toBe(0);
    expect(await db.get('meta', META_KEYS.scope)).toBeUndefined();
    expect(await db.get('meta', META_KEYS.productsCursor)).toBeUndefined();
    expect(await db.count('outbox')).toBe(1);
    expect(await db.count('local_customers')).toBe(1);
    expect((await db.get('meta', 'device_seq'))?.value).toBe(41);
  });

  it('drops a page that arrives after the device changed hands', async () => {
    await fill();
    const db = await openDeviceDb();
    // The delta is on its way when another person's catalogue is claimed.
    let arrive = () => {};
    productGate = new Promise((resolve) => (arrive = resolve));
    productPages = [{ rows: [syncProduct(50)], cursor: '9', has_more: false }];
    const late = syncCatalogue(scope);
    await vi.waitFor(() => expect(productCalls().length).toBe(2));
    await db.put('meta', { key: META_KEYS.scope, value: { userId: 99, storeId: 1 } });
    arrive();
    await expect(late).rejects.toThrow('another catalogue');
    expect(await db.get('products', 50)).toBeUndefined();
  });
});

describe('customers offline', () => {
  beforeEach(async () => {
    productPages = [{ rows: [], cursor: '0', has_more: false }];
    customerPages = [
      {
        rows: [
          syncCustomer(1, { name: 'Walk-in Customer', phone: null, is_walk_in: true }),
          syncCustomer(2, { name: 'Otieno', phone: '+254722000111' }),
        ],
        cursor: '2',
        has_more: false,
      },
    ];
    await syncCatalogue(scope);
  });

  it('adds a customer by name and phone, kept for the store and person, offered at once', async () => {
    const added = await addLocalCustomer({ name: '  Akinyi ', phone: '0712 345 678' });
    expect(added).toMatchObject({ name: 'Akinyi', phone: '+254712345678', is_walk_in: false });
    expect(added.id).toBeLessThan(0);
    expect(added.client_customer_id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await (await openDeviceDb()).get('local_customers', added.client_customer_id!);
    expect(stored).toMatchObject({ store_id: 1, user_id: 7, server_id: null });

    expect((await searchDeviceCustomers('')).map((c) => c.name)).toEqual([
      'Walk-in Customer',
      'Akinyi',
      'Otieno',
    ]);
    expect((await searchDeviceCustomers('0712345')).map((c) => c.name)).toEqual(['Akinyi']);
    expect((await searchDeviceCustomers('otie')).map((c) => c.id)).toEqual([2]);
  });

  it('refuses a customer the server would refuse, naming the field', async () => {
    const refusal = await addLocalCustomer({ name: '', phone: '12' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiRequestError);
    expect((refusal as ApiRequestError).errors.map((e) => e.path).sort()).toEqual([
      'name',
      'phone',
    ]);
    expect(await (await openDeviceDb()).count('local_customers')).toBe(0);
  });

  it('offers an uploaded local customer once, by its server id', async () => {
    const added = await addLocalCustomer({ name: 'Akinyi', phone: '0712345678' });
    const db = await openDeviceDb();
    const stored = (await db.get('local_customers', added.client_customer_id!))!;
    await db.put('local_customers', { ...stored, server_id: 30 });
    expect(
      (await searchDeviceCustomers('akinyi')).map((c) => [c.id, c.client_customer_id]),
    ).toEqual([[30, null]]);
    customerPages = [
      {
        rows: [syncCustomer(30, { name: 'Akinyi', phone: '+254712345678' })],
        cursor: '3',
        has_more: false,
      },
    ];
    productPages = [{ rows: [], cursor: '0', has_more: false }];
    await syncCatalogue(scope);
    expect((await searchDeviceCustomers('akinyi')).map((c) => c.id)).toEqual([30]);
  });
});

describe('keeping the catalogue fresh', () => {
  it('catches up at once, every 5 minutes and when the connection returns, until released', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const page = { rows: [], cursor: '0', has_more: false };
    productPages = Array.from({ length: 10 }, () => page);
    const persist = vi.fn(async () => true);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        storage: { persist, persisted: async () => false },
      }),
    );
    try {
      const release = startCatalogueSync(scope);
      await vi.waitFor(() => expect(productCalls()).toHaveLength(1));
      expect(persist).toHaveBeenCalledOnce();
      // Another page of the app takes it over: no second catch-up starts.
      const releaseNext = startCatalogueSync(scope);
      release();
      await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
      await vi.waitFor(() => expect(productCalls()).toHaveLength(2));
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(productCalls()).toHaveLength(3));
      // The last user leaves: it ends shortly after, and nothing runs any more.
      releaseNext();
      await vi.advanceTimersByTimeAsync(3000);
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
      await new Promise((resolve) => setImmediate(resolve));
      expect(productCalls()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
