/**
 * The reports net of returns (issue 24), to the cent, the returns made through the API. A return
 * counts on the shop day it was made — as its refund leaves the drawer that day — not on its
 * sale's: product performance, profit and top sellers take its pieces, refund and profit off;
 * the sales summary takes its refund off the method it was paid back by and names the range's
 * returns. Every figure below is worked out by hand from the sales and returns written here.
 */
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  backdateSale,
  buildStore,
  createCustomer,
  createProduct,
  createSale,
  saleLine as line,
  signedIn,
  type SaleFields,
  walkInCustomer,
} from '../../testing/factories';
import { products } from '../products/products.table';
import { saleReturnItems, saleReturns } from '../returns/returns.table';
import { sales } from '../sales/sales.table';

let t: TestApp;
let store: number;
let admin: TestClient;
let walkIn: number;
const ids = {} as Record<'p' | 'q' | 'x' | 'delivery', number>;

const UNPRICED = {
  piece_buying_price: 0,
  piece_selling_price: 0,
  pack_buying_price: 0,
  pack_selling_price: 0,
  dozen_buying_price: 0,
  dozen_selling_price: 0,
  min_quantity: 0,
};

let mpesaCodes = 0;

/**
 * A return of some of a sale's lines through POST /api/sales/{id}/returns (each line back on the
 * shelf), then moved to `at` as a return made then would have been written: the return's time
 * and its lines' copies of it. Returns the return's id.
 */
async function recordReturn(
  sale: Sale,
  lines: { item: number; quantity: number }[],
  refundMethod: 'cash' | 'mpesa' | 'credit',
  at: string,
  client: TestClient = admin,
): Promise<number> {
  mpesaCodes += 1;
  const response = await client.post(`/api/sales/${sale.id}/returns`, {
    items: lines.map(({ item, quantity }) => ({ sale_item_id: item, quantity, restock: true })),
    refund_method: refundMethod,
    ...(refundMethod === 'mpesa'
      ? { mpesa_code: `RFD${String(mpesaCodes).padStart(7, '0')}` }
      : {}),
    reason: 'Changed their mind',
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ data: { id: number } }>().data.id;
  await t.db
    .update(saleReturns)
    .set({ createdAt: new Date(at) })
    .where(eq(saleReturns.id, id));
  await t.db
    .update(saleReturnItems)
    .set({ returnedAt: new Date(at) })
    .where(eq(saleReturnItems.returnId, id));
  return id;
}

/** A sale made through the API, then moved to `at`; its lines by product. */
async function saleAt(fields: Pick<SaleFields, 'items'> & Record<string, unknown>, at: string) {
  const sale = await createSale(admin, { ...fields, customer_id: walkIn });
  await backdateSale(t.db, sale, at);
  const item = (productId: number) => sale.items.find((i) => i.product_id === productId)!.id;
  return { sale, item };
}

interface PerformanceRow {
  productId: number;
  quantity: number;
  revenue: number;
  profit: number;
  averagePrice: number;
  lastSold: string | null;
}
const performance = async (range: string, sort = 'revenue') => {
  const response = await admin.get(`/api/reports/product-performance?${range}&sort=${sort}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    products: PerformanceRow[];
    summary: { totalRevenue: number; totalProfit: number; productCount: number };
  };
};
const row = (data: { products: PerformanceRow[] }, id: number) =>
  data.products.find((product) => product.productId === id);
const summary = async (range: string) => {
  const response = await admin.get(`/api/reports/sales-summary?${range}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const profit = async (range: string) =>
  (await admin.get(`/api/reports/profit?${range}`)).json().data;

beforeAll(async () => {
  t = await createTestApp();
  store = (await buildStore(t.db, 'Returns Reports Store')).id;
  admin = (await signedIn(t, 'admin', store)).client;
  walkIn = (await walkInCustomer(admin)).id;
  // P: bought at 60, sold at 100. Q: bought at 10, sold at 25. X: bought at 100, sold at 250.
  ids.p = (
    await createProduct(admin, {
      ...UNPRICED,
      name: 'Pasi',
      sku: 'P-1',
      piece_buying_price: 60,
      piece_selling_price: 100,
      quantity: 100,
    })
  ).id;
  ids.q = (
    await createProduct(admin, {
      ...UNPRICED,
      name: 'Quench',
      sku: 'Q-1',
      piece_buying_price: 10,
      piece_selling_price: 25,
      quantity: 100,
    })
  ).id;
  ids.x = (
    await createProduct(admin, {
      ...UNPRICED,
      name: 'Xylo',
      sku: 'X-1',
      piece_buying_price: 100,
      piece_selling_price: 250,
      quantity: 100,
    })
  ).id;
  ids.delivery = (
    await createProduct(admin, {
      ...UNPRICED,
      name: 'Delivery Service',
      sku: 'SRV001',
      kind: 'service',
      piece_selling_price: 200,
      quantity: 0,
    })
  ).id;
});
afterAll(() => t.close());

describe('a return on the day of its sale', () => {
  // 20 October 10:00 EAT: 3 P at 100 (bought at 60), cash, and X at 250 the same day; at 12:00
  // EAT one P comes back, refunded in cash.
  const day = 'start=2026-10-20&end=2026-10-20';
  const october = 'start=2026-10-01&end=2026-10-31';
  beforeAll(async () => {
    const s1 = await saleAt({ items: [line(ids.p, 3, 100)] }, '2026-10-20T07:00:00.000Z');
    await saleAt({ items: [line(ids.x, 1, 250)] }, '2026-10-20T08:00:00.000Z');
    await recordReturn(
      s1.sale,
      [{ item: s1.item(ids.p), quantity: 1 }],
      'cash',
      '2026-10-20T09:00:00.000Z',
    );
  });

  it('counts 2 of the 3 sold: revenue 200, profit 80, from the lines and from the month alike', async () => {
    for (const range of [day, october]) {
      const data = await performance(range);
      expect(row(data, ids.p), range).toEqual({
        productId: ids.p,
        productName: 'Pasi',
        productSku: 'P-1',
        quantity: 2,
        revenue: 200,
        profit: 80,
        averagePrice: 100,
        lastSold: '2026-10-20T07:00:00.000Z',
      });
      // X: 250, profit 150.
      expect(data.summary, range).toEqual({ totalRevenue: 450, totalProfit: 230, productCount: 3 });
    }
    expect(await profit(day)).toEqual({
      revenue: 450,
      costOfGoods: 220, // 2 × 60 + 100
      grossProfit: 230,
      expenses: 0,
      profitAfterExpenses: 230,
    });
  });

  it('takes the cash refund off cash, names the returns, and nets the day', async () => {
    expect(await summary(day)).toEqual({
      paymentMethods: { cash: 450, mpesa: 0, credit: 0 }, // 300 + 250 − 100
      repayments: { cash: 0, mpesa: 0 },
      totalSales: 450,
      count: 2,
      returns: 100,
      byDay: [{ date: '2026-10-20', revenue: 450, count: 2 }],
    });
  });

  it('ranks the top sellers net: X (250) above P (300 sold, 100 back)', async () => {
    const top = await performance(day);
    expect(top.products.slice(0, 2).map((product) => [product.productId, product.revenue])).toEqual(
      [
        [ids.x, 250],
        [ids.p, 200],
      ],
    );
  });
});

describe('a return in a later month than its sale', () => {
  // 31 October 23:30 EAT, M-Pesa: 4 Q at 25 (profit 60) and 2 P at 100 (profit 80), with a
  // delivery fee of 150. 1 November 00:30 EAT (still 31 October in UTC): the 4 Q come back,
  // 2 of them at first and 2 more an hour later, sent back by M-Pesa (50 each, profit 30 each).
  beforeAll(async () => {
    const s2 = await saleAt(
      {
        items: [line(ids.q, 4, 25), line(ids.p, 2, 100)],
        payment_method: 'mpesa',
        delivery_fee: 150,
      },
      '2026-10-31T20:30:00.000Z',
    );
    await recordReturn(
      s2.sale,
      [{ item: s2.item(ids.q), quantity: 2 }],
      'mpesa',
      '2026-10-31T21:30:00.000Z',
    );
    await recordReturn(
      s2.sale,
      [{ item: s2.item(ids.q), quantity: 2 }],
      'mpesa',
      '2026-10-31T22:30:00.000Z',
    );
  });

  it('lands in the month it was made, not the sale’s', async () => {
    const october = await performance('start=2026-10-01&end=2026-10-31');
    expect(row(october, ids.q)).toMatchObject({ quantity: 4, revenue: 100, profit: 60 });
    expect(row(october, ids.p)).toMatchObject({ quantity: 4, revenue: 400, profit: 160 });
    const november = await performance('start=2026-11-01&end=2026-11-30');
    expect(row(november, ids.q)).toMatchObject({
      quantity: -4,
      revenue: -100,
      profit: -60,
      lastSold: null,
    });
    // Across the boundary, two pieces of months read from their lines: nothing of Q is left.
    const both = await performance('start=2026-10-31&end=2026-11-01');
    expect(row(both, ids.q)).toMatchObject({ quantity: 0, revenue: 0, profit: 0 });
    expect(row(both, ids.p)).toMatchObject({ quantity: 2, revenue: 200, profit: 80 });
  });

  it('takes the M-Pesa refund off M-Pesa in the later month', async () => {
    const october = await summary('start=2026-10-31&end=2026-10-31');
    expect(october).toMatchObject({
      paymentMethods: { cash: 0, mpesa: 450, credit: 0 }, // 100 + 200 + 150
      totalSales: 450,
      count: 1,
      returns: 0,
    });
    expect(await summary('start=2026-11-01&end=2026-11-01')).toEqual({
      paymentMethods: { cash: 0, mpesa: -100, credit: 0 },
      repayments: { cash: 0, mpesa: 0 },
      totalSales: -100,
      count: 0,
      returns: 100,
      byDay: [{ date: '2026-11-01', revenue: -100, count: 0 }],
    });
    const both = await summary('start=2026-10-31&end=2026-11-01');
    expect(both).toMatchObject({
      paymentMethods: { cash: 0, mpesa: 350, credit: 0 },
      totalSales: 350,
      count: 1,
      returns: 100,
    });
  });
});

describe('a credit refund', () => {
  it('comes off credit; a returned delivery fee off the takings, not product revenue', async () => {
    // 10 November: a named customer buys 1 X at 250 with delivery 200 on credit; on the 11th
    // the X comes back off their balance (250), and on the 12th the delivery too (200).
    const customer = await createCustomer(admin);
    const sale = await createSale(admin, {
      items: [line(ids.x, 1, 250), line(ids.delivery, 1, 200)],
      customer_id: customer.id,
      payment_method: 'credit',
    });
    await backdateSale(t.db, sale, '2026-11-10T09:00:00.000Z');
    const item = (id: number) => sale.items.find((i) => i.product_id === id)!.id;
    await recordReturn(
      sale,
      [{ item: item(ids.x), quantity: 1 }],
      'credit',
      '2026-11-11T09:00:00.000Z',
    );
    await recordReturn(
      sale,
      [{ item: item(ids.delivery), quantity: 1 }],
      'credit',
      '2026-11-12T09:00:00.000Z',
    );

    const range = 'start=2026-11-10&end=2026-11-12';
    expect(await summary(range)).toEqual({
      paymentMethods: { cash: 0, mpesa: 0, credit: 0 }, // 450 − 250 − 200
      repayments: { cash: 0, mpesa: 0 },
      totalSales: 0,
      count: 1,
      returns: 450,
      byDay: [
        { date: '2026-11-10', revenue: 450, count: 1 },
        { date: '2026-11-11', revenue: -250, count: 0 },
        { date: '2026-11-12', revenue: -200, count: 0 },
      ],
    });
    expect((await summary('start=2026-11-12&end=2026-11-12')).paymentMethods.credit).toBe(-200);
    // Product revenue: X sold and returned; the delivery was never product revenue.
    const data = await performance(range);
    expect(row(data, ids.x)).toMatchObject({ quantity: 0, revenue: 0, profit: 0 });
    expect(row(data, ids.delivery)).toBeUndefined();
    expect(data.summary.totalRevenue).toBe(0);
  });
});

describe('a piece of a month', () => {
  it('reads its lines, not the month’s sums, when a return was made in the rest of the month', async () => {
    // December: 2 X on the 2nd; 1 of them back on the 20th. 1–5 December holds the sale alone.
    const s = await saleAt({ items: [line(ids.x, 2, 250)] }, '2026-12-02T09:00:00.000Z');
    const piece = 'start=2026-12-01&end=2026-12-05';
    expect(row(await performance(piece), ids.x)).toMatchObject({ quantity: 2, revenue: 500 });
    await recordReturn(
      s.sale,
      [{ item: s.item(ids.x), quantity: 1 }],
      'cash',
      '2026-12-20T09:00:00.000Z',
    );
    expect(row(await performance(piece), ids.x)).toMatchObject({
      quantity: 2,
      revenue: 500,
      profit: 300,
    });
    expect(row(await performance('start=2026-12-15&end=2026-12-31'), ids.x)).toMatchObject({
      quantity: -1,
      revenue: -250,
      profit: -150,
    });
    expect(row(await performance('start=2026-12-01&end=2026-12-31'), ids.x)).toMatchObject({
      quantity: 1,
      revenue: 250,
      profit: 150,
      lastSold: '2026-12-02T09:00:00.000Z',
    });
  });
});

describe('the monthly sums', () => {
  it('equal the sale lines less the returned lines, whatever changes them', async () => {
    const [kept, summed] = await monthlySumsAndLines(store);
    // October: P, Q, X; November: Q (returns only), X (sold and returned); December: X.
    expect(kept).toHaveLength(6);
    expect(kept).toEqual(summed);

    // A return moved from November to October (its sale's month) and back.
    const [november] = await t.db
      .select({ id: saleReturnItems.id })
      .from(saleReturnItems)
      .where(eq(saleReturnItems.returnedAt, new Date('2026-10-31T21:30:00.000Z')));
    const move = (at: string) =>
      t.db
        .update(saleReturnItems)
        .set({ returnedAt: new Date(at) })
        .where(eq(saleReturnItems.id, november!.id));
    await move('2026-10-31T20:45:00.000Z');
    expect(row(await performance('start=2026-10-01&end=2026-10-31'), ids.q)).toMatchObject({
      quantity: 2,
      revenue: 50,
    });
    const [kept2, summed2] = await monthlySumsAndLines(store);
    expect(kept2).toEqual(summed2);
    await move('2026-10-31T21:30:00.000Z');

    // A sale cancelled: its returns stop counting with it; restored, they count again.
    const [sold] = await t.db
      .select({ saleId: saleReturns.saleId })
      .from(saleReturns)
      .where(eq(saleReturns.refundMethod, 'mpesa'));
    await t.db.update(sales).set({ status: 'cancelled' }).where(eq(sales.id, sold!.saleId));
    expect(row(await performance('start=2026-11-01&end=2026-11-30'), ids.q)).toMatchObject({
      quantity: 0,
      revenue: 0,
    });
    expect((await summary('start=2026-11-01&end=2026-11-01')).returns).toBe(0);
    const [kept3, summed3] = await monthlySumsAndLines(store);
    expect(kept3).toEqual(summed3);
    await t.db.update(sales).set({ status: 'completed' }).where(eq(sales.id, sold!.saleId));
    expect(row(await performance('start=2026-11-01&end=2026-11-30'), ids.q)).toMatchObject({
      quantity: -4,
      revenue: -100,
    });

    // A return deleted; then a product deleted: its lines and returned lines become product 0.
    const [december] = await t.db
      .select({ id: saleReturns.id })
      .from(saleReturns)
      .where(eq(saleReturns.createdAt, new Date('2026-12-20T09:00:00.000Z')));
    await t.db.delete(saleReturns).where(eq(saleReturns.id, december!.id));
    expect(row(await performance('start=2026-12-01&end=2026-12-31'), ids.x)).toMatchObject({
      quantity: 2,
      revenue: 500,
    });
    await t.db.delete(products).where(eq(products.id, ids.q));
    const november2 = await performance('start=2026-11-01&end=2026-11-30');
    expect(row(november2, ids.q)).toBeUndefined();
    // November: Q's returns (−100) as product 0, X sold and returned (0).
    expect(november2.summary.totalRevenue).toBe(-100);

    const [kept4, summed4] = await monthlySumsAndLines(store);
    expect(kept4).toEqual(summed4);
    expect(kept4.map((r) => [r.month, r.product_id])).toEqual([
      ['2026-10-01', 0],
      ['2026-10-01', ids.p],
      ['2026-10-01', ids.x],
      ['2026-11-01', 0],
      ['2026-11-01', ids.x],
      ['2026-12-01', ids.x],
    ]);
  });

  it('leave another store’s returns out', async () => {
    const other = (await buildStore(t.db, 'Other Store')).id;
    const otherAdmin = (await signedIn(t, 'admin', other)).client;
    const product = (await createProduct(otherAdmin, { ...UNPRICED, piece_selling_price: 1000 }))
      .id;
    const sale = await createSale(otherAdmin, {
      items: [line(product, 1, 1000)],
      customer_id: (await walkInCustomer(otherAdmin)).id,
    });
    const before = await summary('');
    await recordReturn(
      sale,
      [{ item: sale.items[0]!.id, quantity: 1 }],
      'cash',
      new Date().toISOString(),
      otherAdmin,
    );
    expect(await summary('')).toEqual(before);
    expect((await otherAdmin.get('/api/reports/sales-summary')).json().data).toMatchObject({
      paymentMethods: { cash: 0 },
      returns: 1000,
    });
  });
});

/**
 * A store's monthly sums, and the same figures summed afresh from the raw rows: the sale lines
 * that count (goods, their sale not cancelled) in the month they were sold, less the lines
 * returned of them in the month they came back.
 */
async function monthlySumsAndLines(storeId: number) {
  const kept = (await t.db.execute(sql`
    select month::text as month, product_id, pieces::int, revenue_cents::int, profit_cents::int,
      last_sold_at::text as last_sold
    from product_sales_monthly where store_id = ${storeId} order by 1, 2`)) as {
    rows: { month: string; product_id: number }[];
  };
  const summed = (await t.db.execute(sql`
    select to_char(date_trunc('month', (at at time zone 'UTC') + interval '3 hours'),
        'YYYY-MM-DD') as month,
      product_id, sum(pieces)::int as pieces, sum(revenue_cents)::int as revenue_cents,
      sum(profit_cents)::int as profit_cents, max(sold_at)::text as last_sold
    from (
      select i.sold_at as at, coalesce(i.product_id, 0) as product_id, i.pieces,
        i.total * 100 as revenue_cents, (i.total - i.quantity * i.buying_price) * 100 as profit_cents,
        i.sold_at
      from sale_items i
      where i.store_id = ${storeId} and i.product_kind = 'goods'
        and not exists (select 1 from sales s where s.id = i.sale_id and s.status = 'cancelled')
      union all
      select r.returned_at, coalesce(r.product_id, 0), -r.pieces, -r.amount * 100,
        -(r.amount - r.buying_value) * 100, null
      from sale_return_items r join sale_items i on i.id = r.sale_item_id
      where r.store_id = ${storeId} and i.product_kind = 'goods'
        and not exists (select 1 from sales s where s.id = i.sale_id and s.status = 'cancelled')
    ) lines
    group by 1, 2 order by 1, 2`)) as { rows: { month: string; product_id: number }[] };
  return [kept.rows, summed.rows] as const;
}
