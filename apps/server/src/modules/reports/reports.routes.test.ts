/**
 * /api/reports on a fixture of known sales and expenses: every figure below is worked out by
 * hand from the fixture (see the comments), never by re-running the report's own arithmetic.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  backdateSale,
  buildStore,
  createProduct,
  createSale,
  saleLine as line,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { expenses } from '../expenses/expenses.table';
import { products } from '../products/products.table';
import { sales } from '../sales/sales.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let adminB: TestClient;
let walkInA: number;
let walkInB: number;
const ids = {} as Record<'flour' | 'soap' | 'idle' | 'out' | 'delivery', number>;

/** What a product the fixture adds has unless it says: no price, no minimum. */
const UNPRICED = {
  piece_buying_price: 0,
  piece_selling_price: 0,
  pack_buying_price: 0,
  pack_selling_price: 0,
  dozen_buying_price: 0,
  dozen_selling_price: 0,
  min_quantity: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Reports Store A')).id;
  storeB = (await buildStore(t.db, 'Reports Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  walkInA = (await walkInCustomer(adminA)).id;
  walkInB = (await walkInCustomer(adminB)).id;

  ids.flour = (
    await createProduct(adminA, {
      ...UNPRICED,
      name: 'Flour 2kg',
      sku: 'FLR-2',
      piece_buying_price: 50,
      piece_selling_price: 60,
      pack_size: 6,
      pack_buying_price: 280,
      pack_selling_price: 330,
      dozen_buying_price: 550,
      dozen_selling_price: 650,
      quantity: 100,
    })
  ).id;
  ids.soap = (
    await createProduct(adminA, {
      ...UNPRICED,
      name: 'Soap Bar',
      sku: 'SOAP-1',
      piece_buying_price: 20,
      piece_selling_price: 30,
      pack_size: 4,
      pack_buying_price: 75,
      pack_selling_price: 110,
      dozen_buying_price: 220,
      dozen_selling_price: 330,
      quantity: 50,
    })
  ).id;
  ids.idle = (
    await createProduct(adminA, {
      ...UNPRICED,
      name: 'Idle Matches',
      sku: 'MATCH-1',
      piece_buying_price: 10,
      piece_selling_price: 15,
      quantity: 5,
    })
  ).id;
  ids.out = (
    await createProduct(adminA, {
      ...UNPRICED,
      name: 'Out Tea',
      sku: 'TEA-0',
      piece_buying_price: 30,
      piece_selling_price: 40,
      quantity: 0,
    })
  ).id;
  ids.delivery = (
    await createProduct(adminA, {
      ...UNPRICED,
      name: 'Delivery Service',
      sku: 'SRV001',
      kind: 'service',
      piece_selling_price: 200,
      quantity: 0,
    })
  ).id;

  // S1, cash, 2026-11-10 23:30 EAT: 2 pieces of flour at 60 (120; cost 2 × 50), 1 pack (6
  // pieces) at 330 (cost 280), and the delivery service line at 200. Total 650.
  await backdateSale(
    t.db,
    await createSale(adminA, {
      items: [line(ids.flour, 2, 60), line(ids.flour, 1, 330, 'pack'), line(ids.delivery, 1, 200)],
      customer_id: walkInA,
    }),
    '2026-11-10T20:30:00.000Z',
  );
  // S2, M-Pesa, 2026-11-11 00:10 EAT (the next shop day, though the same UTC day): a dozen soap
  // at 330 (12 pieces; cost 220), 3 flour at 55 (price cut at the till; cost 3 × 50), delivery
  // fee 150. Total 645.
  await backdateSale(
    t.db,
    await createSale(adminA, {
      items: [line(ids.soap, 1, 330, 'dozen'), line(ids.flour, 3, 55)],
      customer_id: walkInA,
      payment_method: 'mpesa',
      delivery_fee: 150,
    }),
    '2026-11-10T21:10:00.000Z',
  );
  // S3, cash, 2026-11-12 10:00 EAT: 2 packs of soap (8 pieces) at 110 (cost 2 × 75). Total 220.
  await backdateSale(
    t.db,
    await createSale(adminA, { items: [line(ids.soap, 2, 110, 'pack')], customer_id: walkInA }),
    '2026-11-12T07:00:00.000Z',
  );

  // Store B: a sale and stock that store A's reports must never count.
  const otherB = (
    await createProduct(adminB, {
      ...UNPRICED,
      name: 'Flour 2kg',
      sku: 'FLR-2',
      piece_buying_price: 1,
      piece_selling_price: 1000,
      quantity: 50,
    })
  ).id;
  await backdateSale(
    t.db,
    await createSale(adminB, { items: [line(otherB, 5, 1000)], customer_id: walkInB }),
    '2026-11-10T20:30:00.000Z',
  );

  await t.db.insert(expenses).values([
    {
      storeId: storeA,
      description: 'Shop rent',
      amount: '1000.50',
      category: 'Rent',
      date: '2026-11-10',
    },
    {
      storeId: storeA,
      description: 'Water',
      amount: '250.25',
      category: 'Utilities',
      date: '2026-11-11',
    },
    {
      storeId: storeA,
      description: 'Store room',
      amount: '499.50',
      category: 'Rent',
      date: '2026-11-12',
    },
    {
      storeId: storeB,
      description: 'Other shop',
      amount: '9999.00',
      category: 'Rent',
      date: '2026-11-10',
    },
  ]);
});
afterAll(() => t.close());

const FLOUR_ALL = {
  productName: 'Flour 2kg',
  productSku: 'FLR-2',
  quantity: 11, // 2 + 6 + 3 pieces
  revenue: 615, // 120 + 330 + 165
  profit: 85, // (120 − 100) + (330 − 280) + (165 − 150)
  averagePrice: 55.91, // 615 / 11 = 55.909…
  lastSold: '2026-11-10T21:10:00.000Z',
};
const SOAP_ALL = {
  productName: 'Soap Bar',
  productSku: 'SOAP-1',
  quantity: 20, // 12 + 8 pieces
  revenue: 550, // 330 + 220
  profit: 180, // (330 − 220) + (220 − 150)
  averagePrice: 27.5,
  lastSold: '2026-11-12T07:00:00.000Z',
};
const never = (productName: string, productSku: string) => ({
  productName,
  productSku,
  quantity: 0,
  revenue: 0,
  profit: 0,
  averagePrice: 0,
  lastSold: null,
});

describe('GET /reports/inventory', () => {
  it('lists active products by name with piece price, pieces, status and value; SRV001 left out', async () => {
    const response = await adminA.get('/api/reports/inventory');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.products).toEqual([
      // 100 − 8 − 3 pieces left × 60
      {
        productId: ids.flour,
        name: 'Flour 2kg',
        sku: 'FLR-2',
        price: 60,
        quantity: 89,
        stockUnit: 'piece',
        packSize: 6,
        status: 'In Stock',
        value: 5340,
      },
      {
        productId: ids.idle,
        name: 'Idle Matches',
        sku: 'MATCH-1',
        price: 15,
        quantity: 5,
        stockUnit: 'piece',
        packSize: 1,
        status: 'Low Stock',
        value: 75,
      },
      {
        productId: ids.out,
        name: 'Out Tea',
        sku: 'TEA-0',
        price: 40,
        quantity: 0,
        stockUnit: 'piece',
        packSize: 1,
        status: 'Out of Stock',
        value: 0,
      },
      // 50 − 12 − 8 pieces × 30
      {
        productId: ids.soap,
        name: 'Soap Bar',
        sku: 'SOAP-1',
        price: 30,
        quantity: 30,
        stockUnit: 'piece',
        packSize: 4,
        status: 'In Stock',
        value: 900,
      },
    ]);
    expect(data.summary).toEqual({ productCount: 4, totalValue: 6315 });
  });

  it('searches name and SKU; the summary covers the matches of every page', async () => {
    const byName = (await adminA.get('/api/reports/inventory?q=soap')).json().data;
    expect(byName.products.map((p: { sku: string }) => p.sku)).toEqual(['SOAP-1']);
    expect(byName.summary).toEqual({ productCount: 1, totalValue: 900 });
    const bySku = (await adminA.get('/api/reports/inventory?q=match-')).json().data;
    expect(bySku.products.map((p: { sku: string }) => p.sku)).toEqual(['MATCH-1']);
    const wildcard = (await adminA.get('/api/reports/inventory?q=%25')).json().data;
    expect(wildcard.products).toEqual([]);
    const page2 = (await adminA.get('/api/reports/inventory?page=2&pageSize=2')).json().data;
    expect(page2.products.map((p: { sku: string }) => p.sku)).toEqual(['TEA-0', 'SOAP-1']);
    expect(page2.summary).toEqual({ productCount: 4, totalValue: 6315 });
  });
});

describe('GET /reports/product-performance', () => {
  it('adds up every sale line in pieces, with profit from the kept buying prices', async () => {
    const response = await adminA.get('/api/reports/product-performance');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.products).toEqual([
      { productId: ids.flour, ...FLOUR_ALL },
      { productId: ids.soap, ...SOAP_ALL },
      { productId: ids.idle, ...never('Idle Matches', 'MATCH-1') },
      { productId: ids.out, ...never('Out Tea', 'TEA-0') },
    ]);
    // Delivery (SRV001 line and fee) is not product revenue.
    expect(data.summary).toEqual({ totalRevenue: 1165, totalProfit: 265, productCount: 4 });
  });

  it.each([
    ['profit', ['SOAP-1', 'FLR-2', 'MATCH-1', 'TEA-0']],
    ['quantity', ['SOAP-1', 'FLR-2', 'MATCH-1', 'TEA-0']],
    ['lastSold', ['SOAP-1', 'FLR-2', 'MATCH-1', 'TEA-0']],
    ['revenue', ['FLR-2', 'SOAP-1', 'MATCH-1', 'TEA-0']],
  ])('sorts by %s, descending', async (sort, skus) => {
    const { data } = (await adminA.get(`/api/reports/product-performance?sort=${sort}`)).json();
    expect(data.products.map((p: { productSku: string }) => p.productSku)).toEqual(skus);
  });

  it('sorts by last sale within a range where flour sold last', async () => {
    // On 11-10 only S1 sold (flour); the products not sold that day follow by name.
    const { data } = (
      await adminA.get(
        '/api/reports/product-performance?start=2026-11-10&end=2026-11-10&sort=lastSold',
      )
    ).json();
    expect(data.products.map((p: { productSku: string }) => p.productSku)).toEqual([
      'FLR-2',
      'MATCH-1',
      'TEA-0',
      'SOAP-1',
    ]);
  });

  it('counts a sale at 23:30 EAT on its own day, one at 00:10 EAT on the next', async () => {
    const day10 = (
      await adminA.get('/api/reports/product-performance?start=2026-11-10&end=2026-11-10')
    ).json().data;
    expect(day10.products[0]).toEqual({
      productId: ids.flour,
      productName: 'Flour 2kg',
      productSku: 'FLR-2',
      quantity: 8,
      revenue: 450,
      profit: 70,
      averagePrice: 56.25,
      lastSold: '2026-11-10T20:30:00.000Z',
    });
    expect(day10.products[1]).toEqual({ productId: ids.idle, ...never('Idle Matches', 'MATCH-1') });
    expect(day10.summary).toEqual({ totalRevenue: 450, totalProfit: 70, productCount: 4 });

    const day11 = (
      await adminA.get('/api/reports/product-performance?start=2026-11-11&end=2026-11-11')
    ).json().data;
    expect(day11.summary).toEqual({ totalRevenue: 495, totalProfit: 125, productCount: 4 });
    expect(day11.products.slice(0, 2)).toEqual([
      {
        productId: ids.soap,
        productName: 'Soap Bar',
        productSku: 'SOAP-1',
        quantity: 12,
        revenue: 330,
        profit: 110,
        averagePrice: 27.5,
        lastSold: '2026-11-10T21:10:00.000Z',
      },
      {
        productId: ids.flour,
        productName: 'Flour 2kg',
        productSku: 'FLR-2',
        quantity: 3,
        revenue: 165,
        profit: 15,
        averagePrice: 55,
        lastSold: '2026-11-10T21:10:00.000Z',
      },
    ]);
  });

  it('ignores a range with only one day set', async () => {
    for (const query of ['start=2026-11-12', 'end=2026-11-10', 'start=2026-11-12&end=']) {
      const { data } = (await adminA.get(`/api/reports/product-performance?${query}`)).json();
      expect(data.summary, query).toEqual({
        totalRevenue: 1165,
        totalProfit: 265,
        productCount: 4,
      });
    }
  });

  it('pages the rows and keeps the totals of the whole range', async () => {
    const { data } = (
      await adminA.get('/api/reports/product-performance?pageSize=1&page=2')
    ).json();
    expect(data.products).toEqual([{ productId: ids.soap, ...SOAP_ALL }]);
    expect(data.summary.totalRevenue).toBe(1165);
  });
});

describe('GET /reports/sales-summary', () => {
  it('takes sale totals (delivery included) per method and per Nairobi day', async () => {
    const response = await adminA.get('/api/reports/sales-summary');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      paymentMethods: { cash: 870, mpesa: 645, credit: 0 }, // 650 + 220; 645
      repayments: { cash: 0, mpesa: 0 },
      totalSales: 1515,
      count: 3,
      returns: 0,
      byDay: [
        { date: '2026-11-10', revenue: 650, count: 1 },
        { date: '2026-11-11', revenue: 645, count: 1 },
        { date: '2026-11-12', revenue: 220, count: 1 },
      ],
    });
  });

  it('filters by shop days, both ends inclusive', async () => {
    const day10 = (
      await adminA.get('/api/reports/sales-summary?start=2026-11-10&end=2026-11-10')
    ).json();
    expect(day10.data).toEqual({
      paymentMethods: { cash: 650, mpesa: 0, credit: 0 },
      repayments: { cash: 0, mpesa: 0 },
      totalSales: 650,
      count: 1,
      returns: 0,
      byDay: [{ date: '2026-11-10', revenue: 650, count: 1 }],
    });
    const later = (
      await adminA.get('/api/reports/sales-summary?start=2026-11-11&end=2026-11-12')
    ).json();
    expect(later.data).toEqual({
      paymentMethods: { cash: 220, mpesa: 645, credit: 0 },
      repayments: { cash: 0, mpesa: 0 },
      totalSales: 865,
      count: 2,
      returns: 0,
      byDay: [
        { date: '2026-11-11', revenue: 645, count: 1 },
        { date: '2026-11-12', revenue: 220, count: 1 },
      ],
    });
    const none = (
      await adminA.get('/api/reports/sales-summary?start=2026-11-13&end=2026-12-31')
    ).json();
    // Every day of the range is listed, as zero when nothing sold (issue 20).
    expect(none.data).toMatchObject({
      paymentMethods: { cash: 0, mpesa: 0, credit: 0 },
      totalSales: 0,
      count: 0,
    });
    expect(none.data.byDay).toHaveLength(49); // 18 days of November + 31 of December
    expect(none.data.byDay[0]).toEqual({ date: '2026-11-13', revenue: 0, count: 0 });
    expect(none.data.byDay.at(-1)).toEqual({ date: '2026-12-31', revenue: 0, count: 0 });
    expect(
      none.data.byDay.every((day: { revenue: number; count: number }) => day.revenue === 0),
    ).toBe(true);
    const oneEnd = (await adminA.get('/api/reports/sales-summary?start=2026-11-13')).json();
    expect(oneEnd.data.totalSales).toBe(1515);
  });

  it('shows the days of the range without sales as zero, in order', async () => {
    const { data } = (
      await adminA.get('/api/reports/sales-summary?start=2026-11-08&end=2026-11-13')
    ).json();
    expect(data.byDay).toEqual([
      { date: '2026-11-08', revenue: 0, count: 0 },
      { date: '2026-11-09', revenue: 0, count: 0 },
      { date: '2026-11-10', revenue: 650, count: 1 },
      { date: '2026-11-11', revenue: 645, count: 1 },
      { date: '2026-11-12', revenue: 220, count: 1 },
      { date: '2026-11-13', revenue: 0, count: 0 },
    ]);
    // Past a year, only the days from the first sale to the last are listed.
    const decades = (
      await adminA.get('/api/reports/sales-summary?start=2000-01-01&end=2099-12-31')
    ).json().data;
    expect(decades.byDay.map((day: { date: string }) => day.date)).toEqual([
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
    ]);
  });

  it('leaves cancelled sales out', async () => {
    const id = await backdateSale(
      t.db,
      await createSale(adminA, { items: [line(ids.idle, 1, 15)], customer_id: walkInA }),
      '2026-11-12T08:00:00.000Z',
    );
    await t.db.update(sales).set({ status: 'cancelled' }).where(eq(sales.id, id));
    const { data } = (await adminA.get('/api/reports/sales-summary')).json();
    expect(data.totalSales).toBe(1515);
    const performance = (await adminA.get('/api/reports/product-performance')).json().data;
    expect(performance.summary.totalRevenue).toBe(1165);
  });
});

describe('GET /reports/expenses-summary', () => {
  it('sums the store expenses, in all and per category, over the range', async () => {
    const all = await adminA.get('/api/reports/expenses-summary');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual({
      totalExpenses: 1750.25,
      count: 3,
      byCategory: { Rent: 1500, Utilities: 250.25 },
    });
    const day10 = (
      await adminA.get('/api/reports/expenses-summary?start=2026-11-10&end=2026-11-10')
    ).json();
    expect(day10.data).toEqual({ totalExpenses: 1000.5, count: 1, byCategory: { Rent: 1000.5 } });
    const later = (
      await adminA.get('/api/reports/expenses-summary?start=2026-11-11&end=2026-11-12')
    ).json();
    expect(later.data).toEqual({
      totalExpenses: 749.75,
      count: 2,
      byCategory: { Rent: 499.5, Utilities: 250.25 },
    });
    const oneEnd = (await adminA.get('/api/reports/expenses-summary?end=2026-11-10')).json();
    expect(oneEnd.data.totalExpenses).toBe(1750.25);
  });
});

describe('GET /reports/profit', () => {
  it('gives gross profit at the kept buying prices and profit after the expenses', async () => {
    const all = await adminA.get('/api/reports/profit');
    expect(all.statusCode, all.body).toBe(200);
    // Goods 1165 (delivery left out), their cost 1165 − 265 = 900 (FLOUR_ALL, SOAP_ALL);
    // expenses 1000.50 + 250.25 + 499.50.
    expect(all.json().data).toEqual({
      revenue: 1165,
      costOfGoods: 900,
      grossProfit: 265,
      expenses: 1750.25,
      profitAfterExpenses: -1485.25,
    });
    // 11-10: flour 2 pieces and a pack (450, cost 100 + 280); rent 1000.50.
    const day10 = (await adminA.get('/api/reports/profit?start=2026-11-10&end=2026-11-10')).json();
    expect(day10.data).toEqual({
      revenue: 450,
      costOfGoods: 380,
      grossProfit: 70,
      expenses: 1000.5,
      profitAfterExpenses: -930.5,
    });
    // 11-11 and 11-12: a dozen soap 330 (cost 220), 3 flour 165 (cost 150), 2 packs of soap 220
    // (cost 150); water 250.25 and the store room 499.50.
    const later = (await adminA.get('/api/reports/profit?start=2026-11-11&end=2026-11-12')).json();
    expect(later.data).toEqual({
      revenue: 715,
      costOfGoods: 520,
      grossProfit: 195,
      expenses: 749.75,
      profitAfterExpenses: -554.75,
    });
    const empty = (await adminA.get('/api/reports/profit?start=2026-12-01&end=2026-12-31')).json();
    expect(empty.data).toEqual({
      revenue: 0,
      costOfGoods: 0,
      grossProfit: 0,
      expenses: 0,
      profitAfterExpenses: 0,
    });
  });

  it("never counts another store's sales or expenses", async () => {
    // Store B sold 5 at 1000 bought at 1 and spent 9999 on 11-10.
    const { data } = (await adminB.get('/api/reports/profit')).json();
    expect(data).toEqual({
      revenue: 5000,
      costOfGoods: 5,
      grossProfit: 4995,
      expenses: 9999,
      profitAfterExpenses: -5004,
    });
  });

  it('refuses an end before the start, naming the field', async () => {
    const response = await adminA.get('/api/reports/profit?start=2026-11-12&end=2026-11-10');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'end', message: 'End date must not be before Start date' },
    ]);
  });
});

describe('stores and roles', () => {
  it("never counts another store's sales, stock or expenses", async () => {
    // Store B: 5 × 1000 sold (cash), 45 pieces left × 1000, one 9999 expense.
    expect((await adminB.get('/api/reports/sales-summary')).json().data).toMatchObject({
      paymentMethods: { cash: 5000, mpesa: 0, credit: 0 },
      totalSales: 5000,
      count: 1,
    });
    expect((await adminB.get('/api/reports/inventory')).json().data.summary).toEqual({
      productCount: 1,
      totalValue: 45000,
    });
    expect((await adminB.get('/api/reports/product-performance')).json().data.summary).toEqual({
      totalRevenue: 5000,
      totalProfit: 4995,
      productCount: 1,
    });
    expect((await adminB.get('/api/reports/expenses-summary')).json().data).toEqual({
      totalExpenses: 9999,
      count: 1,
      byCategory: { Rent: 9999 },
    });
  });

  it('opens the reports to managers only', async () => {
    for (const role of ['manager', 'super_admin'] as const) {
      const { client } = await signedIn(t, role, storeA);
      const query = role === 'super_admin' ? `?store_id=${storeA}` : '';
      const response = await client.get(`/api/reports/sales-summary${query}`);
      expect(response.statusCode, role).toBe(200);
      expect(response.json().data.totalSales, role).toBe(1515);
    }
    for (const role of ['sales', 'user'] as const) {
      const { client } = await signedIn(t, role, storeA);
      for (const path of [
        'inventory',
        'product-performance',
        'sales-summary',
        'expenses-summary',
      ]) {
        expect((await client.get(`/api/reports/${path}`)).statusCode, `${role} ${path}`).toBe(403);
      }
    }
    expect((await t.client().get('/api/reports/inventory')).statusCode).toBe(401);
  });
});

describe('product performance over whole months', () => {
  // Store C: a range's whole shop months are read from the monthly sums, the days at its edges
  // from the lines. M: piece bought at 10, sold at 25; N: bought at 100, sold at 150.
  let adminC: TestClient;
  let storeC: number;
  const c = {} as Record<'m' | 'n' | 's1' | 's2' | 's3' | 's4' | 's5' | 'walkIn', number>;
  const performance = async (range: string) =>
    (await adminC.get(`/api/reports/product-performance?${range}`)).json().data as {
      products: {
        productId: number;
        quantity: number;
        revenue: number;
        profit: number;
        lastSold: string | null;
      }[];
      summary: { totalRevenue: number; totalProfit: number; productCount: number };
    };
  const row = (data: Awaited<ReturnType<typeof performance>>, id: number) =>
    data.products.find((product) => product.productId === id);

  beforeAll(async () => {
    storeC = (await buildStore(t.db, 'Reports Store C')).id;
    adminC = (await signedIn(t, 'admin', storeC)).client;
    const walkIn = (await walkInCustomer(adminC)).id;
    c.walkIn = walkIn;
    c.m = (
      await createProduct(adminC, {
        ...UNPRICED,
        name: 'Maziwa',
        sku: 'M-1',
        piece_buying_price: 10,
        piece_selling_price: 25,
        quantity: 100,
      })
    ).id;
    c.n = (
      await createProduct(adminC, {
        ...UNPRICED,
        name: 'Nyanya',
        sku: 'N-1',
        piece_buying_price: 100,
        piece_selling_price: 150,
        quantity: 100,
      })
    ).id;
    // s1: 1 September 00:30 EAT (still 31 August in UTC): 2 M (50; profit 30).
    c.s1 = await backdateSale(
      t.db,
      await createSale(adminC, { items: [line(c.m, 2, 25)], customer_id: walkIn }),
      '2026-08-31T21:30:00.000Z',
    );
    // s2: 15 September: 1 M (25; 15) and 1 N (150; 50).
    c.s2 = await backdateSale(
      t.db,
      await createSale(adminC, {
        items: [line(c.m, 1, 25), line(c.n, 1, 150)],
        customer_id: walkIn,
      }),
      '2026-09-15T09:00:00.000Z',
    );
    // s5: 10 October: 3 M at a cut price of 20 (60; 30).
    c.s5 = await backdateSale(
      t.db,
      await createSale(adminC, { items: [line(c.m, 3, 20)], customer_id: walkIn }),
      '2026-10-10T10:00:00.000Z',
    );
    // s3: 31 October 23:59 EAT: 2 N (300; 100).
    c.s3 = await backdateSale(
      t.db,
      await createSale(adminC, { items: [line(c.n, 2, 150)], customer_id: walkIn }),
      '2026-10-31T20:59:00.000Z',
    );
    // s4: 1 November 00:00 EAT (31 October in UTC): 4 M (100; 60).
    c.s4 = await backdateSale(
      t.db,
      await createSale(adminC, { items: [line(c.m, 4, 25)], customer_id: walkIn }),
      '2026-10-31T21:00:00.000Z',
    );
  });

  it('adds the days before a whole month to it (10 September – 31 October)', async () => {
    const data = await performance('start=2026-09-10&end=2026-10-31');
    // s2 (edge days) and s5, s3 (October whole); not s1 (1 September) nor s4 (1 November).
    expect(row(data, c.m)).toMatchObject({
      quantity: 4,
      revenue: 85,
      profit: 45,
      lastSold: '2026-10-10T10:00:00.000Z',
    });
    expect(row(data, c.n)).toMatchObject({
      quantity: 3,
      revenue: 450,
      profit: 150,
      lastSold: '2026-10-31T20:59:00.000Z',
    });
    expect(data.summary).toEqual({ totalRevenue: 535, totalProfit: 195, productCount: 2 });
  });

  it('reads two whole months alone (1 September – 31 October)', async () => {
    const data = await performance('start=2026-09-01&end=2026-10-31');
    expect(row(data, c.m)).toMatchObject({ quantity: 6, revenue: 135, profit: 75 });
    expect(data.summary).toEqual({ totalRevenue: 585, totalProfit: 225, productCount: 2 });
  });

  it('adds edge days on both sides (2 September – 1 November)', async () => {
    const data = await performance('start=2026-09-02&end=2026-11-01');
    expect(row(data, c.m)).toMatchObject({
      quantity: 8,
      revenue: 185,
      profit: 105,
      lastSold: '2026-10-31T21:00:00.000Z',
    });
    expect(data.summary).toEqual({ totalRevenue: 635, totalProfit: 255, productCount: 2 });
  });

  it('reads a piece of a month from its sums only when the rest of the month sold nothing', async () => {
    // 1–5 November: nothing else sold in November, so its sums answer — s4 alone.
    const piece = 'start=2026-11-01&end=2026-11-05';
    expect(row(await performance(piece), c.m)).toMatchObject({ quantity: 4, revenue: 100 });
    // A sale on 20 November, outside the piece: now its lines answer, and the 20th is left out.
    const s6 = await backdateSale(
      t.db,
      await createSale(adminC, { items: [line(c.m, 1, 25)], customer_id: c.walkIn }),
      '2026-11-20T09:00:00.000Z',
    );
    expect(row(await performance(piece), c.m)).toMatchObject({
      quantity: 4,
      revenue: 100,
      profit: 60,
      lastSold: '2026-10-31T21:00:00.000Z',
    });
    expect(row(await performance('start=2026-11-01&end=2026-11-20'), c.m)).toMatchObject({
      quantity: 5,
      revenue: 125,
      lastSold: '2026-11-20T09:00:00.000Z',
    });
    await t.db.delete(sales).where(eq(sales.id, s6));
  });

  it('follows a sale cancelled and restored, a sale deleted and a product deleted', async () => {
    const months = 'start=2026-09-01&end=2026-10-31';
    await t.db.update(sales).set({ status: 'cancelled' }).where(eq(sales.id, c.s3));
    expect(row(await performance(months), c.n)).toMatchObject({
      quantity: 1,
      revenue: 150,
      profit: 50,
      lastSold: '2026-09-15T09:00:00.000Z',
    });
    await t.db.update(sales).set({ status: 'completed' }).where(eq(sales.id, c.s3));
    expect(row(await performance(months), c.n)).toMatchObject({
      quantity: 3,
      revenue: 450,
      lastSold: '2026-10-31T20:59:00.000Z',
    });

    await t.db.delete(sales).where(eq(sales.id, c.s1));
    expect(row(await performance(months), c.m)).toMatchObject({
      quantity: 4,
      revenue: 85,
      profit: 45,
    });

    // A deleted product's lines keep counting in the totals, no longer as a product.
    await t.db.delete(products).where(eq(products.id, c.n));
    const data = await performance(months);
    expect(row(data, c.n)).toBeUndefined();
    expect(data.summary).toEqual({ totalRevenue: 535, totalProfit: 195, productCount: 1 });

    // And the monthly sums are still exactly the lines that count, summed again here.
    const [kept, summed] = await monthlySumsAndLines(storeC);
    // September: M and the deleted N (0); October: M and 0; November: M.
    expect(kept).toHaveLength(5);
    expect(kept).toEqual(summed);
  });

  it('adds a sale made now to its month as checkout writes it, delivery left out', async () => {
    // Not moved in time: the lines' insert alone puts them in the sums.
    const delivery = (
      await createProduct(adminC, {
        ...UNPRICED,
        name: 'Delivery Service',
        sku: 'SRV001',
        kind: 'service',
        piece_selling_price: 200,
        quantity: 0,
      })
    ).id;
    const monthOfM = async () => {
      const result = (await t.db.execute(sql`
        select pieces::int, revenue_cents::int, profit_cents::int, last_sold_at
        from product_sales_monthly
        where store_id = ${storeC} and product_id = ${c.m}
          and month = date_trunc('month', (now() at time zone 'UTC') + interval '3 hours')::date`)) as {
        rows: { pieces: number; revenue_cents: number; profit_cents: number }[];
      };
      return result.rows[0] ?? { pieces: 0, revenue_cents: 0, profit_cents: 0 };
    };
    const before = await monthOfM();
    // 2 M at 25 (profit 30) with the delivery line, then 1 M at a price of 30 (profit 20).
    await createSale(adminC, {
      items: [line(c.m, 2, 25), line(delivery, 1, 200)],
      customer_id: c.walkIn,
    });
    await createSale(adminC, { items: [line(c.m, 1, 30)], customer_id: c.walkIn });
    const after = await monthOfM();
    expect(after.pieces - before.pieces).toBe(3);
    expect(after.revenue_cents - before.revenue_cents).toBe(8000);
    expect(after.profit_cents - before.profit_cents).toBe(5000);
    const [kept, summed] = await monthlySumsAndLines(storeC);
    expect(kept).toEqual(summed);
  });
});

/** A store's monthly sums, and the same figures summed afresh from the lines that count. */
async function monthlySumsAndLines(storeId: number) {
  const kept = (await t.db.execute(sql`
    select month::text as month, product_id, pieces::int, revenue_cents::int, profit_cents::int,
      last_sold_at::text as last_sold
    from product_sales_monthly where store_id = ${storeId} order by 1, 2`)) as { rows: unknown[] };
  const summed = (await t.db.execute(sql`
    select to_char(date_trunc('month', (sold_at at time zone 'UTC') + interval '3 hours'),
        'YYYY-MM-DD') as month,
      coalesce(product_id, 0) as product_id, sum(pieces)::int as pieces,
      (sum(total) * 100)::int as revenue_cents,
      (sum(total - quantity * buying_price) * 100)::int as profit_cents,
      max(sold_at)::text as last_sold
    from sale_items i
    where store_id = ${storeId} and product_kind = 'goods'
      and not exists (select 1 from sales s where s.id = i.sale_id and s.status = 'cancelled')
    group by 1, 2 order by 1, 2`)) as { rows: unknown[] };
  return [kept.rows, summed.rows] as const;
}

describe('bad input', () => {
  it.each([
    [
      'sales-summary?start=2026-11-12&end=2026-11-11',
      'end',
      'End date must not be before Start date',
    ],
    [
      'product-performance?start=2026-11-12&end=2026-11-11',
      'end',
      'End date must not be before Start date',
    ],
    [
      'expenses-summary?start=2026-02-30&end=2026-03-01',
      'start',
      'Start date must be a date (YYYY-MM-DD)',
    ],
    ['sales-summary?start=2026-11-01&end=tomorrow', 'end', 'End date must be a date (YYYY-MM-DD)'],
    [
      'product-performance?sort=name',
      'sort',
      'Sort must be one of revenue, profit, quantity, lastSold',
    ],
    ['inventory?pageSize=501', 'pageSize', 'Page size must be between 1 and 500'],
  ])('GET /reports/%s is a 400 on %s', async (path, field, message) => {
    const response = await adminA.get(`/api/reports/${path}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    expect(JSON.stringify(response.json())).toContain(field);
  });
});

describe('reports follow the kind of product, not its SKU (issue 20)', () => {
  it('counts goods renamed SRV001 as a product, and no service under any SKU', async () => {
    const store = (await buildStore(t.db)).id;
    const { client } = await signedIn(t, 'admin', store);
    const walkIn = (await walkInCustomer(client)).id;
    const soap = (
      await createProduct(client, {
        ...UNPRICED,
        name: 'Renamed Soap',
        sku: 'SOAP-X',
        piece_buying_price: 40,
        piece_selling_price: 50,
        quantity: 10,
      })
    ).id;
    const renamed = await client.put(`/api/products/${soap}`, { sku: 'SRV001' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const porterage = (
      await createProduct(client, {
        ...UNPRICED,
        name: 'Porterage',
        sku: 'PORT-1',
        kind: 'service',
        piece_selling_price: 100,
        quantity: 0,
      })
    ).id;
    await createSale(client, {
      items: [line(soap, 2, 50), line(porterage, 1, 100)],
      customer_id: walkIn,
    });

    const performance = (await client.get('/api/reports/product-performance')).json().data;
    // 2 soaps at 50 (bought at 40): 100 of revenue, 20 of profit; porterage is no product.
    expect(performance.products).toEqual([
      expect.objectContaining({ productId: soap, productSku: 'SRV001', quantity: 2, revenue: 100 }),
    ]);
    expect(performance.summary).toEqual({ totalRevenue: 100, totalProfit: 20, productCount: 1 });
    const inventory = (await client.get('/api/reports/inventory')).json().data;
    expect(inventory.products.map((row: { sku: string }) => row.sku)).toEqual(['SRV001']);
    // The sale's total still holds the service's line: a sale is what the customer paid.
    const summary = (await client.get('/api/reports/sales-summary')).json().data;
    expect(summary.totalSales).toBe(200);
  });
});
