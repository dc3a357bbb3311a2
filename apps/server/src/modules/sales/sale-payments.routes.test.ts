/**
 * Split payment and credit at the till (issue 21): POST /api/sales with `payments`, or one
 * method ('credit' among them) for the total; the parts on the sale, its receipt and the sales
 * summary; a credit part within the customer's limit (their own, else the store's default),
 * also under concurrent sales; an idempotent retry of a split sale.
 */
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { and, count, eq, sql } from 'drizzle-orm';
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
import { customerAccountEntries, customerRepayments } from '../customers/customer-accounts.table';
import { customers } from '../customers/customers.table';
import { stockMovements } from '../products/stock-movements.table';
import { stores } from '../stores/stores.table';
import { salePayments, sales } from './sales.table';

let t: TestApp;
let storeId: number;
let admin: TestClient;
let cashier: TestClient;
let walkIn: number;

beforeAll(async () => {
  t = await createTestApp();
  storeId = (await buildStore(t.db, 'Split Payments Store')).id;
  admin = (await signedIn(t, 'admin', storeId)).client;
  cashier = (await signedIn(t, 'sales', storeId)).client;
  walkIn = (await walkInCustomer(cashier)).id;
});
afterAll(() => t.close());

/** A body of one product's line at KSh `price` (one piece), paid as `payment` says. */
function body(productId: number, price: number, payment: Record<string, unknown>) {
  return saleBody({
    items: [line(productId, 1, price)],
    customer_id: walkIn,
    payment_method: undefined,
    ...payment,
  });
}

async function sell(payment: Record<string, unknown>, price = 1200, client = cashier) {
  const product = await createProduct(admin, { piece_selling_price: price });
  const response = await client.post('/api/sales', body(product.id, price, payment));
  return { response, product };
}

async function counts() {
  const [sale] = await t.db.select({ n: count() }).from(sales).where(eq(sales.storeId, storeId));
  const [part] = await t.db
    .select({ n: count() })
    .from(salePayments)
    .where(eq(salePayments.storeId, storeId));
  const [entry] = await t.db
    .select({ n: count() })
    .from(customerAccountEntries)
    .where(eq(customerAccountEntries.storeId, storeId));
  return { sales: sale!.n, parts: part!.n, entries: entry!.n };
}

async function stockOf(id: number) {
  return (await admin.get(`/api/products/${id}`)).json().data.stock_pieces as number;
}

async function customerWithLimit(limit: string | null) {
  const customer = await createCustomer(admin);
  await t.db.update(customers).set({ creditLimit: limit }).where(eq(customers.id, customer.id));
  return customer;
}

async function customerOf(id: number) {
  const list = (await admin.get('/api/customers')).json<{
    data: { id: number; balance: number; oldest_unpaid_at: string | null }[];
  }>();
  return list.data.find((customer) => customer.id === id)!;
}

describe('a split payment', () => {
  it('takes cash and M-Pesa for a sale, listed on the sale and in GET /sales/{id}', async () => {
    const { response, product } = await sell({
      payments: [
        { method: 'cash', amount: 500 },
        { method: 'mpesa', amount: 700, mpesa_code: 'sft4a1b2c3' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json<{ data: Sale }>().data;
    expect(sale).toMatchObject({
      payment_method: 'split',
      payments: [
        { method: 'cash', amount: 500, mpesa_code: null },
        { method: 'mpesa', amount: 700, mpesa_code: 'SFT4A1B2C3' },
      ],
      total_amount: 1200,
      amount_paid: 1200,
      change_amount: 0,
      balance_due: 0,
      payment_status: 'paid',
      mpesa_code: 'SFT4A1B2C3',
    });
    const shown = (await admin.get(`/api/sales/${sale.id}`)).json<{ data: Sale }>().data;
    expect(shown.payments).toEqual(sale.payments);
    expect(shown.payment_method).toBe('split');
    expect(await stockOf(product.id)).toBe(99);
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reference, `SALE-${sale.id}`));
    expect(movements.map((m) => [m.productId, m.changePieces, m.reason])).toEqual([
      [product.id, -1, 'sale'],
    ]);
  });

  it('gives change only from cash: off the cash part, and 400 when no cash part covers it', async () => {
    const { response } = await sell({
      payments: [
        { method: 'cash', amount: 600 },
        { method: 'mpesa', amount: 700, mpesa_code: 'SFT4A1B2C4' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      payments: [
        { method: 'cash', amount: 500 },
        { method: 'mpesa', amount: 700 },
      ],
      amount_paid: 1300,
      change_amount: 100,
    });

    const before = await counts();
    for (const payments of [
      [
        { method: 'mpesa', amount: 1300, mpesa_code: 'SFT4A1B2C5' },
        { method: 'cash', amount: 50 },
      ],
      [{ method: 'mpesa', amount: 1250, mpesa_code: 'SFT4A1B2C6' }],
    ]) {
      const { response: refused, product } = await sell({ payments });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual([
        { path: 'payments', message: 'Change can only be given in cash' },
      ]);
      expect(await stockOf(product.id)).toBe(100);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses too little, two credit parts, one M-Pesa code twice, a method that disagrees', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { payments: [{ method: 'cash', amount: 1000 }] },
        'payments',
        'Amount tendered must be at least total',
      ],
      [
        {
          payments: [
            { method: 'credit', amount: 600 },
            { method: 'credit', amount: 600 },
          ],
        },
        'payments',
        'A sale can have only one credit part',
      ],
      [
        {
          payments: [
            { method: 'mpesa', amount: 600, mpesa_code: 'SFT4A1B2C7' },
            { method: 'mpesa', amount: 600, mpesa_code: 'sft4a1b2c7' },
          ],
        },
        'payments.1.mpesa_code',
        'Each M-Pesa part needs its own code',
      ],
      [
        { payment_method: 'cash', payments: [{ method: 'mpesa', amount: 1200 }] },
        'payment_method',
        'Payment method must be mpesa for these payments',
      ],
      [
        {
          payment_method: 'mpesa',
          payments: [
            { method: 'cash', amount: 600 },
            { method: 'mpesa', amount: 600 },
          ],
        },
        'payment_method',
        'Payment method must be split for these payments',
      ],
      [{ payment_method: 'split' }, 'payment_method', 'Split payment needs its payments'],
      [{}, 'payment_method', 'Payment method must be cash, mpesa, credit or split'],
      [
        { payments: [{ method: 'cash', amount: 0 }] },
        'payments.0.amount',
        'Amount must be more than 0',
      ],
      [{ payments: [] }, 'payments', 'Add at least one payment'],
    ];
    for (const [payment, path, message] of cases) {
      const { response } = await sell(payment);
      expect(response.statusCode, JSON.stringify(payment)).toBe(400);
      expect(response.json().errors, JSON.stringify(payment)).toEqual([{ path, message }]);
    }
    expect(await counts()).toEqual(before);
  });

  it("takes payment_method 'split' whatever the parts, answering the single method used", async () => {
    const { response } = await sell({
      payment_method: 'split',
      payments: [
        { method: 'cash', amount: 600 },
        { method: 'cash', amount: 600 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      payment_method: 'cash',
      payments: [
        { method: 'cash', amount: 600 },
        { method: 'cash', amount: 600 },
      ],
    });
  });

  it('takes a cash part handed back whole as change (a cash part at least the change): the M-Pesa part is the payment', async () => {
    const { response } = await sell({
      payments: [
        { method: 'cash', amount: 100 },
        { method: 'mpesa', amount: 1200, mpesa_code: 'SFT4A1B2E1' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json<{ data: Sale }>().data;
    expect(sale).toMatchObject({
      total_amount: 1200,
      payment_method: 'mpesa',
      amount_paid: 1300,
      change_amount: 100,
      payments: [{ method: 'mpesa', amount: 1200, mpesa_code: 'SFT4A1B2E1' }],
    });
    // The receipt text says how it was paid: the M-Pesa part, the cash given and handed back.
    const receipt = await cashier.post(`/api/sales/${sale.id}/receipt/whatsapp`, {
      phone: '0712345678',
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const text = receipt.json<{ data: { text: string } }>().data.text;
    expect(text).toContain('Paid: M-Pesa KSh 1,200.00 (SFT4A1B2E1)');
    expect(text).toContain('Cash tendered: KSh 100.00');
    expect(text).toContain('Change: KSh 100.00');
    expect(text).not.toContain('M-Pesa: KSh 1,300.00');
  });

  it('takes the single method sent with its parts, and two M-Pesa parts as mpesa', async () => {
    const { response } = await sell({
      payment_method: 'mpesa',
      payments: [
        { method: 'mpesa', amount: 200, mpesa_code: 'SFT4A1B2D1' },
        { method: 'mpesa', amount: 1000, mpesa_code: 'SFT4A1B2D2' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      payment_method: 'mpesa',
      mpesa_code: 'SFT4A1B2D1',
      payments: [
        { method: 'mpesa', amount: 200, mpesa_code: 'SFT4A1B2D1' },
        { method: 'mpesa', amount: 1000, mpesa_code: 'SFT4A1B2D2' },
      ],
    });
  });

  it('lists each part and the change in the receipt text', async () => {
    const customer = await customerWithLimit(null);
    const { response } = await sell(
      {
        customer_id: customer.id,
        payments: [
          { method: 'cash', amount: 600 },
          { method: 'mpesa', amount: 700, mpesa_code: 'SFT4A1B2E1' },
          { method: 'credit', amount: 200 },
        ],
      },
      1400,
    );
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json<{ data: Sale }>().data;
    const receipt = await cashier.post(`/api/sales/${sale.id}/receipt/whatsapp`, {});
    expect(receipt.statusCode, receipt.body).toBe(200);
    const text = receipt.json<{ data: { text: string } }>().data.text;
    expect(text).toContain('Total: KSh 1,400.00');
    expect(text).toContain(
      'Paid: Cash KSh 500.00 / M-Pesa KSh 700.00 (SFT4A1B2E1) / Credit KSh 200.00',
    );
    expect(text).toContain('Cash tendered: KSh 600.00');
    expect(text).toContain('Change: KSh 100.00');
    expect(text).toContain('Balance due: KSh 200.00');
  });

  it('lists every part of a one-method sale of many parts; cash tendered is all the cash', async () => {
    const customer = await customerWithLimit(null);
    const texts: string[] = [];
    for (const payments of [
      [
        { method: 'mpesa', amount: 500, mpesa_code: 'SFT4A1B2F1' },
        { method: 'mpesa', amount: 700, mpesa_code: 'SFT4A1B2F2' },
      ],
      [
        { method: 'cash', amount: 500 },
        { method: 'cash', amount: 800 },
      ],
    ]) {
      const { response } = await sell({ customer_id: customer.id, payments });
      expect(response.statusCode, response.body).toBe(201);
      const sale = response.json<{ data: Sale }>().data;
      const receipt = await cashier.post(`/api/sales/${sale.id}/receipt/whatsapp`, {});
      expect(receipt.statusCode, receipt.body).toBe(200);
      texts.push(receipt.json<{ data: { text: string } }>().data.text);
    }
    expect(texts[0]).toContain(
      'Paid: M-Pesa KSh 500.00 (SFT4A1B2F1) / M-Pesa KSh 700.00 (SFT4A1B2F2)',
    );
    // KSh 1,200 paid 500 + 800 in cash: the change (100) off the 800.
    expect(texts[1]).toContain('Paid: Cash KSh 500.00 / Cash KSh 700.00');
    expect(texts[1]).toContain('Cash tendered: KSh 1,300.00');
    expect(texts[1]).toContain('Change: KSh 100.00');
  });

  it('gives cash tendered as all the cash parts of a split sale, plus the change', async () => {
    const customer = await customerWithLimit(null);
    const { response } = await sell({
      customer_id: customer.id,
      payments: [
        { method: 'cash', amount: 300 },
        { method: 'mpesa', amount: 500, mpesa_code: 'SFT4A1B2F3' },
        { method: 'cash', amount: 500 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json<{ data: Sale }>().data;
    const receipt = await cashier.post(`/api/sales/${sale.id}/receipt/whatsapp`, {});
    const text = receipt.json<{ data: { text: string } }>().data.text;
    expect(text).toContain(
      'Paid: Cash KSh 300.00 / M-Pesa KSh 500.00 (SFT4A1B2F3) / Cash KSh 400.00',
    );
    expect(text).toContain('Cash tendered: KSh 800.00');
    expect(text).toContain('Change: KSh 100.00');
  });

  it('replays a split sale for its Idempotency-Key, and refuses the key with other parts', async () => {
    const product = await createProduct(admin, { piece_selling_price: 1200 });
    const payments = [
      { method: 'cash', amount: 500 },
      { method: 'mpesa', amount: 700, mpesa_code: 'SFT4A1B2F1' },
    ];
    const sent = body(product.id, 1200, { payments });
    const headers = { 'idempotency-key': 'split-7f3c2a1e-0001' };
    const both = await Promise.all([
      cashier.post('/api/sales', sent, { headers }),
      cashier.post('/api/sales', sent, { headers }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const [first, second] = both.map((r) => r.json<{ data: Sale }>().data);
    expect(second!.id).toBe(first!.id);
    expect(second!.payments).toEqual(first!.payments);
    expect(await stockOf(product.id)).toBe(99);
    const parts = await t.db.select().from(salePayments).where(eq(salePayments.saleId, first!.id));
    expect(parts).toHaveLength(2);

    const other = await cashier.post(
      '/api/sales',
      body(product.id, 1200, { payments: [...payments].reverse() }),
      { headers },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This Idempotency-Key was used for a different sale');
  });
});

describe('a credit sale', () => {
  it('needs a named customer: the Walk-in Customer is 400 and nothing is written', async () => {
    const before = await counts();
    for (const payment of [
      { payment_method: 'credit' },
      {
        payments: [
          { method: 'cash', amount: 200 },
          { method: 'credit', amount: 1000 },
        ],
      },
    ]) {
      const { response, product } = await sell(payment);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'customer_id', message: 'Credit needs a named customer' },
      ]);
      expect(await stockOf(product.id)).toBe(100);
    }
    expect(await counts()).toEqual(before);
  });

  it('is refused for an archived customer (400) and nothing is written', async () => {
    const customer = await customerWithLimit(null);
    await t.db
      .update(customers)
      .set({ archivedAt: new Date() })
      .where(eq(customers.id, customer.id));
    const before = await counts();
    const { response, product } = await sell({
      customer_id: customer.id,
      payment_method: 'credit',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'customer_id', message: 'Please select a customer' },
    ]);
    expect(await stockOf(product.id)).toBe(100);
    expect(await counts()).toEqual(before);
  });

  it('is refused when the customer is archived after write_sale first read them', async () => {
    // The race with deleteCustomer made deterministic: the sale's own stock movement archives
    // the customer, between write_sale's first read of them and its lock for the credit part.
    const customer = await customerWithLimit(null);
    const product = await createProduct(admin, { piece_selling_price: 1200 });
    await t.db.execute(
      sql.raw(`CREATE FUNCTION test_archive_buyer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE customers SET archived_at = now() WHERE id = ${customer.id}; RETURN NULL; END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER test_archive_buyer AFTER INSERT ON stock_movements
        FOR EACH ROW EXECUTE FUNCTION test_archive_buyer()`),
    );
    try {
      const before = await counts();
      const response = await cashier.post(
        '/api/sales',
        body(product.id, 1200, { customer_id: customer.id, payment_method: 'credit' }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'customer_id', message: 'Please select a customer' },
      ]);
      expect(await stockOf(product.id)).toBe(100);
      expect(await counts()).toEqual(before);
      const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(row!.balance).toBe('0.00');
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER test_archive_buyer ON stock_movements'));
      await t.db.execute(sql.raw('DROP FUNCTION test_archive_buyer()'));
    }
  });

  it("owes the whole total with payment_method 'credit': balance, balance_due, pending, entry", async () => {
    const customer = await customerWithLimit(null);
    const { response } = await sell({ customer_id: customer.id, payment_method: 'credit' }, 750);
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json<{ data: Sale }>().data;
    expect(sale).toMatchObject({
      payment_method: 'credit',
      payments: [{ method: 'credit', amount: 750, mpesa_code: null }],
      balance_due: 750,
      payment_status: 'pending',
      amount_paid: 750,
      change_amount: 0,
    });
    const owing = await customerOf(customer.id);
    expect(owing.balance).toBe(750);
    expect(owing.oldest_unpaid_at).toBe(sale.createdAt);
    const entries = await t.db
      .select()
      .from(customerAccountEntries)
      .where(eq(customerAccountEntries.customerId, customer.id));
    expect(entries).toMatchObject([
      {
        type: 'credit_sale',
        amount: '750.00',
        saleId: sale.id,
        method: 'credit',
        balanceAfter: '750.00',
      },
    ]);
    const listed = (await admin.get('/api/sales?payment_method=credit')).json<{ sales: Sale[] }>();
    expect(listed.sales.map((s) => s.id)).toContain(sale.id);
    // Split sales with a credit part are listed too (decision 0009).
    expect(listed.sales.every((s) => s.payments.some((p) => p.method === 'credit'))).toBe(true);
  });

  it("is refused past the customer's own limit (409) and nothing is written", async () => {
    const customer = await customerWithLimit('1000.00');
    const first = await sell({
      customer_id: customer.id,
      payments: [
        { method: 'mpesa', amount: 400, mpesa_code: 'SFT4A1B2G1' },
        { method: 'credit', amount: 800 },
      ],
    });
    expect(first.response.statusCode, first.response.body).toBe(201);
    expect(first.response.json().data).toMatchObject({
      balance_due: 800,
      payment_status: 'pending',
    });

    const before = await counts();
    const over = await sell({
      customer_id: customer.id,
      payments: [
        { method: 'cash', amount: 999 },
        { method: 'credit', amount: 201 },
      ],
    });
    expect(over.response.statusCode, over.response.body).toBe(409);
    expect(over.response.json().message).toBe('Credit limit exceeded');
    expect(await stockOf(over.product.id)).toBe(100);
    expect(await counts()).toEqual(before);
    expect((await customerOf(customer.id)).balance).toBe(800);

    // Exactly up to the limit is allowed.
    const upTo = await sell({
      customer_id: customer.id,
      payments: [
        { method: 'cash', amount: 1000 },
        { method: 'credit', amount: 200 },
      ],
    });
    expect(upTo.response.statusCode, upTo.response.body).toBe(201);
    expect((await customerOf(customer.id)).balance).toBe(1000);
  });

  it("takes the store's default limit for a customer with none, and none when neither is set", async () => {
    const customer = await customerWithLimit(null);
    const unlimited = await sell({ customer_id: customer.id, payment_method: 'credit' }, 5000);
    expect(unlimited.response.statusCode, unlimited.response.body).toBe(201);

    await t.db.update(stores).set({ defaultCreditLimit: '5500.00' }).where(eq(stores.id, storeId));
    try {
      const over = await sell({ customer_id: customer.id, payment_method: 'credit' }, 600);
      expect(over.response.statusCode).toBe(409);
      const within = await sell({ customer_id: customer.id, payment_method: 'credit' }, 500);
      expect(within.response.statusCode, within.response.body).toBe(201);
      // A limit of the customer's own wins over the store's.
      await t.db
        .update(customers)
        .set({ creditLimit: '9000.00' })
        .where(eq(customers.id, customer.id));
      const own = await sell({ customer_id: customer.id, payment_method: 'credit' }, 600);
      expect(own.response.statusCode, own.response.body).toBe(201);
      expect((await customerOf(customer.id)).balance).toBe(6100);
    } finally {
      await t.db.update(stores).set({ defaultCreditLimit: null }).where(eq(stores.id, storeId));
    }
  });

  it('never takes a customer past the limit under 10 concurrent credit sales', async () => {
    const customer = await customerWithLimit('1000.00');
    const product = await createProduct(admin, { piece_selling_price: 300 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        cashier.post(
          '/api/sales',
          body(product.id, 300, { customer_id: customer.id, payment_method: 'credit' }),
        ),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect((await customerOf(customer.id)).balance).toBe(900);
    const entries = await t.db
      .select()
      .from(customerAccountEntries)
      .where(eq(customerAccountEntries.customerId, customer.id));
    expect(entries.map((e) => e.balanceAfter).sort()).toEqual(['300.00', '600.00', '900.00']);
    expect(await stockOf(product.id)).toBe(97);
  });
});

describe('GET /sales?payment_method', () => {
  it('finds the sales with a part of that method, split ones included; split the split sales', async () => {
    const customer = await customerWithLimit(null);
    const made = async (payment: Record<string, unknown>) => {
      const { response } = await sell({ customer_id: customer.id, ...payment });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: Sale }>().data.id;
    };
    const cashCredit = await made({
      payments: [
        { method: 'cash', amount: 200 },
        { method: 'credit', amount: 1000 },
      ],
    });
    const mpesaOnly = await made({ payment_method: 'mpesa' });
    const credit = await made({ payment_method: 'credit' });
    const listed = async (method: string) => {
      const response = await admin.get('/api/sales', {
        query: { payment_method: method, pageSize: '100' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const ids = response.json<{ sales: Sale[] }>().sales.map((sale) => sale.id);
      return [cashCredit, mpesaOnly, credit].filter((id) => ids.includes(id));
    };
    expect(await listed('credit')).toEqual([cashCredit, credit]);
    expect(await listed('cash')).toEqual([cashCredit]);
    expect(await listed('mpesa')).toEqual([mpesaOnly]);
    expect(await listed('split')).toEqual([cashCredit]);
  });
});

describe('GET /reports/sales-summary by part', () => {
  it('sums each part by method (cash net of change), leaves cancelled sales out, adds repayments', async () => {
    const store = (await buildStore(t.db, 'Split Summary Store')).id;
    const owner = (await signedIn(t, 'admin', store)).client;
    const named = await createCustomer(owner);
    const product = await createProduct(owner, { piece_selling_price: 1000, quantity: 50 });
    const post = async (payment: Record<string, unknown>) => {
      const response = await owner.post(
        '/api/sales',
        saleBody({
          items: [line(product.id, 1, 1000)],
          payment_method: undefined,
          ...payment,
        } as never),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: Sale }>().data;
    };
    const walkInOfStore = (await walkInCustomer(owner)).id;
    // Cash 1000 tendered 1500 (change 500); M-Pesa 1000; cash 300 + M-Pesa 500 + credit 200;
    // a credit sale of 1000; a sale of M-Pesa 1000 later cancelled.
    await post({ customer_id: walkInOfStore, payment_method: 'cash', amount_paid: 1500 });
    await post({ customer_id: walkInOfStore, payment_method: 'mpesa' });
    await post({
      customer_id: named.id,
      payments: [
        { method: 'cash', amount: 300 },
        { method: 'mpesa', amount: 500 },
        { method: 'credit', amount: 200 },
      ],
    });
    await post({ customer_id: named.id, payment_method: 'credit' });
    const cancelled = await post({ customer_id: walkInOfStore, payment_method: 'mpesa' });
    await t.db.update(sales).set({ status: 'cancelled' }).where(eq(sales.id, cancelled.id));
    // A repayment of KSh 150 by M-Pesa, as the customers' accounts write it.
    await t.db.insert(customerRepayments).values({
      storeId: store,
      customerId: named.id,
      amount: '150.00',
      method: 'mpesa',
      mpesaCode: 'SFT4A1B2H1',
    });

    const summary = (await owner.get('/api/reports/sales-summary')).json().data;
    expect(summary).toMatchObject({
      paymentMethods: { cash: 1300, mpesa: 1500, credit: 1200 },
      repayments: { cash: 0, mpesa: 150 },
      totalSales: 4000,
      count: 4,
    });
    // Another store's parts never count.
    const mine = (await admin.get('/api/reports/sales-summary')).json().data;
    expect(mine.repayments).toEqual({ cash: 0, mpesa: 0 });
    const [credits] = await t.db
      .select({ n: count() })
      .from(salePayments)
      .where(and(eq(salePayments.storeId, store), eq(salePayments.method, 'credit')));
    expect(credits?.n).toBe(2);
  });
});
