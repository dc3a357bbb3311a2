import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, signedIn } from '../../testing/factories';
import { products } from './products.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let manager: TestClient;
let managerName: string;
let managerId: number;
let cashier: TestClient;
let shopper: TestClient;
let managerB: TestClient;
let superAdmin: TestClient;
let flour: number;
let drinks: number;
let flourB: number;

let skuSequence = 0;
/** A valid create body: the spec's required fields (§5), with prices as the form sends them. */
function newProduct(overrides: Record<string, unknown> = {}) {
  skuSequence += 1;
  return {
    name: `Product ${skuSequence}`,
    sku: `SKU-${skuSequence}`,
    category_id: flour,
    piece_buying_price: 100,
    piece_selling_price: '120.50',
    pack_buying_price: 0,
    pack_selling_price: 0,
    dozen_buying_price: 0,
    dozen_selling_price: 0,
    quantity: 10,
    min_quantity: 5,
    ...overrides,
  };
}

async function create(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/products', newProduct(overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data as Record<string, unknown> & { id: number; quantity: number };
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db)).id;
  storeB = (await buildStore(t.db)).id;
  const m = await signedIn(t, 'manager', storeA);
  manager = m.client;
  managerName = m.user.name;
  managerId = m.user.id;
  cashier = (await signedIn(t, 'sales', storeA)).client;
  shopper = (await signedIn(t, 'user', storeA)).client;
  managerB = (await signedIn(t, 'manager', storeB)).client;
  superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
  flour = (await manager.post('/api/categories', { name: 'Unga' })).json().data.id;
  drinks = (await manager.post('/api/categories', { name: 'Soda' })).json().data.id;
  flourB = (await managerB.post('/api/categories', { name: 'Unga' })).json().data.id;
});
afterAll(() => t.close());

describe('products: create, read, update', () => {
  it('creates a product with exact prices, its category nested, and reads it back', async () => {
    const response = await cashier.post(
      '/api/products',
      newProduct({
        name: 'Jogoo Maize Flour 2kg',
        sku: 'JOG-2KG',
        barcode: '6161101600019',
        description: 'Sifted maize meal',
        piece_buying_price: '175.5',
        piece_selling_price: 195.99,
        pack_buying_price: '1000.00',
        pack_selling_price: 1150,
        pack_size: 6,
        stock_unit: 'pack',
        quantity: 3,
      }),
    );
    expect(response.statusCode).toBe(201);
    const product = response.json().data;
    expect(product).toMatchObject({
      name: 'Jogoo Maize Flour 2kg',
      sku: 'JOG-2KG',
      barcode: '6161101600019',
      category_id: flour,
      Category: { id: flour, name: 'Unga' },
      piece_buying_price: 175.5,
      piece_selling_price: 195.99,
      pack_buying_price: 1000,
      pack_selling_price: 1150,
      dozen_selling_price: 0,
      // 3 packs of 6 are kept as 18 pieces and reported in packs.
      quantity: 3,
      stock_pieces: 18,
      pack_size: 6,
      stock_unit: 'pack',
      min_quantity: 5,
      is_active: true,
      image_url: null,
    });
    const read = await shopper.get(`/api/products/${product.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.name).toBe('Jogoo Maize Flour 2kg');
  });

  it("refuses missing and wrong fields with the spec's messages", async () => {
    const empty = await manager.post('/api/products', {});
    expect(empty.statusCode).toBe(400);
    const messages = Object.fromEntries(
      empty.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages).toMatchObject({
      name: 'Name is required',
      sku: 'Please fill the required field: SKU',
      category_id: 'Please fill the required field: Category',
      piece_buying_price: 'Please fill the required field: Piece Buying Price',
      quantity: 'Please fill the required field: Quantity',
      min_quantity: 'Please fill the required field: Min Quantity',
    });

    const wrong = await manager.post(
      '/api/products',
      newProduct({ name: '', stock_unit: 'box', piece_selling_price: -1, quantity: 1.5 }),
    );
    const wrongMessages = Object.fromEntries(
      wrong.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(wrongMessages).toEqual({
      name: 'Name is required',
      stock_unit: 'Stock unit must be one of piece, pack, dozen',
      piece_selling_price: 'Piece Selling Price cannot be negative',
      quantity: 'Quantity must be a whole number',
    });

    const badCategory = await manager.post('/api/products', newProduct({ category_id: flourB }));
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().errors).toEqual([
      { path: 'category_id', message: 'Please select a valid category' },
    ]);
    const badPrice = await manager.post(
      '/api/products',
      newProduct({ pack_buying_price: '12.345' }),
    );
    expect(badPrice.statusCode).toBe(400);
  });

  it("answers a duplicate SKU (any case) with 409 and a message containing 'SKU'", async () => {
    await create(manager, { sku: 'DUP-1' });
    const duplicate = await manager.post('/api/products', newProduct({ sku: 'dup-1' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toContain('SKU');
    const other = await create(manager, { sku: 'DUP-2' });
    const renamed = await manager.put(`/api/products/${other.id}`, { sku: 'Dup-1' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toContain('SKU');
    // Another store may use the same SKU.
    expect(
      (await managerB.post('/api/products', newProduct({ sku: 'DUP-1', category_id: flourB })))
        .statusCode,
    ).toBe(201);
  });

  it('updates fields, and a changed quantity records an adjustment in pieces', async () => {
    const soda = await create(manager, {
      name: 'Coca-Cola 500ml',
      category_id: drinks,
      stock_unit: 'dozen',
      dozen_selling_price: 780,
      quantity: 2,
    });
    expect(soda.stock_pieces).toBe(24);
    // Issue 20: prices and stock are a manager's to change (a cashier's attempt: see below).
    const updated = await manager.put(`/api/products/${soda.id}`, {
      quantity: 5,
      dozen_selling_price: '800',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      quantity: 5,
      stock_pieces: 60,
      dozen_selling_price: 800,
    });

    const history = await manager.get(`/api/products/${soda.id}/movements`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(
      history
        .json()
        .data.map((m: { reason: string; change_pieces: number }) => [m.reason, m.change_pieces]),
    ).toEqual([
      ['adjustment', 36],
      ['initial', 24],
    ]);
    expect(history.json().data[0].User.name).toBe(managerName);
    expect(history.json().data[1].User.name).toBe(managerName);

    // The form sends every field back: the same quantity changes nothing.
    await manager.put(`/api/products/${soda.id}`, { ...newProduct(), sku: 'SODA-X', quantity: 5 });
    const after = await manager.get(`/api/products/${soda.id}/movements`);
    expect(after.json().total).toBe(2);
  });

  it('keeps exact pieces when the unit changes, and reads quantity in the new unit', async () => {
    const biscuits = await create(manager, { stock_unit: 'piece', quantity: 18 });
    const packs = await manager.put(`/api/products/${biscuits.id}`, {
      stock_unit: 'pack',
      pack_size: 6,
    });
    expect(packs.json().data).toMatchObject({ quantity: 3, stock_pieces: 18 });
    const lower = await manager.put(`/api/products/${biscuits.id}`, { quantity: 2 });
    expect(lower.json().data).toMatchObject({ quantity: 2, stock_pieces: 12 });
    const history = (await manager.get(`/api/products/${biscuits.id}/movements`)).json().data;
    expect(history[0]).toMatchObject({ reason: 'adjustment', change_pieces: -6 });
  });

  it('refuses a quantity too large for its unit', async () => {
    const response = await manager.post(
      '/api/products',
      newProduct({ quantity: 1_000_000, stock_unit: 'pack', pack_size: 10_000 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('quantity');
  });
});

describe('products: who may change stock and prices (issue 20)', () => {
  const PRICE_FIELDS = [
    'piece_buying_price',
    'piece_selling_price',
    'pack_buying_price',
    'pack_selling_price',
    'dozen_buying_price',
    'dozen_selling_price',
  ];
  const movementsOf = async (id: number) =>
    (await manager.get(`/api/products/${id}/movements`)).json().data as {
      reason: string;
      adjustment_reason: string | null;
      change_pieces: number;
      User: { name: string } | null;
    }[];

  it('answers stock_pieces beside quantity to staff and shoppers alike', async () => {
    // 47 bottles kept by the dozen: 3 whole dozen and 11 bottles.
    const soda = await create(manager, {
      name: 'Fanta 300ml crate',
      sku: 'FANTA-47',
      stock_unit: 'piece',
      quantity: 47,
    });
    await manager.put(`/api/products/${soda.id}`, { stock_unit: 'dozen' });
    for (const client of [manager, cashier, shopper]) {
      const one = (await client.get(`/api/products/${soda.id}`)).json().data;
      expect(one).toMatchObject({ quantity: 3, stock_pieces: 47, stock_unit: 'dozen' });
      const found = (await client.get('/api/products/search', { query: { q: 'FANTA-47' } })).json()
        .data[0];
      expect(found).toMatchObject({ quantity: 3, stock_pieces: 47 });
      const listed = (await client.get('/api/products', { query: { q: 'Fanta 300ml' } })).json()
        .data[0];
      expect(listed).toMatchObject({ quantity: 3, stock_pieces: 47 });
    }
    // A shopper still never sees buying prices.
    const shopped = (await shopper.get(`/api/products/${soda.id}`)).json().data;
    expect(shopped).not.toHaveProperty('piece_buying_price');
  });

  it("refuses a cashier's change of each price and of the stock: 403 naming it, nothing written", async () => {
    const product = await create(manager, { pack_size: 6, pack_selling_price: 700 });
    const before = (await manager.get(`/api/products/${product.id}`)).json().data;
    const cases: [string, unknown, string][] = [
      ...PRICE_FIELDS.map((field): [string, unknown, string] => [
        field,
        '1.00',
        field
          .split('_')
          .map((word) => word[0]!.toUpperCase() + word.slice(1))
          .join(' '),
      ]),
      ['quantity', 2, 'Quantity'],
      // A bigger pack sold at the same pack price is a price cut (review of issue 20).
      ['pack_size', 60, 'Pack Size'],
    ];
    for (const [field, value, label] of cases) {
      const response = await cashier.put(`/api/products/${product.id}`, {
        name: 'Renamed by cashier',
        [field]: value,
      });
      expect(response.statusCode, field).toBe(403);
      expect(response.json().message).toBe(`Only a manager can change ${label}`);
      expect(response.json().errors).toEqual([
        { path: field, message: 'Only a manager can change this' },
      ]);
    }
    const both = await cashier.put(`/api/products/${product.id}`, {
      piece_selling_price: 1,
      quantity: 0,
    });
    expect(both.statusCode).toBe(403);
    expect(both.json().message).toBe('Only a manager can change Piece Selling Price, Quantity');
    // Refused whole: not even the name changed, and no movement was written.
    expect((await manager.get(`/api/products/${product.id}`)).json().data).toEqual(before);
    expect((await movementsOf(product.id)).map((m) => m.reason)).toEqual(['initial']);
  });

  it('lets a cashier edit names and codes, and send back prices and stock as stored', async () => {
    const product = await create(manager, { quantity: 12 });
    const response = await cashier.put(`/api/products/${product.id}`, {
      name: 'Renamed by the cashier',
      sku: `${String(product.sku)}-C`,
      barcode: '600123',
      description: 'Shelf 3',
      // The form may send everything back: the same values are no change.
      piece_buying_price: '100.00',
      piece_selling_price: 120.5,
      quantity: 12,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Renamed by the cashier',
      barcode: '600123',
      piece_selling_price: 120.5,
      stock_pieces: 12,
    });
    expect((await movementsOf(product.id)).map((m) => m.reason)).toEqual(['initial']);
  });

  it("writes a manager's stock change as an adjustment with the reason sent, 'correction' when none", async () => {
    const product = await create(manager, { quantity: 20 });
    const damaged = await manager.put(`/api/products/${product.id}`, {
      quantity: 17,
      stock_reason: 'damage',
    });
    expect(damaged.statusCode, damaged.body).toBe(200);
    expect(damaged.json().data.stock_pieces).toBe(17);
    const counted = await superAdmin.put(
      `/api/products/${product.id}`,
      { quantity: 18 },
      { query: { store_id: storeA } },
    );
    expect(counted.statusCode, counted.body).toBe(200);
    // A reason without a stock change writes nothing.
    await manager.put(`/api/products/${product.id}`, { quantity: 18, stock_reason: 'theft' });
    const history = await movementsOf(product.id);
    expect(history.map((m) => [m.reason, m.adjustment_reason, m.change_pieces])).toEqual([
      ['adjustment', 'correction', 1],
      ['adjustment', 'damage', -3],
      ['initial', null, 20],
    ]);
    expect(history[1]!.User?.name).toBe(managerName);
    const wrong = await manager.put(`/api/products/${product.id}`, {
      quantity: 1,
      stock_reason: 'lost',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('stock_reason');
    expect((await manager.get(`/api/products/${product.id}`)).json().data.stock_pieces).toBe(18);
  });
});

describe('products: goods or service (issue 20)', () => {
  it('answers every product with its kind, goods unless created as a service', async () => {
    const goods = await create(manager);
    expect(goods.kind).toBe('goods');
    const service = await create(manager, { kind: 'service', quantity: 7 });
    // A service has no stock: its quantity is not read, and no movement is written.
    expect(service).toMatchObject({ kind: 'service', quantity: 0, stock_pieces: 0 });
    expect((await manager.get(`/api/products/${service.id}/movements`)).json().data).toEqual([]);
    const seen = (await shopper.get(`/api/products/${service.id}`)).json().data;
    expect(seen.kind).toBe('service');
    const services = (await cashier.get('/api/products', { query: { kind: 'service' } })).json();
    expect(services.data.map((p: { id: number }) => p.id)).toContain(service.id);
    expect(services.data.every((p: { kind: string }) => p.kind === 'service')).toBe(true);
    const bad = await manager.post('/api/products', newProduct({ kind: 'labour' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'kind', message: 'Kind must be goods or service' }]);
  });

  it('lets a manager change the kind (a product becoming a service gives up its stock)', async () => {
    const product = await create(manager, { quantity: 4 });
    const changed = await manager.put(`/api/products/${product.id}`, { kind: 'service' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ kind: 'service', stock_pieces: 0 });
    const moves = (await manager.get(`/api/products/${product.id}/movements`)).json().data;
    expect(moves.map((m: { change_pieces: number }) => m.change_pieces)).toEqual([-4, 4]);
    const back = await manager.put(`/api/products/${product.id}`, { kind: 'goods', quantity: 2 });
    expect(back.json().data).toMatchObject({ kind: 'goods', stock_pieces: 2 });
  });

  it("refuses a cashier's change of kind (403) and changes nothing; the same kind is no change", async () => {
    const product = await create(manager, { quantity: 4 });
    for (const kind of ['service', 'goods'] as const) {
      const target = kind === 'goods' ? await create(manager, { kind: 'service' }) : product;
      const refused = await cashier.put(`/api/products/${target.id}`, { kind, name: 'Renamed' });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe('Only a manager can change Kind');
      const after = (await manager.get(`/api/products/${target.id}`)).json().data;
      expect(after.kind).toBe(target.kind);
      expect(after.name).toBe(target.name);
    }
    const same = await cashier.put(`/api/products/${product.id}`, { kind: 'goods', name: 'Same' });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('products: lists and search', () => {
  let exactBarcode: number;
  beforeAll(async () => {
    await create(manager, { name: 'Omo Washing Powder 1kg', sku: 'OMO-1', barcode: '111222' });
    exactBarcode = (await create(manager, { name: 'Zebra Soap', sku: 'ZEB-1', barcode: '11122' }))
      .id;
    await create(manager, { name: 'Inactive Soap 11122', sku: 'SOAP-OLD', is_active: false });
  });

  it('puts an exact barcode match first, matching any case', async () => {
    const response = await cashier.get('/api/products/search', { query: { q: '11122' } });
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((p: { id: number }) => p.id);
    expect(ids[0]).toBe(exactBarcode);
    expect(ids.length).toBe(3);
    const byName = await cashier.get('/api/products/search', { query: { q: 'oMo wAsh' } });
    expect(byName.json().data.map((p: { sku: string }) => p.sku)).toEqual(['OMO-1']);
    const bySku = await cashier.get('/api/products/search', { query: { q: 'zeb-1' } });
    expect(bySku.json().data[0].sku).toBe('ZEB-1');
    expect((await cashier.get('/api/products/search', { query: { q: '%' } })).json().data).toEqual(
      [],
    );
  });

  it('answers a scanned code (8 or more digits) by its exact barcode or SKU only', async () => {
    const scanned = await create(manager, {
      name: 'Kasuku Tea 6161234567890',
      sku: 'KAS-1',
      barcode: '6161234567890',
    });
    await create(manager, { name: 'Other tea', sku: 'KAS-2', barcode: '96161234567890' });
    const scan = await cashier.get('/api/products/search', { query: { q: '6161234567890' } });
    expect(scan.json().data.map((p: { id: number }) => p.id)).toEqual([scanned.id]);
    // Part of a code is no scan: nothing matches exactly, so nothing is found.
    const part = await cashier.get('/api/products/search', { query: { q: '61612345' } });
    expect(part.json().data).toEqual([]);
    // Fewer digits are typed by hand and still search names, SKUs and barcodes.
    const typed = await cashier.get('/api/products/search', { query: { q: '6161234' } });
    expect(typed.json().data.length).toBe(2);
  });

  it('shows a shopper active products only, their exact stock, never buying prices', async () => {
    const search = await shopper.get('/api/products/search', { query: { q: '11122' } });
    expect(
      search
        .json()
        .data.map((p: { sku: string }) => p.sku)
        .sort(),
    ).toEqual(['OMO-1', 'ZEB-1']);
    const list = await shopper.get('/api/products', { query: { pageSize: 100 } });
    const products = list.json().data as Record<string, unknown>[];
    expect(products.length).toBeGreaterThan(0);
    for (const product of [...products, ...search.json().data]) {
      expect(product.is_active).toBe(true);
      for (const field of [
        'piece_buying_price',
        'pack_buying_price',
        'dozen_buying_price',
        'min_quantity',
      ]) {
        expect(product, field).not.toHaveProperty(field);
      }
      expect(product).toHaveProperty('piece_selling_price');
      // Issue 20: the shop shows stock as on the shelf, so shoppers get the exact pieces too.
      expect(product.stock_pieces, 'stock_pieces').toEqual(expect.any(Number));
    }
    const inactive = (await manager.get('/api/products', { query: { q: 'SOAP-OLD' } })).json()
      .data[0];
    expect(inactive.is_active).toBe(false);
    expect((await shopper.get(`/api/products/${inactive.id}`)).statusCode).toBe(404);
    // Staff opening /shop ask for what a shopper sees: active products only.
    const staffShop = await manager.get('/api/products', {
      query: { q: 'Soap', active: 'true', pageSize: 100 },
    });
    expect(staffShop.json().data.map((p: { sku: string }) => p.sku)).toEqual(['ZEB-1']);
    expect(staffShop.json().total).toBe(1);
    const retired = await manager.get('/api/products', { query: { q: 'Soap', active: 'false' } });
    expect(retired.json().data.map((p: { sku: string }) => p.sku)).toEqual(['SOAP-OLD']);
    expect((await manager.get('/api/products', { query: { active: 'yes' } })).statusCode).toBe(400);
    expect((await shopper.get(`/api/products/${inactive.id}/movements`)).statusCode).toBe(403);
  });

  it('keeps what a search matched until a product changes, and reads its rows fresh', async () => {
    const skus = async (q: string) =>
      (await cashier.get('/api/products/search', { query: { q } }))
        .json()
        .data.map((p: { sku: string; quantity: number }) => `${p.sku}:${p.quantity}`);
    const kettle = await create(manager, { name: 'Kettle Quickboil', sku: 'KET-1', quantity: 4 });
    expect(await skus('quickb')).toEqual(['KET-1:4']);
    // A sale's stock change (here behind the API's back, as another instance's would be) shows
    // at once: the rows are read afresh, only which products matched is kept.
    await t.db.execute(sql`update ${products} set stock_pieces = 3 where id = ${kettle.id}`);
    expect(await skus('quickb')).toEqual(['KET-1:3']);
    // Adding, renaming and removing a product through the API is seen by the next search.
    await create(manager, { name: 'Quickboil Jug', sku: 'JUG-1', quantity: 1 });
    expect(await skus('quickb')).toEqual(['KET-1:3', 'JUG-1:1']);
    await manager.put(`/api/products/${kettle.id}`, { name: 'Kettle Slowboil' });
    expect(await skus('quickb')).toEqual(['JUG-1:1']);
    expect(await skus('slowb')).toEqual(['KET-1:3']);
    await manager.delete(`/api/products/${kettle.id}`);
    expect(await skus('slowb')).toEqual([]);
  });

  it('pages with { data, total, page, pageSize } and refuses a page size over 100', async () => {
    const first = await manager.get('/api/products', { query: { page: 1, pageSize: 2 } });
    const body = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2 });
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    const second = await manager.get('/api/products', { query: { page: 2, pageSize: 2 } });
    expect(second.json().data[0].id).not.toBe(body.data[0].id);
    const tooBig = await manager.get('/api/products', { query: { pageSize: 101 } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors[0].path).toBe('pageSize');
    expect((await manager.get('/api/products', { query: { page: 0 } })).statusCode).toBe(400);
  });

  it('gives the same list page by page, walked from either end, for staff and shoppers', async () => {
    for (const [i, name] of ['Pager Mango', 'Pager apple', 'Pager Zest', 'Pager Bean'].entries()) {
      await create(manager, { name, is_active: i !== 2 });
      await create(manager, { name: `${name} 2` });
    }
    for (const client of [manager, shopper]) {
      const all = (await client.get('/api/products', { query: { pageSize: 100 } })).json();
      expect(all.total).toBeGreaterThan(6);
      const names = all.data.map((p: { name: string; id: number }) => `${p.name}#${p.id}`);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(all.total / 3); page += 1) {
        const body = (await client.get('/api/products', { query: { page, pageSize: 3 } })).json();
        expect(body.total).toBe(all.total);
        paged.push(...body.data.map((p: { name: string; id: number }) => `${p.name}#${p.id}`));
      }
      expect(paged).toEqual(names);
    }
  });

  it('pages goods alone when asked (kind=goods): services left out before paging, with q and category', async () => {
    const store = (await buildStore(t.db)).id;
    const owner = (await signedIn(t, 'manager', store)).client;
    const buyer = (await signedIn(t, 'user', store)).client;
    const category = (await owner.post('/api/categories', { name: 'Shelf' })).json().data.id;
    // The service sorts first by name, so a grid that dropped it after paging would show 11.
    await create(owner, { name: 'Aaa Delivery', kind: 'service', category_id: category });
    for (let i = 10; i < 23; i += 1) {
      await create(owner, { name: `Shelf item ${i}`, category_id: category });
    }
    // The unfiltered count is asked first, so a count kept without the kind would answer 14.
    const everything = await buyer.get('/api/products', { query: { active: 'true' } });
    expect(everything.json().total).toBe(14);
    const filters: Record<string, string | number>[] = [{}, { q: 'e' }, { category_id: category }];
    for (const filter of filters) {
      const page = async (n: number) =>
        (
          await buyer.get('/api/products', {
            query: { ...filter, kind: 'goods', active: 'true', page: n, pageSize: 12 },
          })
        ).json();
      const [first, second] = [await page(1), await page(2)];
      expect(first.data).toHaveLength(12);
      expect(second.data.map((p: { name: string }) => p.name)).toEqual(['Shelf item 22']);
      expect([first.total, second.total]).toEqual([13, 13]);
      expect(
        [...first.data, ...second.data].every((p: { kind: string }) => p.kind === 'goods'),
      ).toBe(true);
    }
  });

  it('shows a product added, renamed or removed on the very next grid page', async () => {
    const firstPage = async () =>
      (await cashier.get('/api/products', { query: { page: 1, pageSize: 3 } })).json();
    const before = await firstPage();
    const added = await create(manager, { name: '  Aaa first on the grid' });
    const after = await firstPage();
    expect(after.data[0].id).toBe(added.id);
    expect(after.total).toBe(before.total + 1);
    await manager.put(`/api/products/${added.id}`, { name: 'Zzz last on the grid' });
    expect((await firstPage()).data.map((p: { id: number }) => p.id)).not.toContain(added.id);
    await manager.delete(`/api/products/${added.id}`);
    expect((await firstPage()).total).toBe(before.total);
  });

  it('filters by category and by low stock (quantity below min_quantity, in the stock unit)', async () => {
    const byCategory = await manager.get('/api/products', {
      query: { category_id: drinks, pageSize: 100 },
    });
    expect(
      byCategory.json().data.every((p: { category_id: number }) => p.category_id === drinks),
    ).toBe(true);
    // 4 dozen with a minimum of 5 dozen is low; 6 of 5 is not.
    const low = await create(manager, { stock_unit: 'dozen', quantity: 4, min_quantity: 5 });
    const fine = await create(manager, { stock_unit: 'dozen', quantity: 6, min_quantity: 5 });
    const listed = await manager.get('/api/products', {
      query: { low_stock: 'true', pageSize: 100 },
    });
    const ids = listed.json().data.map((p: { id: number }) => p.id);
    expect(ids).toContain(low.id);
    expect(ids).not.toContain(fine.id);
    for (const p of listed.json().data as { quantity: number; min_quantity: number }[]) {
      expect(p.quantity).toBeLessThan(p.min_quantity);
    }
  });

  it('lists the products whose stock went below zero with count_needed=true (issue 22)', async () => {
    // An offline sale the shelf could not cover takes the stock below zero through the ledger.
    const short = await create(manager, { name: 'Count me', quantity: 2, min_quantity: 0 });
    const zero = await create(manager, { quantity: 0 });
    const stocked = await create(manager, { quantity: 4 });
    await t.db.execute(
      sql`select * from stock_apply(${storeA}, ${`{${short.id}}`}::int[], '{-5}'::bigint[], 'sale', 'offline sale', ${managerId}, true)`,
    );
    const listed = await manager.get('/api/products', {
      query: { count_needed: 'true', pageSize: 100 },
    });
    expect(listed.statusCode).toBe(200);
    const data = listed.json().data as { id: number; stock_pieces: number; quantity: number }[];
    expect(data.map((p) => p.id)).toContain(short.id);
    expect(data.map((p) => p.id)).not.toContain(zero.id);
    expect(data.map((p) => p.id)).not.toContain(stocked.id);
    expect(data.every((p) => p.stock_pieces < 0)).toBe(true);
    expect(data.find((p) => p.id === short.id)).toMatchObject({ stock_pieces: -3, quantity: -3 });
    expect(listed.json().total).toBe(data.length);
    // Another store's products never show; a bad value names the parameter.
    expect(
      (await managerB.get('/api/products', { query: { count_needed: 'true' } })).json().data,
    ).toEqual([]);
    const bad = await manager.get('/api/products', { query: { count_needed: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('count_needed must be true or false');
  });
});

describe('products: delete and store isolation', () => {
  it('deletes a product without history, deactivates one with history', async () => {
    const fresh = await create(manager, { quantity: 3 });
    const deleted = await manager.delete(`/api/products/${fresh.id}`);
    expect(deleted.json()).toEqual({ success: true, deactivated: false });
    expect((await manager.get(`/api/products/${fresh.id}`)).statusCode).toBe(404);

    const used = await create(manager, { quantity: 3 });
    await manager.put(`/api/products/${used.id}`, { quantity: 2 });
    const deactivated = await manager.delete(`/api/products/${used.id}`);
    expect(deactivated.json()).toEqual({ success: true, deactivated: true });
    const kept = await manager.get(`/api/products/${used.id}`);
    expect(kept.json().data.is_active).toBe(false);
    expect((await manager.get(`/api/products/${used.id}/movements`)).json().total).toBe(2);
    expect((await cashier.delete(`/api/products/${used.id}`)).statusCode).toBe(403);
  });

  it("answers 404 for another store's product on every call", async () => {
    const theirs = (
      await managerB.post('/api/products', newProduct({ category_id: flourB, sku: 'B-ONLY' }))
    ).json().data;
    expect((await manager.get(`/api/products/${theirs.id}`)).statusCode).toBe(404);
    expect((await manager.put(`/api/products/${theirs.id}`, { quantity: 1 })).statusCode).toBe(404);
    expect((await manager.delete(`/api/products/${theirs.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/products/${theirs.id}/movements`)).statusCode).toBe(404);
    const search = await manager.get('/api/products/search', { query: { q: 'B-ONLY' } });
    expect(search.json().data).toEqual([]);
    // A super_admin reaches it by choosing store B.
    const chosen = await superAdmin.get(`/api/products/${theirs.id}`, {
      query: { store_id: storeB },
    });
    expect(chosen.statusCode).toBe(200);
    const unchanged = await managerB.get(`/api/products/${theirs.id}`);
    expect(unchanged.json().data.quantity).toBe(10);
  });

  it('never lets stock go below zero in the database', async () => {
    const product = await create(manager, { quantity: 1 });
    await expect(
      t.db.execute(sql`update products set stock_pieces = -1 where id = ${product.id}`),
    ).rejects.toThrow();
  });
});

describe('products: search index', () => {
  it('can answer a contains-search from the pg_trgm index (PGlite and PostgreSQL)', async () => {
    const plan = await t.db.transaction(async (tx) => {
      // With few rows the planner prefers a scan; forbid it to see that the index serves.
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from ${products} where ${products.searchText} like '%unga%'`,
      );
    });
    expect(JSON.stringify((plan as { rows: unknown[] }).rows)).toContain(
      'products_search_text_trgm_idx',
    );
  });
});
