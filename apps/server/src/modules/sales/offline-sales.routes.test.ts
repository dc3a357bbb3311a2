/**
 * The offline till's server rules (issue 22, docs/decisions/0012): client_sale_id idempotent,
 * sold_at bounds, an offline sale short of stock recorded and flagged, POST /sales/sync, the
 * needs-review list and the manager's review — store by store.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createProduct,
  saleBody,
  saleLine as line,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { products } from '../products/products.table';
import { stockMovements } from '../products/stock-movements.table';
import { sales } from './sales.table';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let managerA: TestClient;
let managerAName: string;
let managerAId: number;
let cashierA: TestClient;
let adminB: TestClient;
let cashierB: TestClient;
let shopperA: TestClient;
let superAdmin: TestClient;
let walkInA: number;
let walkInB: number;

/** A time `ms` from the server's (the test's) clock, as a device sends it (with an offset). */
function deviceTime(ms: number) {
  return new Date(t.clock.now().getTime() + ms).toISOString();
}

/** A cash sale of the store's walk-in customer, offline unless `extra` says otherwise. */
function offlineSale(items: ReturnType<typeof line>[], extra: Record<string, unknown> = {}) {
  return saleBody({
    items,
    customer_id: walkInA,
    client_sale_id: randomUUID(),
    sold_at: deviceTime(-2 * 60 * MINUTE),
    offline: true,
    ...extra,
  });
}

function omit(body: Record<string, unknown>, ...fields: string[]) {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

async function stockOf(id: number) {
  return (await adminA.get(`/api/products/${id}`)).json().data.stock_pieces as number;
}

async function salesCount(storeId: number) {
  const [row] = await t.db.select({ n: count() }).from(sales).where(eq(sales.storeId, storeId));
  return row!.n;
}

async function saleMovements(productId: number) {
  return t.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), eq(stockMovements.reason, 'sale')));
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Offline Store A')).id;
  storeB = (await buildStore(t.db, 'Offline Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  const manager = await signedIn(t, 'manager', storeA);
  managerA = manager.client;
  managerAName = manager.user.name;
  managerAId = manager.user.id;
  cashierA = (await signedIn(t, 'sales', storeA)).client;
  shopperA = (await signedIn(t, 'user', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  cashierB = (await signedIn(t, 'sales', storeB)).client;
  superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
  walkInA = (await walkInCustomer(cashierA)).id;
  walkInB = (await walkInCustomer(cashierB)).id;
});
afterAll(() => t.close());

describe('POST /api/sales with client_sale_id', () => {
  it('makes one sale of 10 concurrent requests with the same id; the others answer it with 200', async () => {
    const soap = await createProduct(adminA, { quantity: 20 });
    const body = offlineSale([line(soap.id, 3, 60)], { device_receipt_number: 'T3-0042' });
    const before = await salesCount(storeA);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        cashierA.post('/api/sales', body, {
          headers: { 'Idempotency-Key': String(body.client_sale_id) },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(answers.map((answer) => answer.json().data.id));
    expect(ids.size).toBe(1);
    expect(await salesCount(storeA)).toBe(before + 1);
    expect(await stockOf(soap.id)).toBe(17);
    expect(await saleMovements(soap.id)).toHaveLength(1);
    const sale = answers.find((answer) => answer.statusCode === 201)!.json().data;
    expect(sale).toMatchObject({
      client_sale_id: body.client_sale_id,
      sold_at: new Date(String(body.sold_at)).toISOString(),
      createdAt: new Date(String(body.sold_at)).toISOString(),
      offline: true,
      device_receipt_number: 'T3-0042',
      needs_review: false,
      review_reasons: [],
      reviewed_at: null,
      reviewed_by: null,
    });
    // Received later than it was made: uploaded after the fact.
    expect(new Date(sale.received_at).getTime()).toBeGreaterThan(new Date(sale.sold_at).getTime());
    // Every replay answers the same sale, as it was written.
    for (const answer of answers.filter((a) => a.statusCode === 200)) {
      expect(answer.headers['idempotent-replayed']).toBe('true');
      expect(answer.json().data).toMatchObject({
        id: sale.id,
        client_sale_id: body.client_sale_id,
        device_receipt_number: 'T3-0042',
      });
    }
  });

  it('answers the first sale a week later, sent online first and offline later, creating nothing', async () => {
    const rice = await createProduct(adminA, { quantity: 10 });
    const client_sale_id = randomUUID();
    // The till's checkout online: the request reached the server, its answer was lost …
    const online = saleBody({
      items: [line(rice.id, 2, 60)],
      customer_id: walkInA,
      client_sale_id,
    });
    const first = await cashierA.post('/api/sales', online);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ client_sale_id, offline: false });
    // … so the device kept it in its outbox and sends it a week later, as an offline sale.
    t.clock.advance(7 * DAY);
    try {
      // A week on, the cashier has signed in again (sessions last 7 days).
      const cashier = (await signedIn(t, 'sales', storeA)).client;
      const again = await cashier.post('/api/sales', {
        ...online,
        offline: true,
        sold_at: new Date(first.json().data.sold_at).toISOString(),
        device_receipt_number: 'T3-0043',
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ id: first.json().data.id, offline: false });
      const plain = await cashier.post('/api/sales', online);
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.json().data.id).toBe(first.json().data.id);
    } finally {
      t.clock.advance(-7 * DAY);
    }
    expect(await stockOf(rice.id)).toBe(8);
    expect(await saleMovements(rice.id)).toHaveLength(1);
  });

  it('answers the first sale to a copy whose device clock runs ahead (the online retry went without it)', async () => {
    const jam = await createProduct(adminA, { quantity: 5 });
    const client_sale_id = randomUUID();
    const made = saleBody({ items: [line(jam.id, 1, 60)], customer_id: walkInA, client_sale_id });
    const first = await cashierA.post('/api/sales', made);
    expect(first.statusCode, first.body).toBe(201);
    const upload = await cashierA.post('/api/sales/sync', {
      sales: [{ ...made, sold_at: deviceTime(20 * MINUTE) }],
    });
    expect(upload.json().results).toEqual([
      { client_sale_id, status: 'replayed', sale_id: first.json().data.id },
    ]);
    const again = await cashierA.post('/api/sales', {
      ...made,
      offline: true,
      sold_at: deviceTime(20 * MINUTE),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await stockOf(jam.id)).toBe(4);
  });

  it('refuses the same id with a different sale (409) and writes nothing', async () => {
    const milk = await createProduct(adminA, { quantity: 10 });
    const body = offlineSale([line(milk.id, 1, 60)]);
    expect((await cashierA.post('/api/sales', body)).statusCode).toBe(201);
    const before = await salesCount(storeA);
    const other = await cashierA.post('/api/sales', {
      ...offlineSale([line(milk.id, 2, 60)]),
      client_sale_id: body.client_sale_id,
    });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'sale.client_sale_id_reused',
      message: 'This client sale id was used for a different sale',
    });
    // Another Idempotency-Key with the same id is still the id's sale: refused too.
    const keyed = await cashierA.post(
      '/api/sales',
      { ...offlineSale([line(milk.id, 3, 60)]), client_sale_id: body.client_sale_id },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(keyed.statusCode, keyed.body).toBe(409);
    // An Idempotency-Key already used with one client sale id, sent with another: 409.
    const key = randomUUID();
    const keyedFirst = offlineSale([line(milk.id, 1, 60)]);
    expect(
      (await cashierA.post('/api/sales', keyedFirst, { headers: { 'Idempotency-Key': key } }))
        .statusCode,
    ).toBe(201);
    const keyedOther = await cashierA.post(
      '/api/sales',
      { ...keyedFirst, client_sale_id: randomUUID() },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(keyedOther.statusCode, keyedOther.body).toBe(409);
    expect(keyedOther.json().code).toBe('sale.idempotency_key_reused');
    expect(await salesCount(storeA)).toBe(before + 1);
    expect(await stockOf(milk.id)).toBe(8);
  });

  it('keeps ids per store: the same id in another store is another sale', async () => {
    const a = await createProduct(adminA, { quantity: 5 });
    const b = await createProduct(adminB, { quantity: 5 });
    const client_sale_id = randomUUID();
    const inA = await cashierA.post(
      '/api/sales',
      offlineSale([line(a.id, 1, 60)], { client_sale_id }),
    );
    const inB = await cashierB.post(
      '/api/sales',
      offlineSale([line(b.id, 1, 60)], { client_sale_id, customer_id: walkInB }),
    );
    expect(inA.statusCode, inA.body).toBe(201);
    expect(inB.statusCode, inB.body).toBe(201);
    expect(inA.json().data.id).not.toBe(inB.json().data.id);
  });

  it('needs client_sale_id and sold_at for an offline sale (400 naming each)', async () => {
    const tea = await createProduct(adminA, { quantity: 5 });
    const bare = omit(offlineSale([line(tea.id, 1, 60)]), 'client_sale_id', 'sold_at');
    const response = await cashierA.post('/api/sales', bare);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'client_sale_id', message: 'Client sale id is required for an offline sale' },
      { path: 'sold_at', message: 'Sold at is required for an offline sale' },
    ]);
    const notUuid = await cashierA.post('/api/sales', {
      ...offlineSale([line(tea.id, 1, 60)]),
      client_sale_id: 'not-a-uuid',
    });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().errors).toEqual([
      { path: 'client_sale_id', message: 'Client sale id must be a UUID' },
    ]);
    expect(await stockOf(tea.id)).toBe(5);
  });
});

describe('sold_at', () => {
  it('takes a device clock up to 5 minutes fast, refuses one further ahead (400 on sold_at)', async () => {
    const salt = await createProduct(adminA, { quantity: 5 });
    const ahead = await cashierA.post(
      '/api/sales',
      offlineSale([line(salt.id, 1, 60)], { sold_at: deviceTime(5 * MINUTE + 1000) }),
    );
    expect(ahead.statusCode, ahead.body).toBe(400);
    expect(ahead.json().errors).toEqual([
      {
        path: 'sold_at',
        message: `Sold at is more than 5 minutes ahead of the server's clock (${t.clock.now().toISOString()}): check the device's date and time`,
      },
    ]);
    // An offset other than Z is the same instant.
    const fast = new Date(t.clock.now().getTime() + 4 * MINUTE);
    const nairobi = new Date(fast.getTime() + 3 * 60 * MINUTE).toISOString().replace('Z', '+03:00');
    const within = await cashierA.post(
      '/api/sales',
      offlineSale([line(salt.id, 1, 60)], { sold_at: nairobi }),
    );
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json().data.sold_at).toBe(fast.toISOString());
    expect(await stockOf(salt.id)).toBe(4);
  });

  it("refuses a sale older than the store's offline_max_age_days, and follows a changed setting", async () => {
    const oil = await createProduct(adminA, { quantity: 10 });
    const tooOld = await cashierA.post(
      '/api/sales',
      offlineSale([line(oil.id, 1, 60)], { sold_at: deviceTime(-30 * DAY - MINUTE) }),
    );
    expect(tooOld.statusCode, tooOld.body).toBe(400);
    expect(tooOld.json().errors).toEqual([
      {
        path: 'sold_at',
        message:
          'Sold at is more than 30 days ago: this store accepts offline sales up to 30 days old',
      },
    ]);
    const old = await cashierA.post(
      '/api/sales',
      offlineSale([line(oil.id, 1, 60)], { sold_at: deviceTime(-29 * DAY) }),
    );
    expect(old.statusCode, old.body).toBe(201);
    // Placed on the day it was made: the list of that day has it.
    const day = deviceTime(-29 * DAY).slice(0, 10);
    const listed = await adminA.get('/api/sales', { query: { from: day, to: day } });
    expect(listed.json().sales.map((sale: { id: number }) => sale.id)).toContain(
      old.json().data.id,
    );
    // And the reports of that day count it (created_at is sold_at; its lines and parts too).
    const report = await adminA.get('/api/reports/sales-summary', {
      query: { start: day, end: day },
    });
    expect(report.json().data).toMatchObject({
      totalSales: 60,
      count: 1,
      byDay: [{ date: day, revenue: 60, count: 1 }],
    });

    const settings = await adminA.put(`/api/stores/${storeA}/settings`, {
      offline_max_age_days: 7,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      const week = await cashierA.post(
        '/api/sales',
        offlineSale([line(oil.id, 1, 60)], { sold_at: deviceTime(-8 * DAY) }),
      );
      expect(week.statusCode, week.body).toBe(400);
      expect(week.json().errors[0]).toEqual({
        path: 'sold_at',
        message:
          'Sold at is more than 7 days ago: this store accepts offline sales up to 7 days old',
      });
      // Store B keeps its own setting (the default).
      const b = await createProduct(adminB, { quantity: 5 });
      const inB = await cashierB.post(
        '/api/sales',
        offlineSale([line(b.id, 1, 60)], { sold_at: deviceTime(-8 * DAY), customer_id: walkInB }),
      );
      expect(inB.statusCode, inB.body).toBe(201);
    } finally {
      await adminA.put(`/api/stores/${storeA}/settings`, { offline_max_age_days: 30 });
    }
    expect(await stockOf(oil.id)).toBe(9);
  });

  it('places an online sale with sold_at at that time, bounded alike, with the online stock rules', async () => {
    const bread = await createProduct(adminA, { quantity: 1 });
    const at = deviceTime(-10 * MINUTE);
    const made = await cashierA.post(
      '/api/sales',
      saleBody({ items: [line(bread.id, 1, 60)], customer_id: walkInA, sold_at: at }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ sold_at: at, createdAt: at, offline: false });
    const short = await cashierA.post(
      '/api/sales',
      saleBody({ items: [line(bread.id, 1, 60)], customer_id: walkInA, sold_at: at }),
    );
    expect(short.statusCode, short.body).toBe(409);
  });
});

describe('an offline sale short of stock', () => {
  it('is recorded (201): stock below zero, a sale movement, flagged with each short product', async () => {
    const sugar = await createProduct(adminA, { name: 'Sugar 1kg', quantity: 2 });
    const maize = await createProduct(adminA, { name: 'Maize flour', quantity: 1, pack_size: 6 });
    const beans = await createProduct(adminA, { name: 'Beans', quantity: 50 });
    const body = offlineSale([
      line(sugar.id, 5, 60),
      line(beans.id, 2, 60),
      line(maize.id, 1, 330, 'pack'),
    ]);

    // Online, the same sale is refused as always, and nothing is written.
    const online = omit(body, 'offline');
    const refused = await cashierA.post('/api/sales', { ...online, client_sale_id: randomUUID() });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'sale.insufficient_stock',
      message: 'Insufficient stock for Sugar 1kg',
    });
    expect(await stockOf(sugar.id)).toBe(2);

    const response = await cashierA.post('/api/sales', body);
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json().data;
    expect(sale).toMatchObject({ offline: true, needs_review: true, reviewed_at: null });
    expect(sale.review_reasons).toEqual([
      {
        kind: 'insufficient_stock',
        product_id: sugar.id,
        product_name: 'Sugar 1kg',
        message: 'Insufficient stock for Sugar 1kg',
        stock_pieces_before: 2,
        pieces: 5,
      },
      {
        kind: 'insufficient_stock',
        product_id: maize.id,
        product_name: 'Maize flour',
        message: 'Insufficient stock for Maize flour',
        stock_pieces_before: 1,
        pieces: 6,
      },
    ]);
    expect(await stockOf(sugar.id)).toBe(-3);
    expect(await stockOf(maize.id)).toBe(-5);
    expect(await stockOf(beans.id)).toBe(48);
    const moves = await saleMovements(sugar.id);
    expect(moves.map((move) => [move.changePieces, move.reference])).toEqual([
      [-5, `SALE-${sale.id}`],
    ]);
    // The movement at the time the goods left the shop.
    expect(moves[0]!.createdAt.toISOString()).toBe(sale.sold_at);
    // GET answers the same.
    const read = await adminA.get(`/api/sales/${sale.id}`);
    expect(read.json().data).toMatchObject({
      needs_review: true,
      review_reasons: sale.review_reasons,
    });

    // Online sales never take it further below zero, not even one piece.
    const more = await cashierA.post(
      '/api/sales',
      saleBody({ items: [line(sugar.id, 1, 60)], customer_id: walkInA }),
    );
    expect(more.statusCode, more.body).toBe(409);
    expect(more.json().message).toBe('Insufficient stock for Sugar 1kg');
    // Another offline sale takes it further, flagged with the stock it found.
    const again = await cashierA.post('/api/sales', offlineSale([line(sugar.id, 1, 60)]));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.review_reasons).toEqual([
      expect.objectContaining({ product_id: sugar.id, stock_pieces_before: -3, pieces: 1 }),
    ]);
    expect(await stockOf(sugar.id)).toBe(-4);
  });

  it('a stock update outside a sale still cannot write a negative stock', async () => {
    const flour = await createProduct(adminA, { quantity: 1 });
    await expect(
      t.db.update(products).set({ stockPieces: -1 }).where(eq(products.id, flour.id)),
    ).rejects.toThrow();
    expect(await stockOf(flour.id)).toBe(1);
  });
});

describe('an offline sale naming a product no longer sold', () => {
  it('is recorded when the product was deactivated since (flagged, stock taken); refused online', async () => {
    const tea = await createProduct(adminA, { name: 'Tea leaves 250g', quantity: 1 });
    const milk = await createProduct(adminA, { name: 'Milk 500ml', quantity: 10 });
    const off = await adminA.put(`/api/products/${tea.id}`, { is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    const body = offlineSale([line(milk.id, 1, 60), line(tea.id, 2, 60)]);

    // Online, a product no longer sold is refused as always, and nothing is written.
    const online = await cashierA.post('/api/sales', {
      ...omit(body, 'offline'),
      client_sale_id: randomUUID(),
    });
    expect(online.statusCode, online.body).toBe(400);
    expect(online.json().errors[0].path).toBe('items.1.product_id');
    expect(await stockOf(tea.id)).toBe(1);

    // Offline, the goods left the shop: recorded, the stock taken (below 0), flagged.
    const response = await cashierA.post('/api/sales', body);
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json().data;
    expect(sale).toMatchObject({ offline: true, needs_review: true });
    expect(sale.review_reasons).toEqual([
      {
        kind: 'inactive_product',
        product_id: tea.id,
        product_name: 'Tea leaves 250g',
        message: 'Tea leaves 250g is no longer sold',
        stock_pieces_before: 1,
        pieces: 2,
      },
      {
        kind: 'insufficient_stock',
        product_id: tea.id,
        product_name: 'Tea leaves 250g',
        message: 'Insufficient stock for Tea leaves 250g',
        stock_pieces_before: 1,
        pieces: 2,
      },
    ]);
    expect(await stockOf(tea.id)).toBe(-1);
    expect(await stockOf(milk.id)).toBe(9);
    expect((await saleMovements(tea.id)).map((move) => move.changePieces)).toEqual([-2]);
    // Still not sold again: the product stays inactive.
    expect((await adminA.get(`/api/products/${tea.id}`)).json().data.is_active).toBe(false);
  });

  it('is refused through /sales/sync when the product was deleted since, the others written', async () => {
    const gone = await createProduct(adminA, { name: 'Gone soon', quantity: 5 });
    const kept = await createProduct(adminA, { name: 'Kept', quantity: 5 });
    const deleted = await adminA.delete(`/api/products/${gone.id}`);
    expect(deleted.json()).toMatchObject({ success: true, deactivated: false });
    const before = await salesCount(storeA);
    const lost = offlineSale([line(gone.id, 1, 60)]);
    const fine = offlineSale([line(kept.id, 1, 60)]);
    const response = await cashierA.post('/api/sales/sync', { sales: [lost, fine] });
    expect(response.json().results).toEqual([
      {
        client_sale_id: lost.client_sale_id,
        status: 'refused',
        message: `Product with id ${gone.id} not found`,
        field: 'items.0.product_id',
        code: 400,
      },
      { client_sale_id: fine.client_sale_id, status: 'created', sale_id: expect.any(Number) },
    ]);
    expect(await salesCount(storeA)).toBe(before + 1);
  });
});

describe('POST /api/sales/sync', () => {
  it('answers created, replayed and refused items in the order sent; a refused one stops none', async () => {
    const soda = await createProduct(adminA, { name: 'Soda 500ml', quantity: 3 });
    const first = offlineSale([line(soda.id, 1, 60)], { sold_at: deviceTime(-3 * 60 * MINUTE) });
    expect((await cashierA.post('/api/sales', first)).statusCode).toBe(201);
    const before = await salesCount(storeA);

    const fresh = offlineSale([line(soda.id, 1, 60)], { sold_at: deviceTime(-2 * 60 * MINUTE) });
    const noTime = omit(offlineSale([line(soda.id, 1, 60)]), 'offline', 'sold_at');
    const missingProduct = offlineSale([line(999_999, 1, 60)]);
    const reused = { ...offlineSale([line(soda.id, 2, 60)]), client_sale_id: fresh.client_sale_id };
    const short = offlineSale([line(soda.id, 4, 60)], { sold_at: deviceTime(-MINUTE) });
    const batch = [first, fresh, noTime, missingProduct, reused, short];

    const response = await cashierA.post('/api/sales/sync', { sales: batch });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json();
    expect(results).toHaveLength(6);
    expect(results.map((r: { client_sale_id: string }) => r.client_sale_id)).toEqual(
      batch.map((sale) => sale.client_sale_id),
    );
    expect(results[0]).toEqual({
      client_sale_id: first.client_sale_id,
      status: 'replayed',
      sale_id: expect.any(Number),
    });
    expect(results[1]).toEqual({
      client_sale_id: fresh.client_sale_id,
      status: 'created',
      sale_id: expect.any(Number),
    });
    // An item is an offline sale unless it says otherwise: it needs its sold_at.
    expect(results[2]).toEqual({
      client_sale_id: noTime.client_sale_id,
      status: 'refused',
      message: 'Sold at is required for an offline sale',
      field: 'sold_at',
      code: 400,
    });
    expect(results[3]).toEqual({
      client_sale_id: missingProduct.client_sale_id,
      status: 'refused',
      message: 'Product with id 999999 not found',
      field: 'items.0.product_id',
      code: 400,
    });
    // The id of item 1 (created in this batch) with another sale.
    expect(results[4]).toEqual({
      client_sale_id: fresh.client_sale_id,
      status: 'refused',
      message: 'This client sale id was used for a different sale',
      code: 409,
    });
    expect(results[5]).toMatchObject({ status: 'created', sale_id: expect.any(Number) });
    expect(await salesCount(storeA)).toBe(before + 2);

    // The short one is recorded and flagged, the stock below zero: 3 − 1 − 1 − 4.
    const flagged = await adminA.get(`/api/sales/${results[5].sale_id}`);
    expect(flagged.json().data).toMatchObject({
      offline: true,
      needs_review: true,
      review_reasons: [expect.objectContaining({ product_id: soda.id, stock_pieces_before: 1 })],
    });
    expect(await stockOf(soda.id)).toBe(-3);
    // Created at the device's time, received now.
    const made = (await adminA.get(`/api/sales/${results[1].sale_id}`)).json().data;
    expect(made.sold_at).toBe(new Date(String(fresh.sold_at)).toISOString());

    // The whole batch sent again (its answer was lost): nothing new, the same sales.
    const again = await cashierA.post('/api/sales/sync', { sales: batch });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual([
      'replayed',
      'replayed',
      'refused',
      'refused',
      'refused',
      'replayed',
    ]);
    expect(again.json().results[5].sale_id).toBe(results[5].sale_id);
    expect(await salesCount(storeA)).toBe(before + 2);
    expect(await stockOf(soda.id)).toBe(-3);
  });

  it('writes them as if one by one, oldest first: the sales after the stock ran out are flagged', async () => {
    const bread = await createProduct(adminA, { name: 'Bread 400g', quantity: 2 });
    const others = await Promise.all([1, 2, 3].map(() => createProduct(adminA, { quantity: 10 })));
    const batch = [
      offlineSale([line(bread.id, 1, 60)], { sold_at: deviceTime(-50 * MINUTE) }),
      offlineSale([line(others[0]!.id, 1, 60)], { sold_at: deviceTime(-40 * MINUTE) }),
      offlineSale([line(others[1]!.id, 1, 60), line(bread.id, 1, 60)], {
        sold_at: deviceTime(-30 * MINUTE),
      }),
      offlineSale([line(others[2]!.id, 1, 60)], { sold_at: deviceTime(-20 * MINUTE) }),
      offlineSale([line(bread.id, 1, 60)], { sold_at: deviceTime(-10 * MINUTE) }),
      offlineSale([line(bread.id, 2, 60)], { sold_at: deviceTime(-5 * MINUTE) }),
    ];
    const response = await cashierA.post('/api/sales/sync', { sales: batch });
    const results = response.json().results as { status: string; sale_id: number }[];
    expect(results.map((result) => result.status)).toEqual(Array(6).fill('created'));
    const flags = await Promise.all(
      results.map(async (result) => {
        const sale = (await adminA.get(`/api/sales/${result.sale_id}`)).json().data;
        return sale.review_reasons.map(
          (reason: { stock_pieces_before: number; pieces: number }) => [
            reason.stock_pieces_before,
            reason.pieces,
          ],
        );
      }),
    );
    expect(flags).toEqual([[], [], [], [], [[0, 1]], [[-1, 2]]]);
    expect(await stockOf(bread.id)).toBe(-3);
  });

  it('takes an item that says offline: false as an online sale (short stock refused)', async () => {
    const gum = await createProduct(adminA, { quantity: 1 });
    const item = offlineSale([line(gum.id, 2, 60)], { offline: false });
    const response = await cashierA.post('/api/sales/sync', { sales: [item] });
    expect(response.json().results).toEqual([
      {
        client_sale_id: item.client_sale_id,
        status: 'refused',
        message: `Insufficient stock for ${gum.name}`,
        code: 409,
      },
    ]);
    expect(await stockOf(gum.id)).toBe(1);
  });

  it('checks the batch: a list of 1 to 100 sales, each with its client sale id; staff only', async () => {
    const empty = await cashierA.post('/api/sales/sync', { sales: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'sales', message: 'Send at least one sale' }]);
    const many = await cashierA.post('/api/sales/sync', {
      sales: Array.from({ length: 101 }, () => ({ client_sale_id: randomUUID() })),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0].message).toBe('Send at most 100 sales at a time');
    const noId = await cashierA.post('/api/sales/sync', { sales: [{ total: 1 }] });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors[0].path).toBe('sales.0.client_sale_id');
    const shopper = await shopperA.post('/api/sales/sync', {
      sales: [{ client_sale_id: randomUUID() }],
    });
    expect(shopper.statusCode).toBe(403);
  });

  it('reads a full batch of big sales (past the app-wide 1 MB body limit)', async () => {
    const cola = await createProduct(adminA, { quantity: 5 });
    // 100 sales of 500 lines: over 4 MB. Each is refused on its own (no customer 0), so the
    // test writes nothing, but the batch is read and answered item by item, not 413.
    const lines = Array.from({ length: 500 }, () => line(cola.id, 100_000, 99_999.99));
    const batch = Array.from({ length: 100 }, () => offlineSale(lines, { customer_id: 0 }));
    const body = JSON.stringify({ sales: batch });
    expect(body.length).toBeGreaterThan(4 * 1024 * 1024);
    const response = await cashierA.post('/api/sales/sync', { sales: batch });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const results = response.json().results as { status: string; code?: number }[];
    expect(results).toHaveLength(100);
    expect(results.every((r) => r.status === 'refused' && r.code === 400)).toBe(true);
    expect(await stockOf(cola.id)).toBe(5);
  });

  it("refuses the batch of another person's sales (user_id) and writes none of them", async () => {
    const salt = await createProduct(adminA, { quantity: 5 });
    const item = offlineSale([line(salt.id, 1, 60)]);
    const before = await salesCount(storeA);
    // A tab still showing the manager while another tab signed the cashier in: the cashier's
    // cookie goes with the manager's sales.
    const other = await cashierA.post('/api/sales/sync', { user_id: managerAId, sales: [item] });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'sale.sync_other_user',
      message:
        'These sales belong to another person: they upload only when that person is signed in',
    });
    expect(await salesCount(storeA)).toBe(before);
    expect(await stockOf(salt.id)).toBe(5);
    // Their own person's session uploads them.
    const own = await managerA.post('/api/sales/sync', { user_id: managerAId, sales: [item] });
    expect(own.json().results).toEqual([
      { client_sale_id: item.client_sale_id, status: 'created', sale_id: expect.any(Number) },
    ]);
    const sale = (await adminA.get(`/api/sales/${own.json().results[0].sale_id}`)).json().data;
    expect(sale.User.name).toBe(managerAName);
    const bad = await managerA.post('/api/sales/sync', { user_id: 'me', sales: [item] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({
      path: 'user_id',
      message: 'User id must be a whole number',
    });
  });

  it("keeps stores apart: store B's device cannot sell store A's products", async () => {
    const a = await createProduct(adminA, { quantity: 5 });
    const item = offlineSale([line(a.id, 1, 60)], { customer_id: walkInB });
    const response = await cashierB.post('/api/sales/sync', { sales: [item] });
    expect(response.json().results[0]).toMatchObject({
      status: 'refused',
      field: 'items.0.product_id',
      code: 400,
    });
    expect(await stockOf(a.id)).toBe(5);
  });
});

describe('needs review', () => {
  let flaggedId: number;
  let cleanId: number;

  beforeAll(async () => {
    const eggs = await createProduct(adminA, { name: 'Eggs tray', quantity: 1 });
    const flagged = await cashierA.post(
      '/api/sales',
      offlineSale([line(eggs.id, 3, 60)], { sold_at: deviceTime(-MINUTE) }),
    );
    expect(flagged.statusCode, flagged.body).toBe(201);
    flaggedId = flagged.json().data.id;
    const plenty = await createProduct(adminA, { quantity: 10 });
    const clean = await cashierA.post('/api/sales', offlineSale([line(plenty.id, 1, 60)]));
    expect(clean.json().data.needs_review).toBe(false);
    cleanId = clean.json().data.id;
  });

  it('lists the flagged sales not yet reviewed, newest first, of the store only', async () => {
    const list = await cashierA.get('/api/sales', { query: { needs_review: 'true' } });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().sales as { id: number; needs_review: boolean; createdAt: string }[];
    expect(rows.map((row) => row.id)).toContain(flaggedId);
    expect(rows.map((row) => row.id)).not.toContain(cleanId);
    expect(rows.every((row) => row.needs_review)).toBe(true);
    const times = rows.map((row) => row.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(list.json().total).toBe(rows.length);
    const inB = await adminB.get('/api/sales', { query: { needs_review: 'true' } });
    expect(inB.json()).toMatchObject({ sales: [], total: 0 });
    const bad = await cashierA.get('/api/sales', { query: { needs_review: 'yes' } });
    expect(bad.statusCode).toBe(400);
  });

  it('is marked reviewed by a manager of the store: cashier 403, another store 404', async () => {
    expect((await cashierA.post(`/api/sales/${flaggedId}/review`, {})).statusCode).toBe(403);
    expect((await adminB.post(`/api/sales/${flaggedId}/review`, {})).statusCode).toBe(404);
    const notNeeded = await managerA.post(`/api/sales/${cleanId}/review`, {});
    expect(notNeeded.statusCode).toBe(409);
    expect(notNeeded.json()).toMatchObject({
      code: 'sale.review_not_needed',
      message: 'This sale does not need review',
    });

    const reviewed = await managerA.post(`/api/sales/${flaggedId}/review`, {
      note: 'Counted: 2 trays were in the store room',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({
      success: true,
      data: {
        id: flaggedId,
        needs_review: false,
        reviewed_at: t.clock.now().toISOString(),
        reviewed_by: { id: managerAId, name: managerAName },
        review_note: 'Counted: 2 trays were in the store room',
        review_reasons: [expect.objectContaining({ product_name: 'Eggs tray' })],
      },
    });
    const read = await cashierA.get(`/api/sales/${flaggedId}`);
    expect(read.json().data.reviewed_by).toEqual({ id: managerAId, name: managerAName });
    const list = await cashierA.get('/api/sales', { query: { needs_review: 'true' } });
    expect(list.json().sales.map((row: { id: number }) => row.id)).not.toContain(flaggedId);

    const twice = await managerA.post(`/api/sales/${flaggedId}/review`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This sale was already reviewed');
  });

  it('is reviewed by a super_admin in the store they act on', async () => {
    const cups = await createProduct(adminA, { quantity: 0 });
    const sale = await cashierA.post('/api/sales', offlineSale([line(cups.id, 1, 60)]));
    const id = sale.json().data.id;
    const reviewed = await superAdmin.post(`/api/sales/${id}/review`, { store_id: storeA });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().data).toMatchObject({ needs_review: false, review_note: null });
    expect(
      (await superAdmin.post(`/api/sales/${id}/review`, { store_id: storeB })).statusCode,
    ).toBe(404);
  });
});
