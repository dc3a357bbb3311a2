/**
 * Customers' accounts (issue 21): credit sales owed, repayments settling the oldest first, the
 * statement with its running balance, the Debtors list, the credit limits, the archive guard
 * and the statement sent as a reminder link. Debts are made the real way: POST /sales with a
 * credit part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, createCustomer, signedIn, walkInCustomer } from '../../testing/factories';
import { customerRepayments } from './customer-accounts.table';
import { customers } from './customers.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let managerA: TestClient;
let salesA: TestClient;
let adminB: TestClient;
let walkInA: number;

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

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Accounts Store A')).id;
  storeB = (await buildStore(t.db, 'Accounts Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  managerA = (await signedIn(t, 'manager', storeA)).client;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  walkInA = (await walkInCustomer(adminA)).id;
});
afterAll(() => t.close());

describe('POST /api/customers/{id}/repayments', () => {
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
    expect((await customerOf(customer.id))!.balance).toBe(0);
  });

  it("answers 404 for another store's customer and changes nothing", async () => {
    const customer = await addCustomer();
    const response = await repay(customer.id, { amount: 50, method: 'cash' }, adminB);
    expect(response.statusCode).toBe(404);
    expect(await t.db.select().from(customerRepayments)).toEqual([]);
  });
});

describe('GET /api/customers/{id}/account', () => {
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
  it('leaves out customers who owe nothing, and refuses an owing that is not true or false', async () => {
    const store = (await buildStore(t.db, 'Accounts Debtors Store')).id;
    const admin = (await signedIn(t, 'admin', store)).client;
    await createCustomer(admin, { name: 'Owes Nothing' });
    const response = await admin.get('/api/customers', { query: { owing: 'true' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([]);
    const all = (await admin.get('/api/customers', { query: { owing: 'false' } })).json().data;
    expect(all.map((customer: CustomerJson) => customer.name)).toEqual([
      'Walk-in Customer',
      'Owes Nothing',
    ]);
    const bad = await admin.get('/api/customers', { query: { owing: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('owing');
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
  it("gives a reminder in the store's words and the WhatsApp or SMS link", async () => {
    const receipt = await adminA.put(`/api/stores/${storeA}/receipt-settings`, {
      business_name: 'Duka Demo',
      phone: '0722 410 000',
      mpesa_till: '522533',
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const customer = await addCustomer({ name: 'Mary Njeri', phone: '0745 318 226' });
    const whatsapp = await salesA.post(`/api/customers/${customer.id}/statement/whatsapp`, {});
    expect(whatsapp.statusCode, whatsapp.body).toBe(200);
    const data = whatsapp.json().data;
    expect(data).toEqual({
      channel: 'whatsapp',
      phone: '254745318226',
      text: 'Hi Mary, your balance at Duka Demo is KSh 0.00.\n\nThank you!',
      link: `https://wa.me/254745318226?text=${encodeURIComponent(data.text)}`,
    });
    const sms = await salesA.post(`/api/customers/${customer.id}/statement/sms`, {
      phone: '0712 345 678',
    });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json().data.phone).toBe('254712345678');
    expect(sms.json().data.link).toBe(
      `sms:+254712345678?body=${encodeURIComponent(sms.json().data.text)}`,
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
