/**
 * Store isolation × every API route that names a record (PRODUCT.md §2): another store's record
 * is 404, never 403 or 200, and nothing of it changes. Generated from the routes the app
 * registered (app.routeAccessTable): every store-scoped route with a path parameter is swept
 * with store A's records, called by store B's admin and by a super_admin who chose store B.
 *
 * A new resource registers here once: a record of store A for its path parameters (FIXTURES)
 * and, for a route that writes, a body its schema accepts (BODIES) — so the request reaches the
 * store check instead of stopping at validation. A route without them fails the sweep.
 */
import { can } from '@duka/shared/auth/permissions';
import type { Role } from '@duka/shared/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import { mpesaPayments } from '../modules/payments/mpesa.table';
import { productImages } from '../modules/products/product-images.table';
import type { RouteAccessEntry } from '../lib/access.plugin';
import { createTestApp, type TestApp, type TestClient } from '../testing/create-test-app';
import { buildStore, buildUser, signedIn } from '../testing/factories';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminB: TestClient;
let superAdmin: TestClient;
/** The line of store A's sale (a return names it). */
let saleItemA: number;
/** Path parameters naming store A's records, by the resource (the path's first part). */
let fixtures: Record<string, Record<string, number>>;

/** A body each writing route accepts, so the call reaches the store check. */
const BODIES: Record<string, () => unknown> = {
  'PUT /api/users/:id': () => ({ name: 'Not Yours' }),
  'PUT /api/suppliers/:id': () => ({ name: 'Not Yours' }),
  'PUT /api/categories/:id': () => ({ name: 'Not Yours' }),
  'PUT /api/products/:id': () => ({ name: 'Not Yours', piece_selling_price: 1 }),
  // Issue 25: store A's product has no barcode, so only the store check stands in the way.
  'POST /api/products/:id/barcode': () => ({}),
  'POST /api/purchase-orders/:id/items': () => ({
    product_id: fixtures.products!.id,
    quantity: 1,
    buying_price: 50,
    selling_price: 60,
    unit_type: 'piece',
  }),
  'PUT /api/purchase-orders/:id/status': () => ({ status: 'approved' }),
  'POST /api/purchase-orders/:id/receive': () => ({ items: [], close: true }),
  'POST /api/sales/:id/receipt/whatsapp': () => ({ phone: '0712 345 678' }),
  'POST /api/sales/:id/receipt/sms': () => ({ phone: '0712 345 678' }),
  'POST /api/sales/:id/receipt/whatsapp/confirm': () => ({}),
  'POST /api/sales/:id/receipt/sms/confirm': () => ({}),
  'POST /api/sales/:id/review': () => ({ note: 'Not yours' }),
  // Issue 24: a return of store A's sale's line, and its refund receipt.
  'POST /api/sales/:id/returns': () => ({
    items: [{ sale_item_id: saleItemA, quantity: 1, restock: true }],
    refund_method: 'cash',
    reason: 'Not yours',
  }),
  'POST /api/sales/:id/returns/:returnId/receipt/whatsapp': () => ({ phone: '0712 345 678' }),
  'POST /api/sales/:id/returns/:returnId/receipt/sms': () => ({ phone: '0712 345 678' }),
  'PUT /api/orders/:id/status': () => ({ status: 'fulfilled' }),
  'PUT /api/customers/:id': () => ({ name: 'Not Yours', phone: '0712 345 678' }),
  'POST /api/customers/:id/repayments': () => ({ amount: 10, method: 'cash' }),
  'POST /api/customers/:id/statement/whatsapp': () => ({ phone: '0712 345 678' }),
  'POST /api/customers/:id/statement/sms': () => ({ phone: '0712 345 678' }),
  'PUT /api/stores/:storeId/receipt-settings': () => ({ business_name: 'Not Yours' }),
  'POST /api/stores/:storeId/receipt-settings': () => ({ business_name: 'Not Yours' }),
  'PUT /api/stores/:storeId/settings': () => ({ max_cashier_discount_percent: 50 }),
  'POST /api/shifts/:id/cash-movements': () => ({
    type: 'pay_in',
    amount: 10,
    reason: 'Not yours',
  }),
  'POST /api/shifts/:id/close': () => ({ counted_cash: 0 }),
  // Issue 25: store A's transfer to a third store, received or cancelled by store B.
  'POST /api/stock-transfers/:id/receive': () => ({}),
  'POST /api/stock-transfers/:id/cancel': () => ({}),
  // Issue 25: a line of store A's own product, and a finish zeroing what was not counted.
  'PUT /api/stock-counts/:id/lines': () => ({
    lines: [{ product_id: fixtures.products!.id, counted_quantity: 1, unit_type: 'piece' }],
  }),
  'POST /api/stock-counts/:id/finish': () => ({ zero_uncounted: true }),
  'PUT /api/stores/:storeId/mpesa-settings': () => ({
    shortcode: '174379',
    kind: 'paybill',
    passkey: 'not-yours',
    consumer_key: 'not-yours',
    consumer_secret: 'not-yours',
    environment: 'sandbox',
  }),
  // Issue 26: no call reaches OSCU — another store's settings are refused before it.
  'PUT /api/stores/:storeId/etims-settings': () => ({
    kra_pin: 'P051234567K',
    branch_id: '00',
    device_serial: 'NOT-YOURS',
    environment: 'sandbox',
  }),
  'POST /api/sales/:id/etims/retry': () => ({}),
  'POST /api/returns/:id/etims/retry': () => ({}),
};

/** Bookkeeping a refused request may still touch: its session and sign-in counters. */
const BOOKKEEPING_TABLES = new Set(['sessions', 'auth_attempts', 'app_settings']);

async function snapshot() {
  const rows: Record<string, string[]> = {};
  // db/schema.ts also holds sequences (the internal barcodes' one): tables only.
  for (const table of Object.values(schema).filter((value) => is(value, PgTable))) {
    const { name } = getTableConfig(table);
    if (BOOKKEEPING_TABLES.has(name)) continue;
    const found = await t.db.select().from(table);
    rows[name] = found.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

async function created(client: TestClient, url: string, body: unknown) {
  const response = await client.post(url, body);
  expect(response.statusCode, `${url} ${response.body}`).toBe(201);
  // Most answers wrap the record in `data`; the suppliers' (spec §7) is the record itself.
  const json = response.json<{ id?: number; data?: { id: number } }>();
  return (json.data?.id ?? json.id) as number;
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Isolation Store A')).id;
  storeB = (await buildStore(t.db, 'Isolation Store B')).id;
  const adminA = (await signedIn(t, 'admin', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  superAdmin = (await signedIn(t, 'super_admin', storeB)).client;

  const category = await created(adminA, '/api/categories', { name: 'Flour' });
  const supplier = await created(adminA, '/api/suppliers', {
    name: 'Thika Grain Millers Ltd',
    email: 'orders@thikagrain.co.ke',
    phone: '0722 100 200',
    address: 'Thika',
    contact_person: 'Jane',
  });
  const product = await created(adminA, '/api/products', {
    name: 'Jogoo 2kg',
    sku: 'ISO-JOG2',
    category_id: category,
    piece_buying_price: 50,
    piece_selling_price: 60,
    pack_buying_price: 0,
    pack_selling_price: 0,
    dozen_buying_price: 0,
    dozen_selling_price: 0,
    quantity: 100,
    min_quantity: 1,
  });
  const [image] = await t.db
    .insert(productImages)
    .values({
      productId: product,
      storeId: storeA,
      fileName: 'a.webp',
      thumbnailName: 'a-thumb.webp',
      position: 0,
    })
    .returning();
  const purchaseOrder = await created(adminA, '/api/purchase-orders', {
    supplier_id: supplier,
    expected_delivery_date: '2026-12-01',
    items: [
      {
        product_id: product,
        quantity: 2,
        buying_price: 50,
        selling_price: 60,
        unit_type: 'piece',
      },
    ],
  });
  const walkIn = (await adminA.get('/api/customers')).json().data[0].id as number;
  const sale = await created(adminA, '/api/sales', {
    items: [{ product_id: product, quantity: 1, unit_price: 60, unit_type: 'piece' }],
    total: 60,
    customer_id: walkIn,
    payment_method: 'cash',
  });
  saleItemA = (await adminA.get(`/api/sales/${sale}`)).json().data.items[0].id;
  const saleReturn = await created(adminA, `/api/sales/${sale}/returns`, {
    items: [{ sale_item_id: saleItemA, quantity: 1, restock: true }],
    refund_method: 'cash',
    reason: 'Wrong size',
  });
  const shopper = (await signedIn(t, 'user', storeA)).client;
  const order = await created(shopper, '/api/orders', {
    items: [{ product_id: product, quantity: 1, unit_type: 'piece' }],
  });
  const user = await buildUser(t.db, { role: 'sales', storeId: storeA });
  const expense = await created(adminA, '/api/expenses', {
    description: 'Shop rent',
    amount: 25000,
    category: 'Rent',
    date: '2026-11-01',
    payment_method: 'mobile_money',
  });
  const customer = await created(adminA, '/api/customers', {
    name: 'Achieng Otieno',
    phone: '0712 345 678',
  });
  const points = await adminA.post('/api/loyalty/add-points', { customer_id: customer, points: 5 });
  expect(points.statusCode, points.body).toBe(200);
  // An STK push request of store A (issue 23), as POST /payments/mpesa/stk records one.
  const [mpesaPayment] = await t.db
    .insert(mpesaPayments)
    .values({
      storeId: storeA,
      source: 'stk',
      status: 'pending',
      amount: '60.00',
      promptAmount: 60,
      phone: '+254712345678',
      checkoutRequestId: 'ws_CO_isolation_store_a',
    })
    .returning();

  // Issue 24: store A's admin's open cash-drawer shift.
  const shift = await created(adminA, '/api/shifts', { opening_float: 1000 });
  // Issue 25: store A's transfer in transit to a third store — store B is on neither side.
  const storeC = (await buildStore(t.db, 'Isolation Store C')).id;
  const transfer = await created(adminA, '/api/stock-transfers', {
    to_store_id: storeC,
    items: [{ product_id: product, quantity: 1, unit_type: 'piece' }],
  });
  // Issue 25: store A's open stock count.
  const stockCount = await created(adminA, '/api/stock-counts', {});

  fixtures = {
    users: { id: user.id },
    suppliers: { id: supplier },
    categories: { id: category },
    products: { id: product, imageId: image!.id },
    'purchase-orders': { id: purchaseOrder },
    sales: { id: sale, returnId: saleReturn },
    // Issue 26: a return by its own id (its eTIMS credit note).
    returns: { id: saleReturn },
    orders: { id: order },
    expenses: { id: expense },
    customers: { id: customer },
    stores: { storeId: storeA },
    payments: { id: mpesaPayment!.id },
    shifts: { id: shift },
    'stock-transfers': { id: transfer },
    'stock-counts': { id: stockCount },
  };
  for (const ids of Object.values(fixtures)) {
    for (const id of Object.values(ids)) expect(id).toEqual(expect.any(Number));
  }
});
afterAll(() => t.close());

const isStoreScoped = (route: RouteAccessEntry) =>
  'capability' in route.access && route.access.store !== undefined && route.access.store !== false;

function sweptRoutes() {
  return t.app.routeAccessTable.filter((route) => route.url.includes(':') && isStoreScoped(route));
}

function urlFor(route: RouteAccessEntry): string {
  const resource = route.url.split('/')[2]!;
  const ids = fixtures[resource];
  if (!ids) throw new Error(`No store A record for /api/${resource}: add one to FIXTURES`);
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (ids[name] === undefined) throw new Error(`No :${name} for ${route.url} in FIXTURES`);
    return String(ids[name]);
  });
}

describe('store isolation sweep', () => {
  it('covers every store-scoped route that names a record, orders included', () => {
    const routes = sweptRoutes().map((route) => `${route.method} ${route.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/orders/:id',
        'PUT /api/orders/:id/status',
        'GET /api/sales/:id',
        'DELETE /api/products/:id/images/:imageId',
        'DELETE /api/expenses/:id',
        'PUT /api/customers/:id',
        'DELETE /api/customers/:id',
        'GET /api/customers/:id/loyalty/points',
        'GET /api/customers/:id/loyalty/transactions',
        'GET /api/customers/:id/account',
        'POST /api/customers/:id/repayments',
        'POST /api/customers/:id/statement/whatsapp',
        'POST /api/customers/:id/statement/sms',
        'POST /api/sales/:id/returns',
        'POST /api/sales/:id/returns/:returnId/receipt/sms',
      ]),
    );
    for (const route of sweptRoutes()) {
      expect(() => urlFor(route)).not.toThrow();
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        expect(
          BODIES[`${route.method} ${route.url}`],
          `${route.method} ${route.url}`,
        ).toBeDefined();
      }
    }
  });

  it("answers 404 for another store's record on every such route, and changes nothing", async () => {
    const before = await snapshot();
    const callers: [Role, TestClient, Record<string, number>][] = [
      ['admin', adminB, {}],
      ['super_admin', superAdmin, { store_id: storeB }],
    ];
    let sent = 0;
    for (const route of sweptRoutes()) {
      const url = urlFor(route);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      for (const [role, client, store] of callers) {
        // A role the matrix keeps out gets 403 before any record is looked at (role sweep).
        if ('capability' in route.access && !can(role, route.access.capability)) continue;
        const label = `${role} in store B`;
        const body =
          method === 'GET' || method === 'DELETE'
            ? undefined
            : { ...store, ...(BODIES[`${method} ${route.url}`]!() as object) };
        const response = await client.request(method, url, body, { query: store });
        expect(response.statusCode, `${label} ${method} ${url} → ${response.body}`).toBe(404);
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThanOrEqual(2 * 20);
    expect(await snapshot()).toEqual(before);
  });
});
