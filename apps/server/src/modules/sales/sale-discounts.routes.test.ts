/**
 * Discounts at the till (issue 20; docs/decisions/0004): the list price and the discount kept
 * on every line, the cashier's cap, a manager's approval (counted by the sign-in limits), a
 * whole-cart discount spread over the lines.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/create-test-app';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, buildUser, createProduct, signedIn } from '../../testing/factories';
import { sales } from './sales.table';

/** Failed approvals an account may have before the sign-in limits refuse it (this file's app). */
const FAILED_PASSWORDS_MAX = 4;

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let cashierA: TestClient;
let manager: { id: number; name: string; email: string; password: string };
let walkIn: number;

const MESSAGE_AT_10 = "A discount over 10% needs a manager's approval";

/** A bar of soap sold by the piece (100), the pack of 10 (900) or the dozen (1,150). */
const SOAP = {
  piece_buying_price: 60,
  piece_selling_price: 100,
  pack_buying_price: 500,
  pack_selling_price: 900,
  dozen_buying_price: 700,
  dozen_selling_price: 1150,
  pack_size: 10,
  quantity: 500,
  min_quantity: 1,
};

interface Line {
  product_id: number;
  quantity: number;
  unit_price: number;
  unit_type?: string;
  /** Not the API's: a till that sends one is ignored (the list price is the server's). */
  list_price?: number;
}

/** A cash sale of `lines` at their prices, less `cart_discount` (shillings). */
function sale(lines: Line[], extra: Record<string, unknown> = {}) {
  const cents = lines.reduce((sum, l) => sum + Math.round(l.unit_price * 100) * l.quantity, 0);
  const total = (cents - Math.round(Number(extra.cart_discount ?? 0) * 100)) / 100;
  return {
    items: lines.map((l) => ({ unit_type: 'piece', ...l })),
    total,
    customer_id: walkIn,
    payment_method: 'cash',
    amount_paid: total,
    ...extra,
  };
}

async function salesCount() {
  const [row] = await t.db.select({ n: count() }).from(sales).where(eq(sales.storeId, storeA));
  return row!.n;
}

async function setCap(percent: number) {
  const response = await adminA.put(`/api/stores/${storeA}/settings`, {
    max_cashier_discount_percent: percent,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({
    authRateLimit: {
      ...testConfig().authRateLimit,
      failedLoginsPerEmail: FAILED_PASSWORDS_MAX,
    },
  });
  storeA = (await buildStore(t.db)).id;
  storeB = (await buildStore(t.db)).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  cashierA = (await signedIn(t, 'sales', storeA)).client;
  const managerRow = await buildUser(t.db, {
    role: 'manager',
    storeId: storeA,
    name: 'Wanjiru Manager',
  });
  manager = {
    id: managerRow.id,
    name: managerRow.name,
    email: managerRow.email,
    password: managerRow.password,
  };
  const customers = (await cashierA.get('/api/customers')).json().data as {
    id: number;
    name: string;
  }[];
  walkIn = customers.find((c) => c.name === 'Walk-in Customer')!.id;
});
afterAll(() => t.close());

describe('a line below its list price', () => {
  it('is a discount kept on the line and the sale, within the cap for a cashier', async () => {
    const soap = await createProduct(adminA, SOAP);
    // KSh 100 listed, 3 sold at KSh 92: KSh 24 off (8% of the line), within 10%.
    const response = await cashierA.post(
      '/api/sales',
      sale([{ product_id: soap.id, quantity: 3, unit_price: 92 }]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data.items[0]).toMatchObject({
      unit_price: 92,
      total: 276,
      list_price: 100,
      discount: 24,
    });
    expect(data).toMatchObject({ total_amount: 276, discount_total: 24 });
    expect(data.discount_approved_by).toBeNull();
    // Read back the same from GET /sales/{id} and the list.
    const read = (await adminA.get(`/api/sales/${data.id}`)).json().data;
    expect(read.items[0]).toMatchObject({ list_price: 100, discount: 24 });
    expect(read).toMatchObject({ discount_total: 24, discount_approved_by: null });
  });

  it('takes the list price of the line unit from the product, never the till', async () => {
    const soap = await createProduct(adminA, SOAP);
    // A pack lists at KSh 900: sold at 850 is KSh 50 off (5.6%).
    const response = await cashierA.post(
      '/api/sales',
      sale([
        { product_id: soap.id, quantity: 2, unit_price: 850, unit_type: 'pack', list_price: 850 },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.items[0]).toMatchObject({ list_price: 900, discount: 100 });
  });

  it('is allowed above the list price, with no discount', async () => {
    const soap = await createProduct(adminA, SOAP);
    const response = await cashierA.post(
      '/api/sales',
      sale([{ product_id: soap.id, quantity: 2, unit_price: 130 }]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.items[0]).toMatchObject({
      unit_price: 130,
      list_price: 100,
      discount: 0,
    });
    expect(response.json().data.discount_total).toBe(0);
  });
});

describe("a cashier's discount over the store's cap", () => {
  it('is refused with 403 and the cap in the message, and writes nothing', async () => {
    const soap = await createProduct(adminA, SOAP);
    const before = await salesCount();
    // Ten soaps listed at KSh 100 for KSh 1 each.
    const response = await cashierA.post(
      '/api/sales',
      sale([{ product_id: soap.id, quantity: 10, unit_price: 1 }]),
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({
      message: MESSAGE_AT_10,
      code: 'sale.discount_needs_approval',
    });
    expect(await salesCount()).toBe(before);
    expect((await adminA.get(`/api/products/${soap.id}`)).json().data.stock_pieces).toBe(500);
    // 10.01% is over: KSh 89.99 of KSh 100.
    const justOver = await cashierA.post(
      '/api/sales',
      sale([{ product_id: soap.id, quantity: 1, unit_price: 89.99 }]),
    );
    expect(justOver.statusCode).toBe(403);
    const atCap = await cashierA.post(
      '/api/sales',
      sale([{ product_id: soap.id, quantity: 1, unit_price: 90 }]),
    );
    expect(atCap.statusCode, atCap.body).toBe(201);
  });

  it('keeps the approver named when their account is deleted: they are archived', async () => {
    const approver = await buildUser(t.db, { role: 'manager', storeId: storeA, name: 'Amina M' });
    const soap = await createProduct(adminA, SOAP);
    const response = await cashierA.post(
      '/api/sales',
      sale([{ product_id: soap.id, quantity: 2, unit_price: 50 }], {
        discount_approval: { email: approver.email, password: approver.password },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const deleted = await adminA.delete(`/api/users/${approver.id}`);
    expect(deleted.json()).toEqual({ success: true, archived: true });
    const read = (await adminA.get(`/api/sales/${response.json().data.id}`)).json().data;
    expect(read.discount_approved_by).toEqual({ id: approver.id, name: 'Amina M' });
  });

  it('lists a unit with no price of its own at its pieces: a dozen for KSh 1 needs approval', async () => {
    const loose = await createProduct(adminA, { ...SOAP, dozen_selling_price: 0 });
    const response = await cashierA.post(
      '/api/sales',
      sale([{ product_id: loose.id, quantity: 1, unit_price: 1, unit_type: 'dozen' }]),
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toBe(MESSAGE_AT_10);
    const approved = await cashierA.post(
      '/api/sales',
      sale([{ product_id: loose.id, quantity: 1, unit_price: 1, unit_type: 'dozen' }], {
        discount_approval: { email: manager.email, password: manager.password },
      }),
    );
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json().data.items[0]).toMatchObject({ list_price: 1200, discount: 1199 });
  });

  it("goes through with a manager's approval, who is named on the sale", async () => {
    const soap = await createProduct(adminA, SOAP);
    const response = await cashierA.post(
      '/api/sales',
      sale([{ product_id: soap.id, quantity: 10, unit_price: 1 }], {
        discount_approval: { email: manager.email.toUpperCase(), password: manager.password },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data.items[0]).toMatchObject({ list_price: 100, discount: 990, total: 10 });
    expect(data.discount_total).toBe(990);
    expect(data.discount_approved_by).toEqual({ id: manager.id, name: manager.name });
    const read = (await adminA.get(`/api/sales/${data.id}`)).json().data;
    expect(read.discount_approved_by).toEqual({ id: manager.id, name: manager.name });
    // The text receipt (WhatsApp, SMS) carries them too.
    const text = (
      await cashierA.post(`/api/sales/${data.id}/receipt/whatsapp`, { phone: '0712 345 678' })
    ).json().data.text as string;
    expect(text).toContain('  Discount -KSh 990.00');
    expect(text).toContain('Total discount: -KSh 990.00');
    expect(text).toContain(`Approved by: ${manager.name}`);
    const listed = (await adminA.get('/api/sales')).json().sales as { id: number }[];
    expect(listed.find((s) => s.id === data.id)).toMatchObject({
      discount_total: 990,
      discount_approved_by: { id: manager.id, name: manager.name },
    });
  });

  it("refuses wrong credentials, a cashier's own, or another store's manager: 'Manager approval failed'", async () => {
    const soap = await createProduct(adminA, SOAP);
    const otherManager = await buildUser(t.db, { role: 'manager', storeId: storeB });
    const cashier = await buildUser(t.db, { role: 'sales', storeId: storeA });
    const gone = await buildUser(t.db, { role: 'manager', storeId: storeA, isActive: false });
    const before = await salesCount();
    for (const approval of [
      { email: manager.email, password: 'not-the-password' },
      { email: 'nobody@example.test', password: manager.password },
      { email: cashier.email, password: cashier.password },
      { email: otherManager.email, password: otherManager.password },
      { email: gone.email, password: gone.password },
    ]) {
      const response = await cashierA.post(
        '/api/sales',
        sale([{ product_id: soap.id, quantity: 10, unit_price: 1 }], {
          discount_approval: approval,
        }),
      );
      expect(response.statusCode, approval.email).toBe(403);
      expect(response.json()).toMatchObject({
        message: 'Manager approval failed',
        code: 'sale.approval_failed',
      });
    }
    expect(await salesCount()).toBe(before);
  });

  it('counts failed approvals with the sign-in limits', async () => {
    const soap = await createProduct(adminA, SOAP);
    const target = await buildUser(t.db, { role: 'manager', storeId: storeA });
    const attempt = (password: string) =>
      cashierA.post(
        '/api/sales',
        sale([{ product_id: soap.id, quantity: 10, unit_price: 1 }], {
          discount_approval: { email: target.email, password },
        }),
      );
    for (let i = 0; i < FAILED_PASSWORDS_MAX; i += 1) {
      expect((await attempt('wrong-guess')).statusCode).toBe(403);
    }
    // The account's budget of wrong passwords is spent: even the right one waits, and a
    // sign-in with it is refused the same way.
    const refused = await attempt(target.password);
    expect(refused.statusCode).toBe(429);
    expect((await t.client().login(target.email, target.password)).statusCode).toBe(429);
  });

  it('follows the cap the store sets', async () => {
    const soap = await createProduct(adminA, SOAP);
    const sixteenOff = sale([{ product_id: soap.id, quantity: 1, unit_price: 84 }]);
    expect((await cashierA.post('/api/sales', sixteenOff)).statusCode).toBe(403);
    await setCap(20);
    try {
      expect((await cashierA.post('/api/sales', sixteenOff)).statusCode).toBe(201);
      await setCap(0);
      const cent = await cashierA.post(
        '/api/sales',
        sale([{ product_id: soap.id, quantity: 1, unit_price: 99.99 }]),
      );
      expect(cent.statusCode).toBe(403);
      expect(cent.json().message).toBe("A discount over 0% needs a manager's approval");
    } finally {
      await setCap(10);
    }
  });
});

describe('managers and admins', () => {
  it('are never capped, and need no approval', async () => {
    const soap = await createProduct(adminA, SOAP);
    const managerClient = t.client();
    expect((await managerClient.login(manager.email, manager.password)).statusCode).toBe(200);
    for (const client of [adminA, managerClient]) {
      const response = await client.post(
        '/api/sales',
        sale([{ product_id: soap.id, quantity: 10, unit_price: 1 }]),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        discount_total: 990,
        discount_approved_by: null,
      });
    }
  });
});

describe('a whole-cart discount', () => {
  it('is spread over the lines in proportion, each line keeping its part', async () => {
    const soap = await createProduct(adminA, SOAP);
    const oil = await createProduct(adminA, { ...SOAP, piece_selling_price: 300 });
    // KSh 100 + KSh 300 = 400, KSh 20 off the cart (5%): 5 and 15.
    const response = await cashierA.post(
      '/api/sales',
      sale(
        [
          { product_id: soap.id, quantity: 1, unit_price: 100 },
          { product_id: oil.id, quantity: 1, unit_price: 300 },
        ],
        { cart_discount: 20 },
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(
      data.items.map((i: { total: number; discount: number }) => [i.total, i.discount]),
    ).toEqual([
      [95, 5],
      [285, 15],
    ]);
    expect(data).toMatchObject({ subtotal: 380, total_amount: 380, discount_total: 20 });
  });

  it('is held to the cap line by line, and approved the same way', async () => {
    const soap = await createProduct(adminA, SOAP);
    const body = sale([{ product_id: soap.id, quantity: 4, unit_price: 100 }], {
      cart_discount: 80,
    });
    const refused = await cashierA.post('/api/sales', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGE_AT_10);
    const approved = await cashierA.post('/api/sales', {
      ...body,
      discount_approval: { email: manager.email, password: manager.password },
    });
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json().data).toMatchObject({
      total_amount: 320,
      discount_total: 80,
      discount_approved_by: { id: manager.id },
    });
  });

  it('cannot be more than the items (400 naming the field)', async () => {
    const soap = await createProduct(adminA, SOAP);
    const response = await adminA.post('/api/sales', {
      ...sale([{ product_id: soap.id, quantity: 1, unit_price: 100 }]),
      cart_discount: 100.01,
      total: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'cart_discount', message: 'Cart discount cannot be more than the items' },
    ]);
  });
});

describe('a retried checkout', () => {
  it('answers the first sale, approval and discount included', async () => {
    const soap = await createProduct(adminA, SOAP);
    const body = sale([{ product_id: soap.id, quantity: 10, unit_price: 1 }], {
      discount_approval: { email: manager.email, password: manager.password },
    });
    const headers = { headers: { 'idempotency-key': `discount-retry-${soap.id}` } };
    const first = await cashierA.post('/api/sales', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await cashierA.post('/api/sales', body, headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      id: first.json().data.id,
      discount_total: 990,
      discount_approved_by: { id: manager.id, name: manager.name },
    });
    expect(again.json().data.items[0]).toMatchObject({ list_price: 100, discount: 990 });
  });
});

describe('GET /api/sales/discount-policy', () => {
  it("tells the till the store's cap and whether it holds the seller", async () => {
    expect((await cashierA.get('/api/sales/discount-policy')).json().data).toEqual({
      max_cashier_discount_percent: 10,
      capped: true,
    });
    expect((await adminA.get('/api/sales/discount-policy')).json().data).toEqual({
      max_cashier_discount_percent: 10,
      capped: false,
    });
  });
});

describe('GET /api/reports/discounts', () => {
  it('sums the discounts given per cashier and per product, for managers only', async () => {
    const soap = await createProduct(adminA, SOAP);
    const oil = await createProduct(adminA, { ...SOAP, piece_selling_price: 300 });
    const managerClient = t.client();
    await managerClient.login(manager.email, manager.password);
    // Cashier: 3 soaps at 92 (24 off); manager: 1 oil at 250 (50 off) and 1 soap at 100 (none).
    expect(
      (
        await cashierA.post(
          '/api/sales',
          sale([{ product_id: soap.id, quantity: 3, unit_price: 92 }]),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await managerClient.post(
          '/api/sales',
          sale([
            { product_id: oil.id, quantity: 1, unit_price: 250 },
            { product_id: soap.id, quantity: 1, unit_price: 100 },
          ]),
        )
      ).statusCode,
    ).toBe(201);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
      new Date(),
    );
    const response = await adminA.get('/api/reports/discounts', {
      query: { start: today, end: today },
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data as {
      total: number;
      byCashier: { name: string; discount: number; sales: number }[];
      byProduct: { product_id: number; discount: number; lines: number }[];
    };
    expect(report.byProduct.find((row) => row.product_id === soap.id)).toMatchObject({
      discount: 24,
      lines: 1,
    });
    expect(report.byProduct.find((row) => row.product_id === oil.id)).toMatchObject({
      discount: 50,
      lines: 1,
    });
    expect(report.byCashier.find((row) => row.name === manager.name)).toBeDefined();
    expect(report.total).toBe(
      Math.round(report.byCashier.reduce((sum, row) => sum + row.discount, 0) * 100) / 100,
    );
    // Largest first.
    const amounts = report.byProduct.map((row) => row.discount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // A day with no sales gives nothing; a cashier may not read the reports.
    const empty = await adminA.get('/api/reports/discounts', {
      query: { start: '2020-01-01', end: '2020-01-02' },
    });
    expect(empty.json().data).toEqual({ total: 0, byCashier: [], byProduct: [] });
    expect((await cashierA.get('/api/reports/discounts')).statusCode).toBe(403);
  });
});
