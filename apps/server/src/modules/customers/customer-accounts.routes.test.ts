/**
 * Customers' accounts (issue 21): credit sales owed, repayments settling the oldest first, the
 * statement with its running balance, the Debtors list, the credit limits, the archive guard
 * and the statement sent as a reminder link. Debts are made the real way: POST /sales with a
 * credit part.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createCustomer,
  createProduct,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { sales } from '../sales/sales.table';
import { customerAccountEntries, customerRepayments } from './customer-accounts.table';
import { customers } from './customers.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let managerA: TestClient;
let salesA: TestClient;
let adminB: TestClient;
let walkInA: number;
let productA: number;

interface CustomerJson {
  id: number;
  name: string;
  phone: string | null;
  balance: number;
  credit_limit: number | null;
  oldest_unpaid_at: string | null;
}

async function addCustomer(overrides: Record<string, unknown> = {}) {
  return (await createCustomer(adminA, overrides)) as unknown as CustomerJson;
}

/** A sale of `shillings` (whole 10s: pieces at 10.00) owed in full on credit. */
async function creditSale(customerId: number, shillings: number, client = salesA) {
  const quantity = shillings / 10;
  const response = await client.post('/api/sales', {
    items: [{ product_id: productA, quantity, unit_price: 10, unit_type: 'piece' }],
    total: shillings,
    customer_id: customerId,
    payments: [{ method: 'credit', amount: shillings }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; payment_status: string };
}

async function customerOf(id: number, client = adminA) {
  const list = (await client.get('/api/customers', { query: { q: '' } })).json()
    .data as CustomerJson[];
  const found = list.find((customer) => customer.id === id);
  if (found) return found;
  const owing = (await client.get('/api/customers', { query: { owing: 'true' } })).json()
    .data as CustomerJson[];
  return owing.find((customer) => customer.id === id);
}

async function accountOf(id: number, client = adminA) {
  const response = await client.get(`/api/customers/${id}/account`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    balance: number;
    credit_limit: number | null;
    entries: {
      type: string;
      amount: number;
      sale_id: number | null;
      method: string;
      mpesa_code: string | null;
      balance_after: number;
      created_at: string;
    }[];
  };
}

function repay(
  id: number,
  body: Record<string, unknown>,
  client = salesA,
  headers: Record<string, string> = {},
) {
  return client.post(`/api/customers/${id}/repayments`, body, { headers });
}

async function saleRow(id: number) {
  const [row] = await t.db.select().from(sales).where(eq(sales.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Accounts Store A')).id;
  storeB = (await buildStore(t.db, 'Accounts Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  managerA = (await signedIn(t, 'manager', storeA)).client;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  walkInA = (await walkInCustomer(adminA)).id;
  // 10.00 a piece, plenty in stock.
  const product = await createProduct(adminA, {
    piece_buying_price: 8,
    piece_selling_price: 10,
    quantity: 100_000,
  });
  productA = product.id;
});
afterAll(() => t.close());

describe('a customer who owes', () => {
  it('shows the balance, no limit and the oldest unpaid sale in every customer answer', async () => {
    const customer = await addCustomer();
    expect(customer).toMatchObject({ balance: 0, credit_limit: null, oldest_unpaid_at: null });
    const first = await creditSale(customer.id, 300);
    expect(first.payment_status).toBe('pending');
    await creditSale(customer.id, 200);
    const listed = await customerOf(customer.id);
    const firstRow = await saleRow(first.id);
    expect(listed).toMatchObject({ balance: 500, credit_limit: null });
    expect(listed!.oldest_unpaid_at).toBe(firstRow.createdAt.toISOString());
    // PUT answers them too.
    const put = await managerA.put(`/api/customers/${customer.id}`, { notes: 'Pays on Fridays' });
    expect(put.json().data).toMatchObject({
      balance: 500,
      oldest_unpaid_at: firstRow.createdAt.toISOString(),
    });
  });
});

describe('POST /api/customers/{id}/repayments', () => {
  it('settles the oldest unpaid credit sales first, then keeps the rest owed', async () => {
    const customer = await addCustomer();
    const first = await creditSale(customer.id, 300);
    const second = await creditSale(customer.id, 200);
    const third = await creditSale(customer.id, 100);

    const response = await repay(customer.id, { amount: 400, method: 'cash' });
    expect(response.statusCode, response.body).toBe(201);
    const repayment = response.json().data;
    expect(repayment).toEqual({
      id: expect.any(Number),
      amount: 400,
      balance: 200,
      settled_sale_ids: [first.id],
    });
    expect(await saleRow(first.id)).toMatchObject({ balanceDue: '0.00', paymentStatus: 'paid' });
    expect(await saleRow(second.id)).toMatchObject({
      balanceDue: '100.00',
      paymentStatus: 'pending',
    });
    expect(await saleRow(third.id)).toMatchObject({
      balanceDue: '100.00',
      paymentStatus: 'pending',
    });
    // The oldest unpaid is now the second sale.
    expect((await customerOf(customer.id))!.oldest_unpaid_at).toBe(
      (await saleRow(second.id)).createdAt.toISOString(),
    );

    const rest = await repay(customer.id, {
      amount: '200',
      method: 'mpesa',
      mpesa_code: 'sft4a1b2c3',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data).toMatchObject({
      amount: 200,
      balance: 0,
      settled_sale_ids: [second.id, third.id],
    });
    for (const sale of [second, third]) {
      expect(await saleRow(sale.id)).toMatchObject({ balanceDue: '0.00', paymentStatus: 'paid' });
    }
    expect(await customerOf(customer.id)).toMatchObject({ balance: 0, oldest_unpaid_at: null });
    const [stored] = await t.db
      .select()
      .from(customerRepayments)
      .where(eq(customerRepayments.id, rest.json().data.id));
    expect(stored).toMatchObject({ method: 'mpesa', mpesaCode: 'SFT4A1B2C3', amount: '200.00' });
  });

  it('refuses more than the balance with 400 naming it, and changes nothing', async () => {
    const customer = await addCustomer();
    const sale = await creditSale(customer.id, 1200);
    const response = await repay(customer.id, { amount: 1200.01, method: 'cash' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'amount', message: 'Amount is more than the balance of KSh 1,200.00' },
    ]);
    expect((await customerOf(customer.id))!.balance).toBe(1200);
    expect(await saleRow(sale.id)).toMatchObject({ balanceDue: '1200.00' });
    expect((await accountOf(customer.id)).entries).toHaveLength(1);
  });

  it('refuses the Walk-in Customer and a customer who owes nothing (400)', async () => {
    const walkIn = await repay(walkInA, { amount: 10, method: 'cash' });
    expect(walkIn.statusCode).toBe(400);
    expect(walkIn.json().message).toBe('The Walk-in Customer has no credit account');
    const customer = await addCustomer({ name: 'Grace Wambui' });
    const nothing = await repay(customer.id, { amount: 10, method: 'cash' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual([
      { path: 'amount', message: 'Grace Wambui owes nothing' },
    ]);
  });

  it('refuses bad input with the field named', async () => {
    const customer = await addCustomer();
    await creditSale(customer.id, 100);
    for (const [body, path] of [
      [{ amount: 0, method: 'cash' }, 'amount'],
      [{ amount: -5, method: 'cash' }, 'amount'],
      [{ amount: 10, method: 'credit' }, 'method'],
      [{ amount: 10, method: 'mpesa' }, 'mpesa_code'],
      [{ amount: 10, method: 'mpesa', mpesa_code: 'short' }, 'mpesa_code'],
    ] as const) {
      const response = await repay(customer.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
    }
    expect((await customerOf(customer.id))!.balance).toBe(100);
  });

  it("answers 404 for another store's customer and changes nothing", async () => {
    const customer = await addCustomer();
    await creditSale(customer.id, 100);
    const response = await repay(customer.id, { amount: 50, method: 'cash' }, adminB);
    expect(response.statusCode).toBe(404);
    expect((await customerOf(customer.id))!.balance).toBe(100);
  });

  it('never overdraws under 10 concurrent repayments', async () => {
    const customer = await addCustomer();
    const sales = [await creditSale(customer.id, 100), await creditSale(customer.id, 150)];
    // 250 owed, ten repayments of 30: eight fit (240), two are refused.
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        repay(customer.id, { amount: 30, method: 'cash' }, n % 2 === 0 ? salesA : managerA),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(8);
    expect(codes.filter((code) => code === 400)).toHaveLength(2);
    for (const refused of responses.filter((response) => response.statusCode === 400)) {
      expect(refused.json().errors[0].message).toBe('Amount is more than the balance of KSh 10.00');
    }
    expect((await customerOf(customer.id))!.balance).toBe(10);
    expect(await saleRow(sales[0]!.id)).toMatchObject({
      balanceDue: '0.00',
      paymentStatus: 'paid',
    });
    expect(await saleRow(sales[1]!.id)).toMatchObject({ balanceDue: '10.00' });
    // The statement's running balance is one unbroken line down to 10.
    const account = await accountOf(customer.id);
    expect(account.entries.map((entry) => entry.balance_after)).toEqual([
      100, 250, 220, 190, 160, 130, 100, 70, 40, 10,
    ]);
    const settled = responses.flatMap((response) =>
      response.statusCode === 201 ? response.json().data.settled_sale_ids : [],
    );
    expect(settled).toEqual([sales[0]!.id]);
  });

  it('keeps one unbroken ledger when credit sales and repayments arrive together', async () => {
    const customer = await addCustomer();
    // Enough owed first that every repayment fits, whichever goes first.
    await creditSale(customer.id, 200);
    const sale = (shillings: number) =>
      salesA.post('/api/sales', {
        items: [{ product_id: productA, quantity: shillings / 10, unit_price: 10 }],
        total: shillings,
        customer_id: customer.id,
        payments: [{ method: 'credit', amount: shillings }],
      });
    const responses = await Promise.all([
      sale(50),
      repay(customer.id, { amount: 40, method: 'cash' }, managerA),
      sale(70),
      repay(customer.id, { amount: 40, method: 'cash' }),
      sale(30),
      repay(customer.id, { amount: 40, method: 'cash' }, managerA),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    // 200 + 50 + 70 + 30 − 3 × 40 = 230, and every entry runs on the one before it.
    const account = await accountOf(customer.id);
    expect(account.balance).toBe(230);
    let running = 0;
    for (const entry of account.entries) {
      running += entry.type === 'credit_sale' ? entry.amount : -entry.amount;
      expect(entry.balance_after).toBe(running);
    }
    expect(running).toBe(230);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.balance).toBe('230.00');
  });

  it('answers a repeated Idempotency-Key with the first repayment, also when both arrive together', async () => {
    const customer = await addCustomer();
    const sale = await creditSale(customer.id, 500);
    const headers = { 'idempotency-key': 'repay-7f3c2a1e-0001' };
    const first = await repay(customer.id, { amount: 500, method: 'cash' }, salesA, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ balance: 0, settled_sale_ids: [sale.id] });
    // "500.00" is the same amount as 500.
    const retry = await repay(customer.id, { amount: '500.00', method: 'cash' }, salesA, headers);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());

    // Another body with the key is refused, never given that repayment.
    await creditSale(customer.id, 100);
    const other = await repay(customer.id, { amount: 50, method: 'cash' }, salesA, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This Idempotency-Key was used for a different repayment');
    expect((await customerOf(customer.id))!.balance).toBe(100);

    const together = { 'idempotency-key': 'repay-7f3c2a1e-0002' };
    const pair = await Promise.all([
      repay(customer.id, { amount: 60, method: 'cash' }, salesA, together),
      repay(customer.id, { amount: 60, method: 'cash' }, managerA, together),
    ]);
    expect(pair.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(pair[0].json().data).toEqual(pair[1].json().data);
    expect((await customerOf(customer.id))!.balance).toBe(40);
    const rows = await t.db
      .select()
      .from(customerRepayments)
      .where(eq(customerRepayments.customerId, customer.id));
    expect(rows).toHaveLength(2);

    const bad = await repay(customer.id, { amount: 1, method: 'cash' }, salesA, {
      'idempotency-key': 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('Idempotency-Key');
  });
});

describe('GET /api/customers/{id}/account', () => {
  it('lists credit sales and repayments oldest first with the running balance', async () => {
    const customer = await addCustomer();
    const first = await creditSale(customer.id, 300);
    const second = await creditSale(customer.id, 200);
    await repay(customer.id, { amount: 350, method: 'mpesa', mpesa_code: 'QWE1234567' });
    const account = await accountOf(customer.id, salesA);
    expect(account.balance).toBe(150);
    expect(account.credit_limit).toBeNull();
    expect(account.entries).toEqual([
      expect.objectContaining({
        type: 'credit_sale',
        amount: 300,
        sale_id: first.id,
        method: 'credit',
        balance_after: 300,
      }),
      expect.objectContaining({
        type: 'credit_sale',
        amount: 200,
        sale_id: second.id,
        method: 'credit',
        balance_after: 500,
      }),
      expect.objectContaining({
        type: 'repayment',
        amount: 350,
        sale_id: null,
        method: 'mpesa',
        mpesa_code: 'QWE1234567',
        balance_after: 150,
      }),
    ]);
    const times = account.entries.map((entry) => entry.created_at);
    expect([...times].sort()).toEqual(times);
    // The stored balance is the last entry's.
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.balance).toBe('150.00');
  });

  it('answers a balance equal to its last entry, read while credit sales commit', async () => {
    // On PostgreSQL (TEST_DATABASE_URL) the two reads without one snapshot see a sale commit
    // between them; PGlite's one connection runs them back to back.
    const customer = await addCustomer();
    const sale = () =>
      salesA.post('/api/sales', {
        items: [{ product_id: productA, quantity: 1, unit_price: 10 }],
        total: 10,
        customer_id: customer.id,
        payments: [{ method: 'credit', amount: 10 }],
      });
    const requests: Promise<unknown>[] = [];
    const reads: ReturnType<typeof accountOf>[] = [];
    for (let round = 0; round < 12; round += 1) {
      requests.push(sale());
      const read = accountOf(customer.id);
      reads.push(read);
      requests.push(read);
    }
    await Promise.all(requests);
    for (const account of await Promise.all(reads)) {
      expect(account.balance).toBe(account.entries.at(-1)?.balance_after ?? 0);
    }
    expect((await accountOf(customer.id)).balance).toBe(120);
  });

  it('gives a customer who never bought on credit an empty statement', async () => {
    const customer = await addCustomer();
    expect(await accountOf(customer.id, salesA)).toEqual({
      balance: 0,
      credit_limit: null,
      entries: [],
    });
  });

  it("answers 404 for another store's customer", async () => {
    const customer = await addCustomer();
    expect((await adminB.get(`/api/customers/${customer.id}/account`)).statusCode).toBe(404);
  });
});

describe('GET /api/customers?owing=true', () => {
  it('lists only customers with a balance, the largest first, ties by the oldest unpaid', async () => {
    // A fresh store, so only these customers are in it.
    const store = (await buildStore(t.db, 'Accounts Debtors Store')).id;
    const admin = (await signedIn(t, 'admin', store)).client;
    const product = (
      await createProduct(admin, { piece_buying_price: 8, piece_selling_price: 10, quantity: 1000 })
    ).id;
    const add = async (name: string) => (await createCustomer(admin, { name })).id;
    const owe = async (customerId: number, shillings: number) => {
      const response = await admin.post('/api/sales', {
        items: [{ product_id: product, quantity: shillings / 10, unit_price: 10 }],
        total: shillings,
        customer_id: customerId,
        payment_method: 'credit',
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const small = await add('Small Debt');
    const tieLater = await add('Tie Later');
    const tieEarlier = await add('Tie Earlier');
    const large = await add('Large Debt');
    await add('Owes Nothing');
    await owe(tieEarlier, 200);
    await owe(small, 50);
    await owe(tieLater, 200);
    await owe(large, 900);

    const response = await admin.get('/api/customers', { query: { owing: 'true' } });
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json().data as CustomerJson[];
    expect(listed.map((customer) => [customer.name, customer.balance])).toEqual([
      ['Large Debt', 900],
      ['Tie Earlier', 200],
      ['Tie Later', 200],
      ['Small Debt', 50],
    ]);
    for (const customer of listed) expect(customer.oldest_unpaid_at).toEqual(expect.any(String));
    // Without owing (or owing=false) the usual list: the Walk-in Customer first, by name.
    const all = (await admin.get('/api/customers', { query: { owing: 'false' } })).json().data;
    expect(all.map((customer: CustomerJson) => customer.name)).toEqual([
      'Walk-in Customer',
      'Large Debt',
      'Owes Nothing',
      'Small Debt',
      'Tie Earlier',
      'Tie Later',
    ]);
    const bad = await admin.get('/api/customers', { query: { owing: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('owing');
  });
});

describe('a customer with a balance cannot be deleted or archived', () => {
  it('answers 409 naming the balance, and allows it once repaid', async () => {
    const customer = await addCustomer({ name: 'Mary Njeri' });
    await creditSale(customer.id, 1200);
    const refused = await managerA.delete(`/api/customers/${customer.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('customers.has_balance');
    expect(refused.json().message).toBe(
      'Mary Njeri owes KSh 1,200.00: record the repayment before deleting them',
    );
    expect(await customerOf(customer.id)).toMatchObject({ balance: 1200 });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.archivedAt).toBeNull();

    await repay(customer.id, { amount: 1200, method: 'cash' });
    const archived = await managerA.delete(`/api/customers/${customer.id}`);
    expect(archived.statusCode, archived.body).toBe(200);
    // Its sales and statement keep it: archived, not erased.
    expect(archived.json()).toEqual({ success: true, archived: true });
    const entries = await t.db
      .select()
      .from(customerAccountEntries)
      .where(eq(customerAccountEntries.customerId, customer.id));
    expect(entries).toHaveLength(2);
  });
});

describe('credit limits', () => {
  it('lets managers set and clear a credit limit; a cashier gets 403', async () => {
    const customer = await addCustomer();
    const set = await managerA.put(`/api/customers/${customer.id}`, { credit_limit: '5000.00' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.credit_limit).toBe(5000);
    expect((await accountOf(customer.id)).credit_limit).toBe(5000);
    // Sending the other fields back leaves it.
    const other = await adminA.put(`/api/customers/${customer.id}`, { name: 'Renamed Debtor' });
    expect(other.json().data.credit_limit).toBe(5000);

    const cashier = await salesA.put(`/api/customers/${customer.id}`, { credit_limit: 99_999 });
    expect(cashier.statusCode).toBe(403);
    expect((await customerOf(customer.id))!.credit_limit).toBe(5000);

    const bad = await managerA.put(`/api/customers/${customer.id}`, { credit_limit: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('credit_limit');

    const cleared = await managerA.put(`/api/customers/${customer.id}`, { credit_limit: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.credit_limit).toBeNull();
    const set2 = await adminA.put(`/api/customers/${customer.id}`, { credit_limit: 100 });
    expect(set2.json().data.credit_limit).toBe(100);
    const nulled = await adminA.put(`/api/customers/${customer.id}`, { credit_limit: null });
    expect(nulled.json().data.credit_limit).toBeNull();
  });

  it("holds a credit sale to the customer's limit, else the store's default_credit_limit", async () => {
    const settings = `/api/stores/${storeA}/settings`;
    const saved = await managerA.put(settings, { default_credit_limit: 1000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.default_credit_limit).toBe(1000);
    expect((await adminA.get(settings)).json().data.default_credit_limit).toBe(1000);
    try {
      const plain = await addCustomer();
      await creditSale(plain.id, 800);
      const over = await salesA.post('/api/sales', {
        items: [{ product_id: productA, quantity: 30, unit_price: 10 }],
        total: 300,
        customer_id: plain.id,
        payments: [{ method: 'credit', amount: 300 }],
      });
      expect(over.statusCode, over.body).toBe(409);
      expect(over.json().message).toBe('Credit limit exceeded');
      expect((await customerOf(plain.id))!.balance).toBe(800);
      // Exactly up to the limit is allowed.
      await creditSale(plain.id, 200);

      // A limit of their own comes before the store's.
      const trusted = await addCustomer();
      await managerA.put(`/api/customers/${trusted.id}`, { credit_limit: 3000 });
      await creditSale(trusted.id, 2500);
      const strict = await addCustomer();
      await managerA.put(`/api/customers/${strict.id}`, { credit_limit: 100 });
      const refused = await salesA.post('/api/sales', {
        items: [{ product_id: productA, quantity: 20, unit_price: 10 }],
        total: 200,
        customer_id: strict.id,
        payment_method: 'credit',
      });
      expect(refused.statusCode, refused.body).toBe(409);
    } finally {
      const cleared = await managerA.put(settings, { default_credit_limit: null });
      expect(cleared.json().data.default_credit_limit).toBeNull();
    }
    // No limit anywhere: any credit is allowed.
    const free = await addCustomer();
    await creditSale(free.id, 20_000);
  });

  it('refuses a cashier saving the store default (403) and bad values (400)', async () => {
    const settings = `/api/stores/${storeA}/settings`;
    expect((await salesA.put(settings, { default_credit_limit: 10 })).statusCode).toBe(403);
    const bad = await managerA.put(settings, { default_credit_limit: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('default_credit_limit');
    expect((await adminA.get(settings)).json().data.default_credit_limit).toBeNull();
  });
});

describe('POST /api/customers/{id}/statement/{channel}', () => {
  it("gives the reminder text in the store's words and the WhatsApp or SMS link", async () => {
    const receipt = await adminA.put(`/api/stores/${storeA}/receipt-settings`, {
      business_name: 'Duka Demo',
      phone: '0722 410 000',
      mpesa_till: '522533',
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const customer = await addCustomer({ name: 'Mary Njeri', phone: '0745 318 226' });
    await creditSale(customer.id, 1500);
    await repay(customer.id, { amount: 300, method: 'cash' });

    const whatsapp = await salesA.post(`/api/customers/${customer.id}/statement/whatsapp`, {});
    expect(whatsapp.statusCode, whatsapp.body).toBe(200);
    const data = whatsapp.json().data;
    expect(whatsapp.json().success).toBe(true);
    expect(data.channel).toBe('whatsapp');
    expect(data.phone).toBe('254745318226');
    expect(data.text).toMatch(
      /^Hi Mary, your balance at Duka Demo is KSh 1,200\.00\.\nUnpaid since /,
    );
    expect(data.text).toContain('Credit sale #');
    expect(data.text).toContain('Paid KSh 300.00 (cash), balance KSh 1,200.00');
    expect(data.text).toContain('Pay by M-Pesa till/paybill 522533.');
    expect(data.link).toBe(`https://wa.me/254745318226?text=${encodeURIComponent(data.text)}`);

    const sms = await salesA.post(`/api/customers/${customer.id}/statement/sms`, {
      phone: '0712 345 678',
    });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json().data.phone).toBe('254712345678');
    expect(sms.json().data.link).toBe(
      `sms:+254712345678?body=${encodeURIComponent(sms.json().data.text)}`,
    );
  });

  it('reminds a customer who owes nothing of a zero balance, nothing more', async () => {
    const customer = await addCustomer({ name: 'Peter Ochieng' });
    const response = await salesA.post(`/api/customers/${customer.id}/statement/whatsapp`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.text).toBe(
      'Hi Peter, your balance at Duka Demo is KSh 0.00.\n\nThank you!',
    );
  });

  it('asks for a number when the customer has none; the Walk-in Customer has no statement', async () => {
    // A customer from before phones were asked for.
    const [customer] = await t.db
      .insert(customers)
      .values({ storeId: storeA, name: 'No Phone', phone: null })
      .returning();
    const missing = await salesA.post(`/api/customers/${customer!.id}/statement/sms`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('phone');
    const walkIn = await salesA.post(`/api/customers/${walkInA}/statement/whatsapp`, {
      phone: '0712 345 678',
    });
    expect(walkIn.statusCode).toBe(400);
    const other = await adminB.post(`/api/customers/${customer!.id}/statement/whatsapp`, {
      phone: '0712 345 678',
    });
    expect(other.statusCode).toBe(404);
  });
});
