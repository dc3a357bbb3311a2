/**
 * Cash-drawer shifts (issue 24; decisions/0014 "Shifts"): the worked example of the drawer's
 * math to the cent, one open shift per person, closed is final, whose shift a person may act
 * on, require_shift, offline sales joining the shift that covered them, managers' list and day
 * summary, store isolation.
 */
import { randomUUID } from 'node:crypto';
import { SHIFT_MESSAGES } from '@duka/shared/shifts/shifts.schemas';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createCustomer,
  createProduct,
  saleBody,
  saleLine as line,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { customerRepayments } from '../customers/customer-accounts.table';
import { expenses } from '../expenses/expenses.table';
import { saleReturns } from '../returns/returns.table';
import { sales } from '../sales/sales.table';
import { shiftCashMovements, shifts } from './shifts.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let managerA: TestClient;
let managerAId: number;
let managerAName: string;
let adminB: TestClient;
let walkInA: number;

interface Person {
  client: TestClient;
  id: number;
  name: string;
}

/** A new cashier of store A: each scenario its own, so their shifts never meet. */
async function cashier(storeId = storeA): Promise<Person> {
  const { client, user } = await signedIn(t, 'sales', storeId);
  return { client, id: user.id, name: user.name };
}

async function open(client: TestClient, openingFloat: number) {
  const response = await client.post('/api/shifts', { opening_float: openingFloat });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; status: string; opening_float: number };
}

/** A sale of one line at KSh `price`, paid as `payment` says (parts, or a method). */
async function sell(client: TestClient, price: number, payment: Record<string, unknown> = {}) {
  const product = await createProduct(adminA, { piece_selling_price: price });
  const response = await client.post(
    '/api/sales',
    saleBody({
      items: [line(product.id, 1, price)],
      customer_id: walkInA,
      payment_method: undefined,
      ...payment,
    }),
  );
  return response;
}

async function sold(client: TestClient, price: number, payment: Record<string, unknown> = {}) {
  const response = await sell(client, price, payment);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; shift_id: number | null; change_amount: number };
}

async function reportOf(client: TestClient, id: number) {
  const response = await client.get(`/api/shifts/${id}/report`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function shiftCount(storeId: number) {
  const [row] = await t.db.select({ n: count() }).from(shifts).where(eq(shifts.storeId, storeId));
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Shifts A')).id;
  storeB = (await buildStore(t.db, 'Shifts B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  const manager = await signedIn(t, 'manager', storeA);
  managerA = manager.client;
  managerAId = manager.user.id;
  managerAName = manager.user.name;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  walkInA = (await walkInCustomer(adminA)).id;
});
afterAll(() => t.close());

describe('the worked example: expected cash to the cent', () => {
  it('counts the float, cash with change, a split sale, credit, refunds, a repayment, pay-in and pay-out', async () => {
    const me = await cashier();
    const shift = await open(me.client, 2000);
    expect(shift).toMatchObject({
      status: 'open',
      opening_float: 2000,
      User: { id: me.id, name: me.name },
      closed_at: null,
      expected_cash: null,
      counted_cash: null,
      difference: null,
    });
    const current = await me.client.get('/api/shifts/current');
    expect(current.json()).toEqual({ success: true, data: shift });

    // 1. Cash with change: 1,000 tendered for five pieces at 120 — 400 back.
    const pieces = await createProduct(adminA, { piece_selling_price: 120 });
    const cashSale = await me.client.post(
      '/api/sales',
      saleBody({
        items: [line(pieces.id, 5, 120)],
        customer_id: walkInA,
        payment_method: undefined,
        payments: [{ method: 'cash', amount: 1000 }],
      }),
    );
    expect(cashSale.statusCode, cashSale.body).toBe(201);
    const cash = cashSale.json().data as {
      id: number;
      shift_id: number;
      change_amount: number;
      items: { id: number }[];
    };
    expect(cash).toMatchObject({ shift_id: shift.id, change_amount: 400 });
    // 2. Split: cash 600 + M-Pesa 700 for 1,200 — the cash part written 500, 100 back.
    await sold(me.client, 1200, {
      payments: [
        { method: 'cash', amount: 600 },
        { method: 'mpesa', amount: 700, mpesa_code: 'SHA1B2C3D4' },
      ],
    });
    // 3. Credit: 300 to a named customer.
    const customer = await createCustomer(adminA);
    const credit = await me.client.post(
      '/api/sales',
      saleBody({
        items: [line((await createProduct(adminA, { piece_selling_price: 300 })).id, 1, 300)],
        customer_id: customer.id,
        payment_method: undefined,
        payments: [{ method: 'credit', amount: 300 }],
      }),
    );
    expect(credit.statusCode, credit.body).toBe(201);
    // 4. decisions/0011: [cash 100, M-Pesa 1,200] for 1,200 — the cash part handed back whole
    //    is not written: an M-Pesa sale with 100 change. The 100 came in and went out again.
    const handedBackSale = await sell(me.client, 1200, {
      payments: [
        { method: 'cash', amount: 100 },
        { method: 'mpesa', amount: 1200, mpesa_code: 'SHA1B2C3D5' },
      ],
    });
    expect(handedBackSale.statusCode, handedBackSale.body).toBe(201);
    const handedBack = handedBackSale.json().data as {
      id: number;
      change_amount: number;
      payments: unknown[];
      items: { id: number }[];
    };
    expect(handedBack.change_amount).toBe(100);
    expect(handedBack.payments).toMatchObject([{ method: 'mpesa', amount: 1200 }]);
    // 5. The credit customer repays 100 in cash into this drawer.
    const repaid = await me.client.post(`/api/customers/${customer.id}/repayments`, {
      amount: 100,
      method: 'cash',
    });
    expect(repaid.statusCode, repaid.body).toBe(201);
    // 6. A pay-in of change from the bank, and a pay-out for transport recorded as an expense.
    const payIn = await me.client.post(`/api/shifts/${shift.id}/cash-movements`, {
      type: 'pay_in',
      amount: 1000,
      reason: 'Change from the bank',
    });
    expect(payIn.statusCode, payIn.body).toBe(201);
    expect(payIn.json().data).toMatchObject({ type: 'pay_in', amount: 1000, expense_id: null });
    const payOut = await me.client.post(`/api/shifts/${shift.id}/cash-movements`, {
      type: 'pay_out',
      amount: 250,
      reason: 'Boda boda to the wholesaler',
      expense_category: 'Other',
    });
    expect(payOut.statusCode, payOut.body).toBe(201);
    const expenseId = payOut.json().data.expense_id as number;
    const [expense] = await t.db.select().from(expenses).where(eq(expenses.id, expenseId));
    expect(expense).toMatchObject({
      storeId: storeA,
      userId: me.id,
      description: 'Boda boda to the wholesaler',
      amount: '250.00',
      category: 'Other',
      paymentMethod: 'cash',
      date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(t.clock.now()),
    });
    // 7. A manager (no drawer of their own) takes back one piece of the cash sale: 120 out of
    //    this shift's drawer; and the M-Pesa sale, sent back by M-Pesa — never the drawer's
    //    (its M-Pesa is still counted as taken: the refund is its own figure).
    const cashReturn = await managerA.post(`/api/sales/${cash.id}/returns`, {
      items: [{ sale_item_id: cash.items[0]!.id, quantity: 1, restock: true }],
      refund_method: 'cash',
      reason: 'Torn packet',
    });
    expect(cashReturn.statusCode, cashReturn.body).toBe(201);
    expect(cashReturn.json().data.amount).toBe(120);
    const mpesaReturn = await managerA.post(`/api/sales/${handedBack.id}/returns`, {
      items: [{ sale_item_id: handedBack.items[0]!.id, quantity: 1, restock: true }],
      refund_method: 'mpesa',
      mpesa_code: 'SHR1B2C3D4',
      reason: 'Wrong size',
    });
    expect(mpesaReturn.statusCode, mpesaReturn.body).toBe(201);
    // Only the cash refund is a drawer's (modules/returns): the M-Pesa one belongs to no shift.
    const refunds = await t.db.select().from(saleReturns).where(eq(saleReturns.shiftId, shift.id));
    expect(refunds.map((refund) => refund.refundMethod)).toEqual(['cash']);

    // By hand: 2,000 + (1,000 − 400) + (600 − 100) + (100 − 100) − 120 + 100 + 1,000 − 250.
    const expected = 2000 + 600 + 500 + 0 - 120 + 100 + 1000 - 250;
    expect(expected).toBe(3830);
    const x = await reportOf(me.client, shift.id);
    expect(x).toMatchObject({
      id: shift.id,
      status: 'open',
      opening_float: 2000,
      cash_sales: 1700,
      change_given: 600,
      cash_refunds: 120,
      cash_repayments: 100,
      pay_ins: 1000,
      pay_outs: 250,
      expected_cash: expected,
      counted_cash: null,
      difference: null,
      mpesa_total: 1900,
      credit_total: 300,
      mpesa_refunds: 0,
      credit_refunds: 0,
      sales_total: 600 + 1200 + 300 + 1200,
      sales_count: 4,
      returns_count: 1,
      denominations: null,
    });
    expect(x.movements).toMatchObject([
      { type: 'pay_in', amount: 1000, reason: 'Change from the bank', expense_id: null },
      { type: 'pay_out', amount: 250, expense_id: expenseId, User: { id: me.id } },
    ]);

    // Counting exactly the expected cash, note by note: no difference.
    const counts = { '1000': 3, '500': 1, '200': 1, '100': 1, '20': 1, '10': 1 };
    const closed = await me.client.post(`/api/shifts/${shift.id}/close`, {
      counted_cash: expected,
      denominations: counts,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const z = closed.json().data;
    expect(z).toMatchObject({
      ...x,
      status: 'closed',
      counted_cash: expected,
      difference: 0,
      denominations: counts,
      closed_by: { id: me.id, name: me.name },
      closed_at: expect.any(String),
    });
    // The Z report is frozen: a sale made now is no longer the shift's, nor in its figures.
    const after = await sold(me.client, 600, { payments: [{ method: 'cash', amount: 600 }] });
    expect(after.shift_id).toBeNull();
    expect(await reportOf(me.client, shift.id)).toEqual(z);
    expect((await me.client.get('/api/shifts/current')).json()).toEqual({
      success: true,
      data: null,
    });
    const [repayment] = await t.db
      .select()
      .from(customerRepayments)
      .where(eq(customerRepayments.customerId, customer.id));
    expect(repayment!.shiftId).toBe(shift.id);
  });

  it('counting 50 less than expected is 50 short (−50); more is over', async () => {
    const me = await cashier();
    const short = await open(me.client, 1000);
    await sold(me.client, 450, { payments: [{ method: 'cash', amount: 500 }] });
    const closed = await me.client.post(`/api/shifts/${short.id}/close`, {
      counted_cash: 1400,
      note: 'A 50 note short',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      expected_cash: 1450,
      counted_cash: 1400,
      difference: -50,
      note: 'A 50 note short',
    });
    const [row] = await t.db.select().from(shifts).where(eq(shifts.id, short.id));
    expect(row).toMatchObject({
      expectedCash: '1450.00',
      countedCash: '1400.00',
      difference: '-50.00',
    });

    const over = await open(me.client, 0);
    const closedOver = await me.client.post(`/api/shifts/${over.id}/close`, {
      counted_cash: 20.5,
    });
    expect(closedOver.json().data).toMatchObject({
      expected_cash: 0,
      counted_cash: 20.5,
      difference: 20.5,
    });
  });
});

describe('one open shift per person', () => {
  it('answers 409 to a second open, and lets one of two racing opens in', async () => {
    const me = await cashier();
    const first = await open(me.client, 500);
    const again = await me.client.post('/api/shifts', { opening_float: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SHIFT_MESSAGES.alreadyOpen);
    await me.client.post(`/api/shifts/${first.id}/close`, { counted_cash: 500 });

    const racer = await cashier();
    const before = await shiftCount(storeA);
    const answers = await Promise.all([
      racer.client.post('/api/shifts', { opening_float: 1000 }),
      racer.client.post('/api/shifts', { opening_float: 1000 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await shiftCount(storeA)).toBe(before + 1);
    // Another person opens their own at the same time.
    const other = await cashier();
    await open(other.client, 0);
  });
});

describe('a close racing sales', () => {
  it('counts in its Z report every sale that joined the shift, and no sale joins after', async () => {
    const me = await cashier();
    const shift = await open(me.client, 1000);
    const products = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createProduct(adminA, { piece_selling_price: 100 })),
    );
    const body = (productId: number) =>
      saleBody({ items: [line(productId, 1, 100)], customer_id: walkInA, payment_method: 'cash' });
    const [closed, ...made] = await Promise.all([
      me.client.post(`/api/shifts/${shift.id}/close`, { counted_cash: 1000 }),
      ...products.map((product) => me.client.post('/api/sales', body(product.id))),
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    for (const response of made) expect(response.statusCode, response.body).toBe(201);
    const joined = made.filter((response) => response.json().data.shift_id === shift.id);
    const z = closed.json().data;
    expect(z.sales_count).toBe(joined.length);
    expect(z.expected_cash).toBe(1000 + 100 * joined.length);
    const [row] = await t.db.select({ n: count() }).from(sales).where(eq(sales.shiftId, shift.id));
    expect(row!.n).toBe(joined.length);
    expect(made.every((response) => [shift.id, null].includes(response.json().data.shift_id))).toBe(
      true,
    );
  });
});

describe('a closed shift is final', () => {
  it('answers 409 to a second close and to a cash movement, and changes nothing', async () => {
    const me = await cashier();
    const shift = await open(me.client, 300);
    await me.client.post(`/api/shifts/${shift.id}/close`, { counted_cash: 300 });
    const before = await reportOf(me.client, shift.id);
    const closeAgain = await me.client.post(`/api/shifts/${shift.id}/close`, { counted_cash: 0 });
    expect(closeAgain.statusCode).toBe(409);
    expect(closeAgain.json().message).toBe(SHIFT_MESSAGES.closed);
    const movement = await me.client.post(`/api/shifts/${shift.id}/cash-movements`, {
      type: 'pay_in',
      amount: 10,
      reason: 'Late float',
    });
    expect(movement.statusCode).toBe(409);
    expect(movement.json().message).toBe(SHIFT_MESSAGES.closed);
    const managerClose = await managerA.post(`/api/shifts/${shift.id}/close`, {
      counted_cash: 0,
    });
    expect(managerClose.statusCode).toBe(409);
    expect(await reportOf(me.client, shift.id)).toEqual(before);
  });
});

describe('whose shift a person may act on', () => {
  it("lets a manager close a cashier's forgotten shift; a cashier cannot touch another's (403)", async () => {
    const owner = await cashier();
    const other = await cashier();
    const shift = await open(owner.client, 1000);
    await sold(owner.client, 200, { payments: [{ method: 'cash', amount: 200 }] });

    const before = await t.db.select().from(shiftCashMovements);
    for (const [method, url, body] of [
      ['get', `/api/shifts/${shift.id}/report`, undefined],
      ['post', `/api/shifts/${shift.id}/close`, { counted_cash: 1200 }],
      [
        'post',
        `/api/shifts/${shift.id}/cash-movements`,
        { type: 'pay_in', amount: 5, reason: 'x' },
      ],
    ] as const) {
      const response =
        method === 'get' ? await other.client.get(url) : await other.client.post(url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(SHIFT_MESSAGES.notYours);
    }
    expect(await t.db.select().from(shiftCashMovements)).toEqual(before);

    // A manager reads it, moves cash on it, and closes it: closed_by is the manager.
    expect((await reportOf(managerA, shift.id)).expected_cash).toBe(1200);
    const payOut = await managerA.post(`/api/shifts/${shift.id}/cash-movements`, {
      type: 'pay_out',
      amount: 100,
      reason: 'Banked',
    });
    expect(payOut.statusCode, payOut.body).toBe(201);
    const closed = await managerA.post(`/api/shifts/${shift.id}/close`, {
      counted_cash: 1100,
      note: 'Closed for Wanjiru, who forgot',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      User: { id: owner.id, name: owner.name },
      closed_by: { id: managerAId, name: managerAName },
      expected_cash: 1100,
      difference: 0,
    });
    // The owner still reads their own Z report.
    expect((await reportOf(owner.client, shift.id)).status).toBe('closed');
  });
});

describe('require_shift', () => {
  it('refuses an online sale without an open shift (409), then the sale joins the shift opened', async () => {
    const store = (await buildStore(t.db, 'Shifts require')).id;
    const admin = (await signedIn(t, 'admin', store)).client;
    const seller = await cashier(store);
    const walkIn = (await walkInCustomer(admin)).id;
    const product = await createProduct(admin, { piece_selling_price: 100 });
    const body = () =>
      saleBody({ items: [line(product.id, 1, 100)], customer_id: walkIn, payment_method: 'cash' });

    // Off by default: a sale without a shift is made, and belongs to none.
    const free = await seller.client.post('/api/sales', body());
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().data.shift_id).toBeNull();

    const setting = await admin.put(`/api/stores/${store}/settings`, { require_shift: true });
    expect(setting.statusCode, setting.body).toBe(200);
    const [salesBefore] = await t.db
      .select({ n: count() })
      .from(sales)
      .where(eq(sales.storeId, store));
    const stockBefore = (await admin.get(`/api/products/${product.id}`)).json().data.stock_pieces;
    const refused = await seller.client.post('/api/sales', body());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHIFT_MESSAGES.openShiftFirst);
    const [salesAfter] = await t.db
      .select({ n: count() })
      .from(sales)
      .where(eq(sales.storeId, store));
    expect(salesAfter!.n).toBe(salesBefore!.n);
    expect((await admin.get(`/api/products/${product.id}`)).json().data.stock_pieces).toBe(
      stockBefore,
    );

    // An offline sale is never refused for it: the goods have left the shop.
    const offline = await seller.client.post(
      '/api/sales',
      saleBody({
        items: [line(product.id, 1, 100)],
        customer_id: walkIn,
        payment_method: 'cash',
        client_sale_id: randomUUID(),
        sold_at: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
        offline: true,
      }),
    );
    expect(offline.statusCode, offline.body).toBe(201);
    expect(offline.json().data.shift_id).toBeNull();

    const shift = await open(seller.client, 0);
    const made = await seller.client.post('/api/sales', body());
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.shift_id).toBe(shift.id);
    const shown = await seller.client.get(`/api/sales/${made.json().data.id}`);
    expect(shown.json().data.shift_id).toBe(shift.id);
  });
});

describe('offline sales', () => {
  it('join the shift that covered their sold_at when they upload, even after its close', async () => {
    const me = await cashier();
    const earlier = await open(me.client, 0);
    // Opened and closed before the device's sales (the shift's times moved back by hand).
    const day = t.clock.now().getTime();
    const at = (hours: number) => new Date(day + hours * 3_600_000);
    await me.client.post(`/api/shifts/${earlier.id}/close`, { counted_cash: 0 });
    await t.db
      .update(shifts)
      .set({ openedAt: at(-5), closedAt: at(-3) })
      .where(eq(shifts.id, earlier.id));
    const later = await open(me.client, 0);
    await t.db
      .update(shifts)
      .set({ openedAt: at(-2) })
      .where(eq(shifts.id, later.id));

    const upload = async (soldAt: Date) => {
      const response = await sell(me.client, 80, {
        payment_method: 'cash',
        client_sale_id: randomUUID(),
        sold_at: soldAt.toISOString(),
        offline: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.shift_id as number | null;
    };
    expect(await upload(at(-4))).toBe(earlier.id);
    expect(await upload(at(-2.5))).toBeNull();
    expect(await upload(at(-1))).toBe(later.id);
    // The later shift's X report counts its offline sale.
    expect(await reportOf(me.client, later.id)).toMatchObject({ sales_count: 1, cash_sales: 80 });
  });
});

describe('the managers: list and day summary', () => {
  it("lists the store's shifts newest first with over/short, filtered by day and status", async () => {
    const me = await cashier();
    const shift = await open(me.client, 100);
    await me.client.post(`/api/shifts/${shift.id}/close`, { counted_cash: 90 });
    const openOne = await open(me.client, 50);

    const all = await managerA.get('/api/shifts');
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json().data as { id: number; opened_at: string; difference: number | null }[];
    expect(list.length).toBe(await shiftCount(storeA));
    const order = list.map((row) => row.opened_at);
    expect(order).toEqual([...order].sort().reverse());
    expect(list.find((row) => row.id === shift.id)).toMatchObject({
      status: 'closed',
      expected_cash: 100,
      counted_cash: 90,
      difference: -10,
    });

    const [row] = await t.db.select().from(shifts).where(eq(shifts.id, openOne.id));
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
      row!.openedAt,
    );
    const openList = (await managerA.get('/api/shifts', { query: { status: 'open' } })).json()
      .data as { id: number; status: string }[];
    expect(openList.map((r) => r.id)).toContain(openOne.id);
    expect(openList.every((r) => r.status === 'open')).toBe(true);
    const closedToday = (
      await managerA.get('/api/shifts', { query: { status: 'closed', from: day, to: day } })
    ).json().data as { id: number }[];
    expect(closedToday.map((r) => r.id)).toContain(shift.id);
    expect(closedToday.map((r) => r.id)).not.toContain(openOne.id);
    const dayBefore = new Date(new Date(`${day}T00:00:00Z`).getTime() - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const toDayBefore = (await managerA.get('/api/shifts', { query: { to: dayBefore } })).json()
      .data as { opened_at: string }[];
    const dayStarts = new Date(`${day}T00:00:00+03:00`).getTime();
    expect(toDayBefore.every((r) => new Date(r.opened_at).getTime() < dayStarts)).toBe(true);
    expect(toDayBefore.map((r) => r.opened_at)).not.toContain(row!.openedAt.toISOString());
    expect(
      (await managerA.get('/api/shifts', { query: { to: '2020-01-01' } })).json().data,
    ).toEqual([]);
    const backwards = await managerA.get('/api/shifts', { query: { from: day, to: dayBefore } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].path).toBe('to');
  });

  it('sums a shop day by person: closed shifts counted, open ones so far', async () => {
    const store = (await buildStore(t.db, 'Shifts summary')).id;
    const admin = (await signedIn(t, 'admin', store)).client;
    const walkIn = (await walkInCustomer(admin)).id;
    const product = await createProduct(admin, { piece_selling_price: 250 });
    const amina = await cashier(store);
    const baraka = await cashier(store);
    const sellOne = (client: TestClient, payments: unknown[]) =>
      client.post(
        '/api/sales',
        saleBody({
          items: [line(product.id, 1, 250)],
          customer_id: walkIn,
          payment_method: undefined,
          payments,
        }),
      );

    const first = await open(amina.client, 500);
    expect((await sellOne(amina.client, [{ method: 'cash', amount: 300 }])).statusCode).toBe(201);
    await amina.client.post(`/api/shifts/${first.id}/close`, { counted_cash: 700 });
    await open(amina.client, 100);
    expect(
      (await sellOne(amina.client, [{ method: 'mpesa', amount: 250, mpesa_code: 'SHS1B2C3D4' }]))
        .statusCode,
    ).toBe(201);
    await open(baraka.client, 0);
    expect((await sellOne(baraka.client, [{ method: 'cash', amount: 250 }])).statusCode).toBe(201);

    const [row] = await t.db.select().from(shifts).where(eq(shifts.id, first.id));
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
      row!.openedAt,
    );
    const response = await admin.get('/api/shifts/summary', { query: { date: day } });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data.rows as { User: { id: number } }[];
    expect(response.json().data.date).toBe(day);
    expect(rows.find((r) => r.User.id === amina.id)).toEqual({
      User: { id: amina.id, name: amina.name },
      shifts: 2,
      open_shifts: 1,
      sales_count: 2,
      sales_total: 500,
      cash_sales: 300,
      mpesa_total: 250,
      credit_total: 0,
      refunds: 0,
      // 500 + 250 (closed) and 100 (open so far).
      expected_cash: 850,
      counted_cash: 700,
      difference: -50,
    });
    expect(rows.find((r) => r.User.id === baraka.id)).toMatchObject({
      shifts: 1,
      open_shifts: 1,
      sales_total: 250,
      expected_cash: 250,
      counted_cash: 0,
      difference: 0,
    });
    // Another day has none.
    const empty = await admin.get('/api/shifts/summary', { query: { date: '2020-01-01' } });
    expect(empty.json().data).toEqual({ date: '2020-01-01', rows: [] });
  });
});

describe('roles and stores', () => {
  it('lets every staff role open its own shift; shoppers 403; list and summary are managers’', async () => {
    for (const role of ['super_admin', 'admin', 'manager', 'sales'] as const) {
      const { client } = await signedIn(t, role, storeA);
      const query = role === 'super_admin' ? { store_id: storeA } : undefined;
      const opened = await client.post('/api/shifts', {
        opening_float: 0,
        ...(query ?? {}),
      });
      expect(opened.statusCode, `${role} ${opened.body}`).toBe(201);
      expect(opened.json().data.store_id).toBe(storeA);
      const current = await client.get('/api/shifts/current', { query });
      expect(current.json().data.id, role).toBe(opened.json().data.id);
      const list = await client.get('/api/shifts', { query });
      expect(list.statusCode, role).toBe(role === 'sales' ? 403 : 200);
      const summary = await client.get('/api/shifts/summary', { query });
      expect(summary.statusCode, role).toBe(role === 'sales' ? 403 : 200);
    }
    const shopper = (await signedIn(t, 'user', storeA)).client;
    const before = await shiftCount(storeA);
    expect((await shopper.post('/api/shifts', { opening_float: 0 })).statusCode).toBe(403);
    expect((await shopper.get('/api/shifts/current')).statusCode).toBe(403);
    expect(await shiftCount(storeA)).toBe(before);
    expect((await t.client().get('/api/shifts/current')).statusCode).toBe(401);
  });

  it("answers 404 to another store's shift, and lists only the store's own", async () => {
    const me = await cashier();
    const shift = await open(me.client, 100);
    const before = await reportOf(me.client, shift.id);
    expect((await adminB.get(`/api/shifts/${shift.id}/report`)).statusCode).toBe(404);
    expect(
      (await adminB.post(`/api/shifts/${shift.id}/close`, { counted_cash: 100 })).statusCode,
    ).toBe(404);
    expect(
      (
        await adminB.post(`/api/shifts/${shift.id}/cash-movements`, {
          type: 'pay_in',
          amount: 5,
          reason: 'Not yours',
        })
      ).statusCode,
    ).toBe(404);
    expect(await reportOf(me.client, shift.id)).toEqual(before);
    expect((await adminB.get('/api/shifts')).json().data).toEqual([]);
    expect((await adminB.get('/api/shifts/current')).json().data).toBeNull();
    // A person's open shift in store B does not stop one in store A, nor the reverse.
    const bCashier = await cashier(storeB);
    await open(bCashier.client, 0);
    expect((await adminB.get('/api/shifts')).json().data).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('answers 400 on the field, and changes nothing', async () => {
    const me = await cashier();
    const before = await shiftCount(storeA);
    for (const [body, path] of [
      [{}, 'opening_float'],
      [{ opening_float: -1 }, 'opening_float'],
      [{ opening_float: '12.345' }, 'opening_float'],
      [{ opening_float: 10_000_000.01 }, 'opening_float'],
    ] as const) {
      const response = await me.client.post('/api/shifts', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
    }
    expect(await shiftCount(storeA)).toBe(before);

    const shift = await open(me.client, 1000);
    const movements = await t.db.select({ n: count() }).from(shiftCashMovements);
    const expenseCount = await t.db.select({ n: count() }).from(expenses);
    for (const [body, path, message] of [
      [{ type: 'pay_in', amount: 0, reason: 'Float' }, 'amount', undefined],
      [{ type: 'pay_out', amount: 10 }, 'reason', undefined],
      [{ type: 'refund', amount: 10, reason: 'x' }, 'type', undefined],
      [
        { type: 'pay_in', amount: 10, reason: 'x', expense_category: 'Rent' },
        'expense_category',
        SHIFT_MESSAGES.expenseOnlyPayOut,
      ],
      [
        { type: 'pay_out', amount: 10, reason: 'x', expense_category: 'Bribes' },
        'expense_category',
        'Please select a category',
      ],
      // An expense cannot be more than 1,000,000 (the expenses' own rule).
      [
        { type: 'pay_out', amount: 1_000_000.01, reason: 'x', expense_category: 'Rent' },
        'amount',
        'Amount must be less than 1,000,000',
      ],
    ] as const) {
      const response = await me.client.post(`/api/shifts/${shift.id}/cash-movements`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
      if (message) expect(response.json().errors[0].message).toBe(message);
    }
    expect(await t.db.select({ n: count() }).from(shiftCashMovements)).toEqual(movements);
    expect(await t.db.select({ n: count() }).from(expenses)).toEqual(expenseCount);

    for (const [body, path, message] of [
      [{}, 'counted_cash', undefined],
      // The notes and coins add up to 1,050, not 1,000.
      [
        { counted_cash: 1000, denominations: { '1000': 1, '50': 1 } },
        'counted_cash',
        SHIFT_MESSAGES.countMismatch,
      ],
      [{ counted_cash: 3, denominations: { '3': 1 } }, 'denominations', undefined],
      [
        { counted_cash: 1000, denominations: { '1000': 1.5 } },
        'denominations.1000',
        SHIFT_MESSAGES.denomination,
      ],
      [{ counted_cash: 1000, denominations: { '1': -1 } }, 'denominations.1', undefined],
    ] as const) {
      const response = await me.client.post(`/api/shifts/${shift.id}/close`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
      if (message) expect(response.json().errors[0].message).toBe(message);
    }
    expect((await reportOf(me.client, shift.id)).status).toBe('open');
    expect((await me.client.get('/api/shifts/abc/report')).statusCode).toBe(400);
    expect((await me.client.get('/api/shifts/999999/report')).statusCode).toBe(404);
  });
});
