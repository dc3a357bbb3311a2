/**
 * GET /sync/products, /sync/customers and POST /sync/devices (issue 22, decisions/0012 "Sync
 * protocol"): a device pages through its store, then takes only what changed after its cursor —
 * deactivated and deleted rows included, another store's never, nothing written while it pages
 * skipped (on PostgreSQL also a write that was uncommitted when the page was read and commits
 * later) — and gets a number of its own in the store.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import {
  syncCustomersResponseSchema,
  syncProductsResponseSchema,
  type SyncCustomer,
  type SyncProduct,
} from '@duka/shared/sync/sync.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createCategory,
  createCustomer,
  createProduct,
  createSale,
  saleLine,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { customers } from '../customers/customers.table';
import { productImages } from '../products/product-images.table';
import { products } from '../products/products.table';
import { devices } from './sync.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let salesA: TestClient;
let managerA: TestClient;
let adminB: TestClient;
let shopperA: TestClient;
let superAdmin: TestClient;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Sync Store A')).id;
  storeB = (await buildStore(t.db, 'Sync Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  managerA = (await signedIn(t, 'manager', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  shopperA = (await signedIn(t, 'user', storeA)).client;
  superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
});
afterAll(() => t.close());

type ProductsPage = {
  products: SyncProduct[];
  deleted: number[];
  cursor: string;
  has_more: boolean;
};
type CustomersPage = {
  customers: SyncCustomer[];
  deleted: number[];
  cursor: string;
  has_more: boolean;
};

async function productsPage(
  client: TestClient,
  query: Record<string, string | number> = {},
): Promise<ProductsPage> {
  const response = await client.get('/api/sync/products', { query });
  expect(response.statusCode, response.body).toBe(200);
  return syncProductsResponseSchema.strict().parse(response.json());
}

async function customersPage(
  client: TestClient,
  query: Record<string, string | number> = {},
): Promise<CustomersPage> {
  const response = await client.get('/api/sync/customers', { query });
  expect(response.statusCode, response.body).toBe(200);
  return syncCustomersResponseSchema.strict().parse(response.json());
}

/**
 * What a device does: pages from `since` (none: everything) while has_more, upserting by id and
 * forgetting the deleted ids; `between` runs after each page. Answers the device's products and
 * the last cursor.
 */
async function download(
  client: TestClient,
  options: {
    since?: string;
    limit?: number;
    kept?: Map<number, SyncProduct>;
    between?: (page: number) => Promise<void>;
    query?: Record<string, string | number>;
  } = {},
) {
  const kept = options.kept ?? new Map<number, SyncProduct>();
  let cursor = options.since;
  let pages = 0;
  for (;;) {
    const page = await productsPage(client, {
      ...options.query,
      ...(cursor !== undefined ? { since: cursor } : {}),
      ...(options.limit !== undefined ? { limit: options.limit } : {}),
    });
    pages += 1;
    for (const product of page.products) kept.set(product.id, product);
    for (const id of page.deleted) kept.delete(id);
    cursor = page.cursor;
    if (!page.has_more) break;
    await options.between?.(pages);
    if (pages > 1000) throw new Error('paging does not end');
  }
  return { kept, cursor: cursor, pages };
}

/** The store's products as the catalogue has them now (id → name, active, stock). */
async function storeProducts(storeId: number) {
  const rows = await t.db
    .select({
      id: products.id,
      name: products.name,
      isActive: products.isActive,
      stockPieces: products.stockPieces,
    })
    .from(products)
    .where(eq(products.storeId, storeId));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The device's copy equals the catalogue: the same ids, names, activity and stock. */
async function expectInStep(kept: Map<number, SyncProduct>, storeId = storeA) {
  const actual = await storeProducts(storeId);
  expect([...kept.keys()].sort((a, b) => a - b)).toEqual([...actual.keys()].sort((a, b) => a - b));
  for (const [id, row] of actual) {
    const copy = kept.get(id)!;
    expect(
      { name: copy.name, active: copy.is_active, stock: copy.stock_pieces },
      `product ${id}`,
    ).toEqual({ name: row.name, active: row.isActive, stock: row.stockPieces });
  }
}

describe('GET /sync/products', () => {
  let category: { id: number; name: string };
  let made: number[];

  beforeAll(async () => {
    category = await createCategory(adminA, 'Sync Drinks');
    made = [];
    for (let i = 0; i < 7; i += 1) {
      made.push(
        (
          await createProduct(adminA, {
            name: `Sync soda ${i}`,
            category_id: category.id,
            barcode: `600100${i}`,
            pack_size: 6,
            quantity: 24,
          })
        ).id,
      );
    }
    // Another store's products never reach store A's devices.
    await createProduct(adminB, { name: 'Store B only' });
  });

  it("answers the till's fields of every product of the store, selling prices only", async () => {
    const page = await productsPage(salesA);
    expect(page.has_more).toBe(false);
    expect(page.deleted).toEqual([]);
    expect(page.cursor).toMatch(/^\d+$/);
    const soda = page.products.find((product) => product.id === made[0])!;
    expect(soda).toEqual({
      id: made[0],
      name: 'Sync soda 0',
      sku: expect.any(String),
      barcode: '6001000',
      category: { id: category.id, name: 'Sync Drinks' },
      piece_selling_price: 60,
      pack_selling_price: 330,
      dozen_selling_price: 650,
      pack_size: 6,
      stock_unit: 'piece',
      quantity: 24,
      stock_pieces: 24,
      is_active: true,
      kind: 'goods',
      thumbnail_url: null,
    });
    expect(JSON.stringify(page)).not.toContain('buying');
    expect(page.products.map((product) => product.name)).not.toContain('Store B only');
    await expectInStep(new Map(page.products.map((product) => [product.id, product])));
  });

  it('pages through everything with a small limit, each product once', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await productsPage(salesA, { limit: 2, ...(cursor ? { since: cursor } : {}) });
      pages += 1;
      expect(page.products.length + page.deleted.length).toBeLessThanOrEqual(2);
      seen.push(...page.products.map((product) => product.id));
      cursor = page.cursor;
      if (!page.has_more) break;
      expect(cursor).toMatch(/^\d+-\d+-\d+$/);
    }
    expect(pages).toBe(Math.ceil(made.length / 2));
    expect(seen.sort((a, b) => a - b)).toEqual(
      [...(await storeProducts(storeA)).keys()].sort((a, b) => a - b),
    );
    expect(cursor).toMatch(/^\d+$/);
    // Nothing changed since: the delta is empty.
    const delta = await productsPage(salesA, { since: cursor });
    expect(delta).toMatchObject({ products: [], deleted: [], has_more: false });
  });

  it('never skips a row written between pages: added, edited, sold, deactivated, deleted', async () => {
    const extra = await createProduct(adminA, { name: 'Sync to delete', quantity: 0 });
    const { kept, cursor } = await download(salesA, {
      limit: 2,
      between: async (page) => {
        if (page === 1) {
          // The first rows again (already sent), and a new one.
          await adminA.put(`/api/products/${made[0]}`, { name: 'Sync soda renamed' });
          await createProduct(adminA, { name: 'Sync added while paging' });
        }
        if (page === 2) {
          await createSale(salesA, {
            customer_id: (await walkInCustomer(salesA)).id,
            items: [saleLine(made[1]!, 2, 60)],
          });
          expect((await adminA.delete(`/api/products/${extra.id}`)).statusCode).toBe(200);
        }
      },
    });
    // Writes that landed after their rows' pages come with the next delta.
    const caughtUp = await download(salesA, { since: cursor, kept });
    await expectInStep(caughtUp.kept);
    expect(caughtUp.kept.get(made[0]!)!.name).toBe('Sync soda renamed');
    expect(caughtUp.kept.get(made[1]!)!.stock_pieces).toBe(22);
    expect(caughtUp.kept.has(extra.id)).toBe(false);
  });

  it('answers a deactivated product as inactive and a deleted one by its id', async () => {
    const { cursor } = await download(salesA);
    const sold = await createProduct(adminA, { name: 'Sync sold then archived' });
    const unsold = await createProduct(adminA, { name: 'Sync never sold' });
    await createSale(salesA, {
      customer_id: (await walkInCustomer(salesA)).id,
      items: [saleLine(sold.id, 1, 60)],
    });
    const deactivated = await adminA.delete(`/api/products/${sold.id}`);
    expect(deactivated.json()).toMatchObject({ deactivated: true });
    const { kept: afterCreate } = await download(salesA, { since: cursor });
    expect(afterCreate.get(sold.id)!.is_active).toBe(false);
    expect(afterCreate.get(unsold.id)!.is_active).toBe(true);

    const before = (await productsPage(salesA)).cursor;
    // Its photo goes with it (the photo's trigger finds no product left to mark).
    await t.db.insert(productImages).values({
      productId: unsold.id,
      storeId: storeA,
      fileName: 'gone.webp',
      thumbnailName: 'gone-thumb.webp',
      position: 0,
    });
    const deleted = await adminA.delete(`/api/products/${unsold.id}`);
    expect(deleted.json()).toMatchObject({ deactivated: false });
    const delta = await productsPage(salesA, { since: before });
    expect(delta.deleted).toEqual([unsold.id]);
    expect(delta.products.map((product) => product.id)).not.toContain(unsold.id);
  });

  it('marks products whose category is renamed or whose photos change', async () => {
    const since = (await productsPage(salesA)).cursor;
    expect(
      (await managerA.put(`/api/categories/${category.id}`, { name: 'Sync Cold Drinks' }))
        .statusCode,
    ).toBe(200);
    const renamed = await productsPage(salesA, { since });
    expect(renamed.products.map((product) => product.id)).toEqual(expect.arrayContaining(made));
    expect(renamed.products.find((product) => product.id === made[2])!.category).toEqual({
      id: category.id,
      name: 'Sync Cold Drinks',
    });

    const beforePhoto = renamed.cursor;
    await t.db.insert(productImages).values({
      productId: made[3]!,
      storeId: storeA,
      fileName: 'full.webp',
      thumbnailName: 'thumb.webp',
      position: 0,
    });
    const photo = await productsPage(salesA, { since: beforePhoto });
    expect(photo.products.map((product) => product.id)).toEqual([made[3]]);
    expect(photo.products[0]!.thumbnail_url).toBe(`/uploads/products/${storeA}/thumb.webp`);
  });

  it('catches a write made by SQL outside the services (the trigger marks every update)', async () => {
    const since = (await productsPage(salesA)).cursor;
    await t.db.execute(
      sql`update products set stock_pieces = stock_pieces + 1 where id = ${made[4]!}`,
    );
    const delta = await productsPage(salesA, { since });
    expect(delta.products.map((product) => product.id)).toEqual([made[4]]);
  });

  it('keeps stores apart; a super_admin reads the store chosen', async () => {
    const ofB = await productsPage(adminB);
    expect(ofB.products.map((product) => product.name)).toEqual(['Store B only']);
    const chosenA = await download(superAdmin, { query: { store_id: storeA } });
    await expectInStep(chosenA.kept, storeA);
    const chosenB = await productsPage(superAdmin, { store_id: storeB });
    expect(chosenB.products.map((product) => product.name)).toEqual(['Store B only']);
    // Store B's changes never show in store A's delta.
    const since = (await productsPage(adminA)).cursor;
    await createProduct(adminB, { name: 'Store B later' });
    expect((await productsPage(adminA, { since })).products).toEqual([]);
    // A super_admin who chose no store has none to download.
    const none = await superAdmin.get('/api/sync/products');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'store.not_selected' });
  });

  it('refuses shoppers (403) and signed-out callers (401)', async () => {
    for (const url of ['/api/sync/products', '/api/sync/customers']) {
      const shopper = await shopperA.get(url);
      expect(shopper.statusCode).toBe(403);
      expect(shopper.json().code).toBe('auth.forbidden');
      expect((await t.client().get(url)).statusCode).toBe(401);
    }
    const device = await shopperA.post('/api/sync/devices', { device_id: randomUUID() });
    expect(device.statusCode).toBe(403);
  });

  it('refuses a limit outside 1..5000 and a cursor it did not make (400 naming the field)', async () => {
    for (const limit of ['0', '5001', '-1', 'abc', '1.5']) {
      const response = await salesA.get('/api/sync/products', { query: { limit } });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'limit', message: 'Limit must be a whole number from 1 to 5000' },
      ]);
    }
    expect((await salesA.get('/api/sync/products', { query: { limit: 5000 } })).statusCode).toBe(
      200,
    );
    const current = (await productsPage(salesA)).cursor;
    const ahead = String(BigInt(current) + 1_000_000n);
    for (const since of [
      'abc',
      '',
      '12-',
      '1-2',
      '5-5-0',
      '1-1-2147483648',
      '18446744073709551616',
      ahead,
    ]) {
      const response = await salesA.get('/api/sync/customers', { query: { since } });
      expect(response.statusCode, since).toBe(400);
      expect(response.json().errors, since).toEqual([
        { path: 'since', message: 'Cursor is not valid' },
      ]);
    }
  });

  it('compresses the answer with brotli or gzip when the device accepts it', async () => {
    const plain = await salesA.get('/api/sync/products');
    const br = await salesA.get('/api/sync/products', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await salesA.get('/api/sync/products', {
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});

describe.runIf(onPostgres)('a write still uncommitted while the device reads (PostgreSQL)', () => {
  it('answers it with the next delta once committed, though a later write committed first', async () => {
    const early = await createProduct(adminA, { name: 'Sync early writer' });
    const late = await createProduct(adminA, { name: 'Sync late writer' });
    const { kept, cursor } = await download(salesA);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let updated!: () => void;
    const hasUpdated = new Promise<void>((resolve) => (updated = resolve));
    // Transaction 1 takes its id first and holds its write uncommitted…
    const slow = t.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ name: 'Sync early writer (renamed)' })
        .where(eq(products.id, early.id));
      updated();
      await released;
    });
    await hasUpdated;
    // …a later transaction commits meanwhile, and the device reads it (paging, limit 1).
    await adminA.put(`/api/products/${late.id}`, { name: 'Sync late writer (renamed)' });
    const first = await download(salesA, { since: cursor, kept, limit: 1 });
    expect(first.kept.get(late.id)!.name).toBe('Sync late writer (renamed)');
    expect(first.kept.get(early.id)!.name).toBe('Sync early writer');
    release();
    await slow;
    // The device's cursor still reaches back to transaction 1.
    const second = await download(salesA, { since: first.cursor, kept: first.kept });
    expect(second.kept.get(early.id)!.name).toBe('Sync early writer (renamed)');
    await expectInStep(second.kept);
  });

  it('answers a row committed mid-paging by a transaction begun before the first page', async () => {
    const target = await createProduct(adminA, { name: 'Sync mid-paging target' });
    const { kept, cursor } = await download(salesA);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let updated!: () => void;
    const hasUpdated = new Promise<void>((resolve) => (updated = resolve));
    const slow = t.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ name: 'Sync mid-paging (renamed)' })
        .where(eq(products.id, target.id));
      updated();
      await released;
    });
    await hasUpdated;
    for (const product of (await storeProducts(storeA)).keys()) {
      if (product !== target.id)
        await t.db.update(products).set({ minQuantity: 2 }).where(eq(products.id, product));
    }
    const paged = await download(salesA, {
      since: cursor,
      kept,
      limit: 3,
      between: async (page) => {
        if (page === 1) {
          release();
          await slow;
        }
      },
    });
    const next = await download(salesA, { since: paged.cursor, kept: paged.kept });
    expect(next.kept.get(target.id)!.name).toBe('Sync mid-paging (renamed)');
    await expectInStep(next.kept);
  });
});

describe('GET /sync/customers', () => {
  it('answers every customer of the store, the Walk-in Customer included; archived and deleted ones by id', async () => {
    const walkIn = await walkInCustomer(salesA);
    const keepMe = await createCustomer(salesA, { name: 'Sync Wanjiru' });
    const archiveMe = await createCustomer(salesA, { name: 'Sync Otieno' });
    const deleteMe = await createCustomer(salesA, { name: 'Sync Achieng' });
    await createCustomer(adminB, { name: 'Sync other store' });
    const all = await customersPage(salesA);
    expect(all.customers.map((customer) => customer.id)).toEqual(
      expect.arrayContaining([walkIn.id, keepMe.id, archiveMe.id, deleteMe.id]),
    );
    expect(all.customers.map((customer) => customer.name)).not.toContain('Sync other store');
    expect(all.customers.find((customer) => customer.id === walkIn.id)).toEqual({
      id: walkIn.id,
      name: 'Walk-in Customer',
      phone: null,
      email: null,
      is_walk_in: true,
      loyalty_points: 0,
      balance: 0,
      credit_limit: null,
    });

    // A sale to a customer changes their points: the delta answers them again.
    const product = await createProduct(adminA, { name: 'Sync customer product' });
    const since = all.cursor;
    await createSale(salesA, { customer_id: archiveMe.id, items: [saleLine(product.id, 10, 60)] });
    const afterSale = await customersPage(salesA, { since });
    expect(afterSale.customers.map((customer) => customer.id)).toEqual([archiveMe.id]);
    expect(afterSale.customers[0]!.loyalty_points).toBeGreaterThan(0);

    const beforeDeletes = afterSale.cursor;
    expect((await managerA.delete(`/api/customers/${archiveMe.id}`)).json()).toMatchObject({
      archived: true,
    });
    expect((await managerA.delete(`/api/customers/${deleteMe.id}`)).json()).toMatchObject({
      archived: false,
    });
    const gone = await customersPage(salesA, { since: beforeDeletes });
    expect(gone.customers).toEqual([]);
    expect(gone.deleted.sort((a, b) => a - b)).toEqual(
      [archiveMe.id, deleteMe.id].sort((a, b) => a - b),
    );
  });

  it('pages without skipping a customer added between pages', async () => {
    for (let i = 0; i < 4; i += 1) await createCustomer(salesA, { name: `Sync paged ${i}` });
    const kept = new Map<number, SyncCustomer>();
    let cursor: string | undefined;
    let added: number | undefined;
    for (let page = 1; ; page += 1) {
      const answer = await customersPage(salesA, {
        limit: 2,
        ...(cursor ? { since: cursor } : {}),
      });
      for (const customer of answer.customers) kept.set(customer.id, customer);
      for (const id of answer.deleted) kept.delete(id);
      cursor = answer.cursor;
      if (!answer.has_more) break;
      if (page === 1) added = (await createCustomer(salesA, { name: 'Sync added mid-paging' })).id;
    }
    const next = await customersPage(salesA, { since: cursor });
    for (const customer of next.customers) kept.set(customer.id, customer);
    expect(kept.has(added!)).toBe(true);
    const live = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.storeId} = ${storeA} and ${customers.archivedAt} is null`);
    expect([...kept.keys()].sort((a, b) => a - b)).toEqual(
      live.map((row) => row.id).sort((a, b) => a - b),
    );
  });
});

describe('POST /sync/devices', () => {
  it('gives each device of a store its own number, the same one again for the same device', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const one = await salesA.post('/api/sync/devices', {
      device_id: first,
      label: 'Till by the door',
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toEqual({ success: true, data: { device_id: first, number: 1 } });
    const two = await adminA.post('/api/sync/devices', { device_id: second });
    expect(two.json()).toEqual({ success: true, data: { device_id: second, number: 2 } });
    const again = await managerA.post('/api/sync/devices', { device_id: first.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, data: { device_id: first, number: 1 } });
    // Another store counts its own devices; the same device there gets that store's number.
    const inB = await adminB.post('/api/sync/devices', { device_id: first });
    expect(inB.json().data).toEqual({ device_id: first, number: 1 });
    const chosen = await superAdmin.post('/api/sync/devices', {
      device_id: randomUUID(),
      store_id: storeB,
    });
    expect(chosen.json().data.number).toBe(2);
    const [row] = await t.db
      .select()
      .from(devices)
      .where(eq(devices.deviceId, first))
      .orderBy(devices.id);
    expect(row).toMatchObject({ storeId: storeA, number: 1, label: 'Till by the door' });
  });

  it('never gives two devices registering at once the same number', async () => {
    const store = (await buildStore(t.db, 'Sync many tills')).id;
    const clients = await Promise.all(
      Array.from({ length: 4 }, async () => (await signedIn(t, 'sales', store)).client),
    );
    const ids = Array.from({ length: 12 }, () => randomUUID());
    const answers = await Promise.all(
      ids.map((device_id, i) =>
        clients[i % clients.length]!.post('/api/sync/devices', { device_id }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const numbers = answers.map((answer) => answer.json().data.number as number);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // The same device registering from several tabs at once: one row, one number.
    const same = randomUUID();
    const twice = await Promise.all(
      clients.map((client) => client.post('/api/sync/devices', { device_id: same })),
    );
    expect(new Set(twice.map((answer) => answer.json().data.number))).toEqual(new Set([13]));
    expect(twice.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
  });

  it('refuses a device id that is not a UUID and a label too long (400 naming the field)', async () => {
    const bad = await salesA.post('/api/sync/devices', { device_id: 'my-phone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'device_id', message: 'Device id must be a UUID' }]);
    const long = await salesA.post('/api/sync/devices', {
      device_id: randomUUID(),
      label: 'x'.repeat(61),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('label');
  });
});

describe('POST /customers with client_customer_id', () => {
  it('makes the customer once: sent again, 200 with the first customer and nothing created', async () => {
    const client_customer_id = randomUUID();
    const body = { name: 'Sync Offline Kamau', phone: '0722 100 200', client_customer_id };
    const first = await salesA.post('/api/customers', body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await salesA.post('/api/customers', {
      ...body,
      name: 'Sync Offline Kamau (retry)',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const rows = await t.db
      .select()
      .from(customers)
      .where(eq(customers.clientCustomerId, client_customer_id));
    expect(rows).toHaveLength(1);
    // Another store's customer may carry the same device id: ids are unique per store.
    const inB = await adminB.post('/api/customers', body);
    expect(inB.statusCode).toBe(201);
    expect(inB.json().data.id).not.toBe(first.json().data.id);
  });

  it('makes one customer of 8 concurrent uploads of the same one', async () => {
    const client_customer_id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        salesA.post('/api/customers', {
          name: 'Sync Concurrent',
          phone: '0733 100 200',
          client_customer_id,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
  });

  it('keeps phones shared as today: two customers may have one phone, with or without a client id', async () => {
    const phone = '0744 555 666';
    expect(
      (await salesA.post('/api/customers', { name: 'Sync Phone One', phone })).statusCode,
    ).toBe(201);
    expect(
      (await salesA.post('/api/customers', { name: 'Sync Phone Two', phone })).statusCode,
    ).toBe(201);
    const withId = await salesA.post('/api/customers', {
      name: 'Sync Phone Three',
      phone,
      client_customer_id: randomUUID(),
    });
    expect(withId.statusCode).toBe(201);
    const bad = await salesA.post('/api/customers', {
      name: 'Sync Bad',
      phone,
      client_customer_id: 'abc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'client_customer_id', message: 'Client customer id must be a UUID' },
    ]);
  });
});
