import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createProduct,
  saleLine as line,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { stockMovements } from '../products/stock-movements.table';
import { saleItems, sales } from './sales.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let salesA: TestClient;
let adminB: TestClient;
let salesB: TestClient;
let walkInA: number;
let walkInB: number;

async function stockOf(id: number, client = adminA) {
  return (await client.get(`/api/products/${id}`)).json().data.stock_pieces as number;
}

function cashSale(items: ReturnType<typeof line>[], overrides: Record<string, unknown> = {}) {
  const subtotal = items.reduce((sum, item) => sum + Math.round(item.total * 100), 0);
  const delivery = Math.round(Number(overrides.delivery_fee ?? 0) * 100);
  const total = (subtotal + delivery) / 100;
  return {
    items,
    total,
    delivery_fee: 0,
    customer_id: walkInA,
    payment_method: 'cash',
    status: 'completed',
    payment_status: 'paid',
    amount_paid: total,
    change_amount: 0,
    ...overrides,
  };
}

async function salesCount(storeId: number) {
  const [row] = await t.db.select({ n: count() }).from(sales).where(eq(sales.storeId, storeId));
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Sales Store A')).id;
  storeB = (await buildStore(t.db, 'Sales Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  salesB = (await signedIn(t, 'sales', storeB)).client;
  walkInA = (await walkInCustomer(salesA)).id;
  walkInB = (await walkInCustomer(salesB)).id;
});
afterAll(() => t.close());

describe('customers for the till', () => {
  it('gives every store its own Walk-in Customer, listed first', async () => {
    expect(walkInA).toEqual(expect.any(Number));
    expect(walkInB).toEqual(expect.any(Number));
    expect(walkInA).not.toBe(walkInB);
    const created = await salesA.post('/api/customers', {
      name: 'Achieng Otieno',
      phone: '0712 345 678',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Achieng Otieno',
      phone: '+254712345678',
      is_walk_in: false,
    });
    const list = (await salesA.get('/api/customers')).json().data as { name: string }[];
    expect(list[0]!.name).toBe('Walk-in Customer');
    expect(list.map((c) => c.name)).toContain('Achieng Otieno');
    const found = (await salesA.get('/api/customers', { query: { q: '0712 345' } })).json().data;
    expect(found.map((c: { name: string }) => c.name)).toEqual(['Achieng Otieno']);
    // Store B sees none of store A's customers.
    const other = (await salesB.get('/api/customers')).json().data as { name: string }[];
    expect(other.map((c) => c.name)).toEqual(['Walk-in Customer']);
  });

  it('refuses a phone that is not Kenyan with the field named', async () => {
    const response = await salesA.post('/api/customers', { name: 'X', phone: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'phone', message: 'Enter a Kenyan phone number, e.g. 0712 345 678' },
    ]);
  });
});

describe('POST /api/sales', () => {
  it('recomputes line totals and the total with the delivery fee, takes stock and records movements', async () => {
    const flour = await createProduct(adminA, { pack_size: 6, quantity: 50 });
    const before = await stockOf(flour.id);
    const response = await salesA.post(
      '/api/sales',
      cashSale([line(flour.id, 2, 60), line(flour.id, 1, 330, 'pack')], {
        delivery_fee: 200,
        total: 650,
        amount_paid: 1000,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json().data;
    expect(sale).toMatchObject({
      subtotal: 450,
      delivery_fee: 200,
      total_amount: 650,
      amount_paid: 1000,
      change_amount: 350,
      payment_method: 'cash',
      status: 'completed',
      payment_status: 'paid',
      receipt_status: { sms: false, whatsapp: false },
      Customer: { name: 'Walk-in Customer' },
      User: { name: expect.any(String) },
    });
    expect(sale.items).toMatchObject([
      { quantity: 2, unit_type: 'piece', unit_price: 60, total: 120, buying_price: 50 },
      { quantity: 1, unit_type: 'pack', unit_price: 330, total: 330, buying_price: 280 },
    ]);
    // 2 pieces + 1 pack of 6.
    expect(await stockOf(flour.id)).toBe(before - 8);
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, flour.id), eq(stockMovements.reason, 'sale')));
    // The stock ledger writes one movement per product (issue 21): 2 + 6 pieces.
    expect(movements.map((m) => [m.changePieces, m.reference])).toEqual([[-8, `SALE-${sale.id}`]]);
    // Each line carries its sale's store and time, which the reports read (issue 10).
    const [written] = await t.db.select().from(sales).where(eq(sales.id, sale.id));
    const lines = await t.db.select().from(saleItems).where(eq(saleItems.saleId, sale.id));
    expect(lines).toHaveLength(2);
    for (const item of lines) {
      expect(item.storeId).toBe(written!.storeId);
      expect(item.soldAt.getTime()).toBe(written!.createdAt.getTime());
    }
    // The receipt is built from what was written, not read back: it reads back the same.
    const readBack = await salesA.get(`/api/sales/${sale.id}`);
    expect(readBack.json().data).toEqual(sale);
  });

  it('takes 12 pieces for a dozen of a piece-tracked product', async () => {
    const soda = await createProduct(adminA, { quantity: 30 });
    const response = await salesA.post('/api/sales', cashSale([line(soda.id, 1, 650, 'dozen')]));
    expect(response.statusCode, response.body).toBe(201);
    expect(await stockOf(soda.id)).toBe(18);
  });

  it('refuses a total that disagrees (400) and writes nothing', async () => {
    const product = await createProduct(adminA);
    const before = await salesCount(storeA);
    const response = await salesA.post(
      '/api/sales',
      cashSale([line(product.id, 3, 60)], { total: 170, amount_paid: 200 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'sale.total_mismatch',
      errors: [{ path: 'total' }],
    });
    const forgotDelivery = await salesA.post(
      '/api/sales',
      cashSale([line(product.id, 1, 60)], { delivery_fee: 200, total: 60, amount_paid: 300 }),
    );
    expect(forgotDelivery.statusCode).toBe(400);
    const badLine = await salesA.post('/api/sales', {
      ...cashSale([line(product.id, 2, 60)]),
      items: [{ ...line(product.id, 2, 60), total: 100 }],
    });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().errors).toEqual([
      { path: 'items.0.total', message: 'Line total must equal quantity × unit price' },
    ]);
    expect(await salesCount(storeA)).toBe(before);
    expect(await stockOf(product.id)).toBe(100);
  });

  it('drops a line without a product id above 0, and an empty cart is 400', async () => {
    const product = await createProduct(adminA);
    const response = await salesA.post('/api/sales', {
      ...cashSale([line(product.id, 1, 60)]),
      items: [line(product.id, 1, 60), { ...line(0, 1, 200), product_id: 0 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.items).toHaveLength(1);
    const empty = await salesA.post('/api/sales', {
      ...cashSale([]),
      items: [{ ...line(0, 1, 60), product_id: 0 }],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'items', message: 'Cart is empty' }]);
  });

  it('refuses a short line with 409 naming the product and changes nothing', async () => {
    const plenty = await createProduct(adminA, { quantity: 10 });
    const short = await createProduct(adminA, { name: 'Kabras Sugar 2kg', quantity: 1 });
    const before = await salesCount(storeA);
    const response = await salesA.post(
      '/api/sales',
      cashSale([line(plenty.id, 2, 60), line(short.id, 2, 60)]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Insufficient stock for Kabras Sugar 2kg');
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(short.id)).toBe(1);
    expect(await salesCount(storeA)).toBe(before);
  });

  it('counts a huge number of big packs as too little stock, not an overflow (409)', async () => {
    // 300,000 packs of 10,000 are 3,000,000,000 pieces: beyond a PostgreSQL integer.
    const packs = await createProduct(adminA, {
      name: 'Bulk Salt',
      pack_size: 10_000,
      quantity: 5,
    });
    const response = await salesA.post(
      '/api/sales',
      cashSale([line(packs.id, 300_000, 1, 'pack')]),
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe('Insufficient stock for Bulk Salt');
  });

  it('sells the delivery service without counting its stock', async () => {
    // A service by its kind (issue 20), not by its SKU.
    const delivery = await createProduct(adminA, {
      sku: 'DELIVERY',
      name: 'Delivery Service',
      quantity: 0,
      kind: 'service',
    });
    const response = await salesA.post('/api/sales', cashSale([line(delivery.id, 1, 200)]));
    expect(response.statusCode, response.body).toBe(201);
    expect(await stockOf(delivery.id)).toBe(0);
    // No movement: a service has no stock to move.
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, delivery.id));
    expect(moves).toEqual([]);
  });

  it('takes stock from goods whose SKU is SRV001: the kind decides, not the SKU', async () => {
    const goods = await createProduct(adminA, { quantity: 3 });
    const renamed = await adminA.put(`/api/products/${goods.id}`, { sku: 'SRV001' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.kind).toBe('goods');
    const sold = await salesA.post('/api/sales', cashSale([line(goods.id, 2, 60)]));
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await stockOf(goods.id)).toBe(1);
    const moves = await t.db
      .select({ change: stockMovements.changePieces, reason: stockMovements.reason })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, goods.id), eq(stockMovements.reason, 'sale')));
    expect(moves).toEqual([{ change: -2, reason: 'sale' }]);
    // And it cannot be oversold like a service would be.
    const over = await salesA.post('/api/sales', cashSale([line(goods.id, 2, 60)]));
    expect(over.statusCode).toBe(409);
  });

  it('never oversells: 20 concurrent sales of a product with stock 5 → exactly 5 succeed', async () => {
    const scarce = await createProduct(adminA, { quantity: 5 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        salesA.post('/api/sales', cashSale([line(scarce.id, 1, 60)])),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(await stockOf(scarce.id)).toBe(0);
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, scarce.id), eq(stockMovements.reason, 'sale')));
    expect(movements).toHaveLength(5);
  });

  it('returns the first sale for a repeated Idempotency-Key, also when both arrive together', async () => {
    const product = await createProduct(adminA, { quantity: 10 });
    const body = cashSale([line(product.id, 1, 60)]);
    const headers = { 'idempotency-key': 'checkout-7f3c2a1e-0001' };
    const first = await salesA.post('/api/sales', body, { headers });
    expect(first.statusCode, first.body).toBe(201);
    const retry = await salesA.post('/api/sales', body, { headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect(await stockOf(product.id)).toBe(9);

    const together = { 'idempotency-key': 'checkout-7f3c2a1e-0002' };
    const both = await Promise.all([
      salesA.post('/api/sales', body, { headers: together }),
      salesA.post('/api/sales', body, { headers: together }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0].json().data.id).toBe(both[1].json().data.id);
    expect(await stockOf(product.id)).toBe(8);

    const bad = await salesA.post('/api/sales', body, { headers: { 'idempotency-key': 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('Idempotency-Key');
  });

  it('replays the first sale for a retried key even when its stock has run out since', async () => {
    const product = await createProduct(adminA, { quantity: 2 });
    const body = cashSale([line(product.id, 2, 60)]);
    const headers = { 'idempotency-key': 'checkout-7f3c2a1e-0003' };
    const first = await salesA.post('/api/sales', body, { headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(await stockOf(product.id)).toBe(0);
    // The first sale took the last two: a new sale of them is refused, the retry is answered.
    const retry = await salesA.post('/api/sales', body, { headers });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.id).toBe(first.json().data.id);
    const fresh = await salesA.post('/api/sales', body, {
      headers: { 'idempotency-key': 'checkout-7f3c2a1e-0004' },
    });
    expect(fresh.statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('refuses an Idempotency-Key reused with a different body (409), never answering that sale', async () => {
    const product = await createProduct(adminA, { quantity: 10 });
    const headers = { 'idempotency-key': 'checkout-7f3c2a1e-0005' };
    const body = cashSale([line(product.id, 1, 60)]);
    const first = await salesA.post('/api/sales', body, { headers });
    expect(first.statusCode, first.body).toBe(201);
    const salesBefore = await t.db.select({ n: count() }).from(sales);

    const others = [
      cashSale([line(product.id, 2, 60)]),
      cashSale([line(product.id, 1, 55)]),
      { ...body, payment_method: 'mpesa', mpesa_code: 'SFT4A1B2C3' },
      // One the first sale's checks would refuse (more than is in stock): still the key's misuse.
      cashSale([line(product.id, 50, 60)]),
    ];
    for (const other of others) {
      const reused = await salesA.post('/api/sales', other, { headers });
      expect(reused.statusCode, reused.body).toBe(409);
      expect(reused.json()).toEqual({
        message: 'This Idempotency-Key was used for a different sale',
        code: 'sale.idempotency_key_reused',
      });
    }
    expect(await t.db.select({ n: count() }).from(sales)).toEqual(salesBefore);
    expect(await stockOf(product.id)).toBe(9);

    // The same sale written another way (a price as text, the line's default unit left out) is
    // the same request: the first sale is the answer.
    const same = {
      ...body,
      items: [{ product_id: product.id, quantity: 1, unit_price: '60.00', total: 60 }],
    };
    const retry = await salesA.post('/api/sales', same, { headers });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    const [stored] = await t.db.select().from(sales).where(eq(sales.id, first.json().data.id));
    expect(stored!.requestHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps the buying price of the time of sale after the product's price changes", async () => {
    const product = await createProduct(adminA);
    const sale = (await salesA.post('/api/sales', cashSale([line(product.id, 1, 60)]))).json().data;
    const updated = await adminA.put(`/api/products/${product.id}`, { piece_buying_price: 58 });
    expect(updated.statusCode, updated.body).toBe(200);
    const items = (await salesA.get(`/api/sales/${sale.id}/items`)).json().data;
    expect(items).toMatchObject([
      { buying_price: 50, unit_price: 60, Product: { name: product.name } },
    ]);
  });

  it('costs a pack or dozen with no buying price of its own at its pieces × the piece price', async () => {
    const product = await createProduct(adminA, {
      pack_size: 6,
      pack_buying_price: 0,
      dozen_buying_price: 0,
    });
    const sale = (
      await salesA.post(
        '/api/sales',
        cashSale([line(product.id, 1, 650, 'dozen'), line(product.id, 2, 330, 'pack')]),
      )
    ).json().data;
    const items = (await salesA.get(`/api/sales/${sale.id}/items`)).json().data;
    expect(items).toMatchObject([
      { unit_type: 'dozen', buying_price: 600 },
      { unit_type: 'pack', buying_price: 300 },
    ]);
  });

  it('takes cash of at least the total, and records an M-Pesa code', async () => {
    const product = await createProduct(adminA);
    const short = await salesA.post(
      '/api/sales',
      cashSale([line(product.id, 2, 60)], { amount_paid: 100 }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { path: 'amount_paid', message: 'Amount tendered must be at least total' },
    ]);
    const mpesa = await salesA.post(
      '/api/sales',
      cashSale([line(product.id, 2, 60)], {
        payment_method: 'mpesa',
        amount_paid: undefined,
        mpesa_code: 'sft4a1b2c3',
      }),
    );
    expect(mpesa.statusCode, mpesa.body).toBe(201);
    expect(mpesa.json().data).toMatchObject({
      payment_method: 'mpesa',
      mpesa_code: 'SFT4A1B2C3',
      amount_paid: 120,
      change_amount: 0,
    });
    const badCode = await salesA.post(
      '/api/sales',
      cashSale([line(product.id, 1, 60)], { payment_method: 'mpesa', mpesa_code: 'SFT4' }),
    );
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors[0].path).toBe('mpesa_code');
  });

  it("refuses another store's product or customer and never shows another store's sale", async () => {
    const mine = await createProduct(adminA);
    const theirs = await createProduct(adminB);
    const product = await salesA.post('/api/sales', cashSale([line(theirs.id, 1, 60)]));
    expect(product.statusCode).toBe(400);
    expect(product.json().errors).toEqual([
      { path: 'items.0.product_id', message: `Product with id ${theirs.id} not found` },
    ]);
    const customer = await salesA.post(
      '/api/sales',
      cashSale([line(mine.id, 1, 60)], { customer_id: walkInB }),
    );
    expect(customer.statusCode).toBe(400);
    expect(customer.json().errors[0]).toMatchObject({ path: 'customer_id' });
    expect(await stockOf(theirs.id, adminB)).toBe(100);

    const sale = (await salesA.post('/api/sales', cashSale([line(mine.id, 1, 60)]))).json().data;
    expect((await salesB.get(`/api/sales/${sale.id}`)).statusCode).toBe(404);
    expect((await salesB.get(`/api/sales/${sale.id}/items`)).statusCode).toBe(404);
    expect((await salesB.post(`/api/sales/${sale.id}/receipt/whatsapp`, {})).statusCode).toBe(404);
    const listB = (await salesB.get('/api/sales')).json();
    expect(listB.sales.map((s: { id: number }) => s.id)).not.toContain(sale.id);
  });
});

describe('GET /api/sales', () => {
  it('pages the store’s sales newest first with { sales, total }', async () => {
    const store = (await buildStore(t.db, 'Sales paging store')).id;
    const admin = (await signedIn(t, 'admin', store)).client;
    const cashier = (await signedIn(t, 'sales', store)).client;
    const category = (await admin.post('/api/categories', { name: 'Tea' })).json().data.id;
    const product = (
      await admin.post('/api/products', {
        name: 'Ketepa 250g',
        sku: 'KET-250',
        category_id: category,
        piece_buying_price: 100,
        piece_selling_price: 130,
        pack_buying_price: 0,
        pack_selling_price: 0,
        dozen_buying_price: 0,
        dozen_selling_price: 0,
        quantity: 100,
        min_quantity: 1,
      })
    ).json().data;
    const walkIn = (await walkInCustomer(cashier)).id;
    const ids: number[] = [];
    for (let n = 1; n <= 12; n += 1) {
      const response = await cashier.post('/api/sales', {
        items: [{ product_id: product.id, quantity: n, unit_price: 130, unit_type: 'piece' }],
        total: 130 * n,
        customer_id: walkIn,
        payment_method: 'mpesa',
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().data.id);
    }
    const page1 = (await cashier.get('/api/sales', { query: { page: 1, pageSize: 10 } })).json();
    expect(page1.total).toBe(12);
    expect(page1.sales.map((s: { id: number }) => s.id)).toEqual(ids.slice(2).reverse());
    const page2 = (await cashier.get('/api/sales', { query: { page: 2 } })).json();
    expect(page2.sales.map((s: { id: number }) => s.id)).toEqual([ids[1], ids[0]]);
    expect(page2.sales[0]).toMatchObject({
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      Customer: { name: 'Walk-in Customer' },
      items: [{ Product: { name: 'Ketepa 250g', sku: 'KET-250' }, quantity: 2 }],
    });
  });
});

describe('GET /api/sales filters (issue 8)', () => {
  let cashier: TestClient;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const store = (await buildStore(t.db, 'Sales filter store')).id;
    const admin = (await signedIn(t, 'admin', store)).client;
    cashier = (await signedIn(t, 'sales', store)).client;
    const category = (await admin.post('/api/categories', { name: 'Soap' })).json().data.id;
    const product = (
      await admin.post('/api/products', {
        name: 'Menengai Bar 800g',
        sku: 'MEN-800',
        category_id: category,
        piece_buying_price: 150,
        piece_selling_price: 180,
        pack_buying_price: 0,
        pack_selling_price: 0,
        dozen_buying_price: 0,
        dozen_selling_price: 0,
        quantity: 100,
        min_quantity: 1,
      })
    ).json().data;
    const walkIn = (await walkInCustomer(cashier)).id;
    // When each sale was made, in UTC; Nairobi is UTC+3.
    const made: Record<string, [string, 'cash' | 'mpesa']> = {
      // 19 November, 08:00 EAT.
      early: ['2026-11-19T05:00:00.000Z', 'cash'],
      // 20 November, 00:00 EAT exactly: the first instant of the 20th.
      midnight: ['2026-11-19T21:00:00.000Z', 'mpesa'],
      // 20 November, 23:30 EAT (20:30 UTC): still the 20th in the shop.
      lateNight: ['2026-11-20T20:30:00.000Z', 'cash'],
      // 21 November, 00:10 EAT (20 November 21:10 UTC): the 21st in the shop.
      afterMidnight: ['2026-11-20T21:10:00.000Z', 'mpesa'],
      // 22 November, 10:00 EAT.
      today: ['2026-11-22T07:00:00.000Z', 'mpesa'],
    };
    ids = {};
    for (const [name, [at, method]] of Object.entries(made)) {
      const response = await cashier.post('/api/sales', {
        items: [{ product_id: product.id, quantity: 1, unit_price: 180, unit_type: 'piece' }],
        total: 180,
        customer_id: walkIn,
        payment_method: method,
      });
      expect(response.statusCode, response.body).toBe(201);
      ids[name] = response.json().data.id;
      await t.db
        .update(sales)
        .set({ createdAt: new Date(at) })
        .where(eq(sales.id, ids[name]!));
    }
  });

  async function listed(query: Record<string, string | number>) {
    const response = await cashier.get('/api/sales', { query: { pageSize: 100, ...query } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ sales: { id: number }[]; total: number }>();
    expect(body.total).toBe(body.sales.length);
    return body.sales.map((sale) => sale.id);
  }

  it('takes from and to as shop days in Nairobi, both inclusive', async () => {
    expect(await listed({ from: '2026-11-20', to: '2026-11-20' })).toEqual([
      ids.lateNight,
      ids.midnight,
    ]);
    expect(await listed({ from: '2026-11-21', to: '2026-11-21' })).toEqual([ids.afterMidnight]);
    expect(await listed({ from: '2026-11-19', to: '2026-11-19' })).toEqual([ids.early]);
    expect(await listed({ from: '2026-11-20', to: '2026-11-21' })).toEqual([
      ids.afterMidnight,
      ids.lateNight,
      ids.midnight,
    ]);
    // Each on its own.
    expect(await listed({ from: '2026-11-21' })).toEqual([ids.today, ids.afterMidnight]);
    expect(await listed({ to: '2026-11-19' })).toEqual([ids.early]);
    expect(await listed({ from: '2026-11-23' })).toEqual([]);
    expect(await listed({})).toHaveLength(5);
  });

  it('filters by payment method, with the dates, and counts only the matching sales', async () => {
    expect(await listed({ payment_method: 'cash' })).toEqual([ids.lateNight, ids.early]);
    expect(await listed({ payment_method: 'mpesa' })).toEqual([
      ids.today,
      ids.afterMidnight,
      ids.midnight,
    ]);
    expect(await listed({ payment_method: 'mpesa', from: '2026-11-20', to: '2026-11-21' })).toEqual(
      [ids.afterMidnight, ids.midnight],
    );
    const paged = (
      await cashier.get('/api/sales', { query: { payment_method: 'mpesa', pageSize: 2, page: 2 } })
    ).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2, sales: [{ id: ids.midnight }] });
  });

  it('refuses a bad date, a To before From and an unknown method (400, field named)', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ from: '2026-02-30' }, 'from', 'From date must be a date (YYYY-MM-DD)'],
      [{ to: 'yesterday' }, 'to', 'To date must be a date (YYYY-MM-DD)'],
      [{ from: '2026-11-21', to: '2026-11-20' }, 'to', 'To date must not be before From date'],
      [
        { payment_method: 'card' },
        'payment_method',
        'Payment method must be cash, mpesa, credit or split',
      ],
    ];
    for (const [query, path, message] of cases) {
      const response = await cashier.get('/api/sales', { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().errors).toEqual([{ path, message }]);
    }
  });
});
