import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, signedIn } from '../../testing/factories';
import { expenses } from './expenses.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let salesA: TestClient;
let adminB: TestClient;
let adminAName: string;

/** Today in Africa/Nairobi by the app's clock, and the days around it. */
function nairobiDay(offsetDays = 0): string {
  const instant = new Date(t.clock.now().getTime() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(instant);
}

const valid = (overrides: Record<string, unknown> = {}) => ({
  description: 'Shop rent for November',
  amount: 25000,
  category: 'Rent',
  date: nairobiDay(),
  payment_method: 'mobile_money',
  ...overrides,
});

async function countOf(storeId: number) {
  const [row] = await t.db
    .select({ n: count() })
    .from(expenses)
    .where(eq(expenses.storeId, storeId));
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Expenses A')).id;
  storeB = (await buildStore(t.db, 'Expenses B')).id;
  const a = await signedIn(t, 'admin', storeA);
  adminA = a.client;
  adminAName = a.user.name;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
});
afterAll(() => t.close());

describe('POST /api/expenses', () => {
  it('records an expense and answers 201 { success, data }', async () => {
    const response = await adminA.post('/api/expenses', valid({ amount: '1234.5' }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      id: expect.any(Number),
      description: 'Shop rent for November',
      amount: 1234.5,
      category: 'Rent',
      date: nairobiDay(),
      payment_method: 'mobile_money',
      createdAt: expect.any(String),
      User: { id: expect.any(Number), name: adminAName },
    });
    const [row] = await t.db.select().from(expenses).where(eq(expenses.id, body.data.id));
    expect(row!.amount).toBe('1234.50');
    expect(row!.storeId).toBe(storeA);
  });

  it('defaults category to Other and payment method to cash', async () => {
    const response = await salesA.post('/api/expenses', {
      description: 'Tea for staff',
      amount: 150,
      date: nairobiDay(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ category: 'Other', payment_method: 'cash' });
  });

  const refused: [string, Record<string, unknown>, string, string][] = [
    ['a missing description', { description: undefined }, 'description', 'Description is required'],
    ['a blank description', { description: '   ' }, 'description', 'Description is required'],
    ['amount 0', { amount: 0 }, 'amount', 'Amount must be greater than 0'],
    ['amount 0.00 as text', { amount: '0.00' }, 'amount', 'Amount must be greater than 0'],
    ['a negative amount', { amount: -5 }, 'amount', 'Amount must be greater than 0'],
    ['amount 1,000,000.01', { amount: 1000000.01 }, 'amount', 'Amount must be less than 1,000,000'],
    [
      'amount 3 decimals',
      { amount: 10.005 },
      'amount',
      'Amount must be a number with at most 2 decimals',
    ],
    [
      'amount 3 decimals text',
      { amount: '0.001' },
      'amount',
      'Amount must be a number with at most 2 decimals',
    ],
    [
      'amount not a number',
      { amount: 'ten' },
      'amount',
      'Amount must be a number with at most 2 decimals',
    ],
    ['a missing amount', { amount: undefined }, 'amount', 'Amount is required'],
    ['an unknown category', { category: 'Bribes' }, 'category', 'Please select a category'],
    ['a category in lower case', { category: 'rent' }, 'category', 'Please select a category'],
    [
      'an unknown payment method',
      { payment_method: 'mpesa' },
      'payment_method',
      'Please select a payment method',
    ],
    [
      'a payment method label',
      { payment_method: 'Mobile Money' },
      'payment_method',
      'Please select a payment method',
    ],
    ['a missing date', { date: undefined }, 'date', 'Date is required'],
    ['a blank date', { date: '' }, 'date', 'Date is required'],
    [
      'a date that does not exist',
      { date: '2026-02-30' },
      'date',
      'Date must be a date (YYYY-MM-DD)',
    ],
    ['1899-12-31', { date: '1899-12-31' }, 'date', 'Date cannot be before 1900-01-01'],
  ];
  it.each(refused)('refuses %s with the message', async (_, overrides, path, message) => {
    const before = await countOf(storeA);
    const response = await adminA.post('/api/expenses', valid(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual(expect.arrayContaining([{ path, message }]));
    expect(await countOf(storeA)).toBe(before);
  });

  it('refuses tomorrow in Nairobi and accepts today', async () => {
    const tomorrow = await adminA.post('/api/expenses', valid({ date: nairobiDay(1) }));
    expect(tomorrow.statusCode, tomorrow.body).toBe(400);
    expect(tomorrow.json().errors).toEqual([
      { path: 'date', message: 'Date cannot be in the future' },
    ]);
    const today = await adminA.post('/api/expenses', valid({ date: nairobiDay(0) }));
    expect(today.statusCode, today.body).toBe(201);
  });

  it('reads "today" in Nairobi, not UTC: at 22:30 UTC Nairobi is already on the next day', async () => {
    const saved = t.clock.now();
    // 2026-11-22T22:30Z is 2026-11-23 01:30 in Nairobi (UTC+3).
    t.clock.advance(new Date('2026-11-22T22:30:00Z').getTime() - saved.getTime());
    try {
      const nextDay = await adminA.post('/api/expenses', valid({ date: '2026-11-23' }));
      expect(nextDay.statusCode, nextDay.body).toBe(201);
      const dayAfter = await adminA.post('/api/expenses', valid({ date: '2026-11-24' }));
      expect(dayAfter.statusCode, dayAfter.body).toBe(400);
    } finally {
      t.clock.advance(saved.getTime() - t.clock.now().getTime());
    }
  });

  it('accepts the boundaries: 0.01, exactly 1,000,000 and 1900-01-01', async () => {
    for (const overrides of [
      { amount: 0.01 },
      { amount: '1000000.00' },
      { amount: 1000000 },
      { date: '1900-01-01' },
    ]) {
      const response = await adminA.post('/api/expenses', valid(overrides));
      expect(response.statusCode, `${JSON.stringify(overrides)} ${response.body}`).toBe(201);
    }
  });
});

describe('GET /api/expenses', () => {
  it('lists the store’s expenses newest day first, never another store’s', async () => {
    await adminB.post('/api/expenses', valid({ description: 'Store B rent' }));
    const older = await adminA.post(
      '/api/expenses',
      valid({ description: 'Older', date: '2026-10-01' }),
    );
    expect(older.statusCode).toBe(201);
    const response = await adminA.get('/api/expenses');
    expect(response.statusCode).toBe(200);
    const list = response.json().expenses as { description: string; date: string }[];
    expect(list.length).toBe(await countOf(storeA));
    expect(list.map((e) => e.description)).not.toContain('Store B rent');
    const dates = list.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.at(-1)!.date).toBe('1900-01-01');
  });

  it('filters by from and to, each inclusive', async () => {
    const response = await adminA.get('/api/expenses', {
      query: { from: '2026-10-01', to: '2026-10-01' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().expenses.map((e: { description: string }) => e.description)).toEqual([
      'Older',
    ]);
    const backwards = await adminA.get('/api/expenses', {
      query: { from: '2026-10-02', to: '2026-10-01' },
    });
    expect(backwards.statusCode).toBe(400);
  });
});

describe('DELETE /api/expenses/:id', () => {
  it('deletes the store’s expense and answers { success: true }', async () => {
    const id = (await adminA.post('/api/expenses', valid({ description: 'To delete' }))).json().data
      .id as number;
    const response = await salesA.delete(`/api/expenses/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await t.db.select().from(expenses).where(eq(expenses.id, id))).toEqual([]);
    const again = await salesA.delete(`/api/expenses/${id}`);
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another store's expense and leaves it", async () => {
    const id = (await adminA.post('/api/expenses', valid({ description: 'Not B’s' }))).json().data
      .id as number;
    const response = await adminB.delete(`/api/expenses/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Expense not found');
    const [row] = await t.db.select().from(expenses).where(eq(expenses.id, id));
    expect(row!.description).toBe('Not B’s');
  });
});

describe('access', () => {
  it('refuses a shopper (role user) and a signed-out caller', async () => {
    const shopper = (await signedIn(t, 'user', storeA)).client;
    expect((await shopper.get('/api/expenses')).statusCode).toBe(403);
    expect((await t.client().get('/api/expenses')).statusCode).toBe(401);
  });
});
