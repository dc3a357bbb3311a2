import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createCustomer,
  createSale,
  saleLine,
  signedIn,
} from '../../testing/factories';
import { stores } from '../stores/stores.table';
import { customers } from './customers.table';
import { loyaltyTransactions } from './loyalty.table';
import { pointsEarned } from './loyalty.service';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let managerA: TestClient;
let salesA: TestClient;
let adminB: TestClient;
let superAdmin: TestClient;
let walkInA: number;
let productA: number;

interface CustomerJson {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  notes: string | null;
  is_walk_in: boolean;
  loyalty_points: number;
}

async function listed(client = adminA, query: Record<string, string | number> = {}) {
  const response = await client.get('/api/customers', { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CustomerJson[];
}

async function pointsOf(id: number, client = adminA) {
  const response = await client.get(`/api/customers/${id}/loyalty/points`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { customer_id: number; points: number };
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Customers Store A')).id;
  storeB = (await buildStore(t.db, 'Customers Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  managerA = (await signedIn(t, 'manager', storeA)).client;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
  walkInA = (await listed())[0]!.id;
  const category = (await adminA.post('/api/categories', { name: 'Drinks' })).json().data.id;
  const product = await adminA.post('/api/products', {
    name: 'Soda 500ml',
    sku: 'CUST-SODA',
    category_id: category,
    piece_buying_price: 40,
    piece_selling_price: 60,
    pack_buying_price: 0,
    pack_selling_price: 0,
    dozen_buying_price: 0,
    dozen_selling_price: 0,
    quantity: 10_000,
    min_quantity: 1,
  });
  expect(product.statusCode, product.body).toBe(201);
  productA = product.json().data.id;
});
afterAll(() => t.close());

describe('customers CRUD', () => {
  it('adds a customer with every field, phone normalised, listed with loyalty points', async () => {
    const created = await createCustomer(adminA, {
      name: 'Wanjiru Kamau',
      phone: '0712 345 678',
      email: 'Wanjiru@Example.co.ke',
      address: 'Kenyatta Avenue, Nakuru',
      notes: 'Prefers M-Pesa',
    });
    expect(created).toMatchObject({
      name: 'Wanjiru Kamau',
      phone: '+254712345678',
      email: 'wanjiru@example.co.ke',
      address: 'Kenyatta Avenue, Nakuru',
      notes: 'Prefers M-Pesa',
      is_walk_in: false,
      loyalty_points: 0,
    });
    const list = await listed();
    expect(list[0]!.name).toBe('Walk-in Customer');
    expect(list.find((c) => c.id === created.id)).toEqual(created);
  });

  it('keeps the till quick add: a name and a phone are enough', async () => {
    const response = await salesA.post('/api/customers', { name: 'Quick', phone: '0110 642 008' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Quick',
      phone: '+254110642008',
      email: null,
      address: null,
    });
  });

  it("takes the customers page's form with only a name and a phone: blank email and address are none", async () => {
    // The form sends every field, the optional ones blank (PRODUCT.md §3c).
    const response = await adminA.post('/api/customers', {
      name: 'Wanjiku Kamau',
      phone: '0722 000 111',
      email: '',
      address: '',
      notes: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().data as CustomerJson;
    expect(created).toMatchObject({
      name: 'Wanjiku Kamau',
      phone: '+254722000111',
      email: null,
      address: null,
      notes: null,
    });
    expect((await listed()).find((c) => c.id === created.id)).toEqual(created);
  });

  it.each([
    ['0712345678', '+254712345678'],
    ['0112 345 678', '+254112345678'],
    ['+254 722-481-930', '+254722481930'],
    ['254733205117', '+254733205117'],
  ])('normalises %s to %s', async (typed, stored) => {
    expect((await createCustomer(adminA, { phone: typed })).phone).toBe(stored);
  });

  it.each(['12345', '0812 345 678', '+255712345678', '07123456789', 'phone'])(
    'refuses the phone %s with the field named',
    async (phone) => {
      const response = await adminA.post('/api/customers', { name: 'X', phone });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'phone', message: 'Enter a Kenyan phone number, e.g. 0712 345 678' },
      ]);
    },
  );

  it('refuses a missing name, a missing phone and a bad email', async () => {
    const noName = await adminA.post('/api/customers', { name: '  ', phone: '0712 345 678' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors[0].path).toBe('name');
    const noPhone = await adminA.post('/api/customers', { name: 'X' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().errors[0].path).toBe('phone');
    const badEmail = await adminA.post('/api/customers', {
      name: 'X',
      phone: '0712 345 678',
      email: 'not-an-email',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual([{ path: 'email', message: 'Invalid email address' }]);
  });

  it('updates the fields sent; a blank optional field clears it; a bad phone is 400', async () => {
    const customer = await createCustomer(adminA, { notes: 'Old note' });
    const response = await managerA.put(`/api/customers/${customer.id}`, {
      name: 'Renamed',
      phone: '254722000111',
      notes: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: customer.id,
      name: 'Renamed',
      phone: '+254722000111',
      email: customer.email,
      address: 'Moi Avenue',
      notes: null,
    });
    const bad = await managerA.put(`/api/customers/${customer.id}`, { phone: '999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('phone');
    expect((await listed()).find((c) => c.id === customer.id)!.phone).toBe('+254722000111');
  });

  it('leaves editing and deleting to managers: sales gets 403', async () => {
    const customer = await createCustomer(adminA);
    expect((await salesA.put(`/api/customers/${customer.id}`, { name: 'No' })).statusCode).toBe(
      403,
    );
    expect((await salesA.delete(`/api/customers/${customer.id}`)).statusCode).toBe(403);
  });

  it('deletes a customer without history, archives one with sales', async () => {
    const plain = await createCustomer(adminA);
    const gone = await adminA.delete(`/api/customers/${plain.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ success: true, archived: false });
    expect(await t.db.select().from(customers).where(eq(customers.id, plain.id))).toEqual([]);

    const buyer = await createCustomer(adminA);
    const sale = await createSale(salesA, {
      items: [saleLine(productA, 1, 60)],
      customer_id: buyer.id,
      payment_method: 'mpesa',
    });
    const archived = await adminA.delete(`/api/customers/${buyer.id}`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({ success: true, archived: true });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, buyer.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect((await listed()).map((c) => c.id)).not.toContain(buyer.id);
    // The sale still names its customer.
    const kept = (await adminA.get(`/api/sales/${sale.id}`)).json().data;
    expect(kept.Customer.name).toBe(buyer.name);
    // An archived customer is gone for editing, deleting and a new sale.
    expect((await adminA.put(`/api/customers/${buyer.id}`, { name: 'Back' })).statusCode).toBe(404);
    expect((await adminA.delete(`/api/customers/${buyer.id}`)).statusCode).toBe(404);
  });

  it('archives a customer with only loyalty history', async () => {
    const customer = await createCustomer(adminA);
    await adminA.post('/api/loyalty/add-points', { customer_id: customer.id, points: 5 });
    const response = await adminA.delete(`/api/customers/${customer.id}`);
    expect(response.json()).toEqual({ success: true, archived: true });
  });

  it('protects the Walk-in Customer: no rename, no delete (409)', async () => {
    const rename = await adminA.put(`/api/customers/${walkInA}`, { name: 'Someone' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('The Walk-in Customer cannot be renamed');
    const remove = await adminA.delete(`/api/customers/${walkInA}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('The Walk-in Customer cannot be deleted');
    // Other fields of it may change; the name stays.
    const notes = await adminA.put(`/api/customers/${walkInA}`, {
      name: 'Walk-in Customer',
      notes: 'Cash buyers',
    });
    expect(notes.statusCode, notes.body).toBe(200);
    expect((await listed())[0]).toMatchObject({ id: walkInA, name: 'Walk-in Customer' });
  });

  it("keeps stores apart: another store's customer is 404, super_admin acts through store_id", async () => {
    const customer = await createCustomer(adminA);
    expect((await adminB.put(`/api/customers/${customer.id}`, { name: 'B' })).statusCode).toBe(404);
    expect((await adminB.delete(`/api/customers/${customer.id}`)).statusCode).toBe(404);
    expect((await adminB.get(`/api/customers/${customer.id}/loyalty/points`)).statusCode).toBe(404);
    const addB = await adminB.post('/api/loyalty/add-points', {
      customer_id: customer.id,
      points: 5,
    });
    expect(addB.statusCode).toBe(404);
    expect((await listed(adminB)).map((c) => c.id)).not.toContain(customer.id);

    const viaSuper = await listed(superAdmin, { store_id: storeA });
    expect(viaSuper.map((c) => c.id)).toContain(customer.id);
    const edited = await superAdmin.put(`/api/customers/${customer.id}`, {
      store_id: storeA,
      address: 'Tom Mboya Street',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.address).toBe('Tom Mboya Street');
    const wrongStore = await superAdmin.put(`/api/customers/${customer.id}`, {
      store_id: storeB,
      address: 'X',
    });
    expect(wrongStore.statusCode).toBe(404);
  });
});

describe('loyalty', () => {
  it('computes earned points from goods in whole cents', () => {
    expect(pointsEarned(0, 1)).toBe(0);
    expect(pointsEarned(9_999, 1)).toBe(0);
    expect(pointsEarned(10_000, 1)).toBe(1);
    expect(pointsEarned(123_456, 1)).toBe(12);
    expect(pointsEarned(123_456, 3)).toBe(37);
    expect(pointsEarned(50_000, 0)).toBe(0);
  });

  it('earns floor(goods / 100 × rate) on a sale, delivery fee excluded, with an earn row', async () => {
    const customer = await createCustomer(adminA);
    // 7 × 60 = 420 of goods + 200 delivery: 4 points, not 6.
    const sale = await createSale(salesA, {
      items: [saleLine(productA, 7, 60)],
      customer_id: customer.id,
      delivery_fee: 200,
      payment_method: 'mpesa',
    });
    expect(await pointsOf(customer.id)).toEqual({ customer_id: customer.id, points: 4 });
    const history = await adminA.get(`/api/customers/${customer.id}/loyalty/transactions`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data).toEqual([
      expect.objectContaining({
        customer_id: customer.id,
        points: 4,
        kind: 'earn',
        sale_id: sale.id,
        reason: null,
      }),
    ]);
    expect((await listed()).find((c) => c.id === customer.id)!.loyalty_points).toBe(4);
  });

  it('earns nothing on a delivery line (a service) the till added, nor on the delivery fee', async () => {
    const category = (await adminA.post('/api/categories', { name: 'Services' })).json().data.id;
    const delivery = await adminA.post('/api/products', {
      name: 'Delivery Service',
      sku: 'SRV001',
      kind: 'service',
      category_id: category,
      piece_buying_price: 0,
      piece_selling_price: 500,
      pack_buying_price: 0,
      pack_selling_price: 0,
      dozen_buying_price: 0,
      dozen_selling_price: 0,
      quantity: 0,
      min_quantity: 0,
    });
    expect(delivery.statusCode, delivery.body).toBe(201);
    const customer = await createCustomer(adminA);
    // 7 × 60 = 420 of goods, a 500 delivery line and a 200 fee: 4 points, not 11.
    const response = await salesA.post('/api/sales', {
      items: [
        { product_id: productA, quantity: 7, unit_price: 60, unit_type: 'piece' },
        { product_id: delivery.json().data.id, quantity: 1, unit_price: 500, unit_type: 'piece' },
      ],
      total: 1120,
      delivery_fee: 200,
      customer_id: customer.id,
      payment_method: 'cash',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await pointsOf(customer.id)).points).toBe(4);
  });

  it("follows the store's rate", async () => {
    await t.db.update(stores).set({ loyaltyPointsPer100: 3 }).where(eq(stores.id, storeA));
    try {
      const customer = await createCustomer(adminA);
      await createSale(salesA, {
        items: [saleLine(productA, 5, 60)],
        customer_id: customer.id,
        payment_method: 'mpesa',
      }); // 300 → 9 points
      expect((await pointsOf(customer.id)).points).toBe(9);
      // The sale's statement (write_sale) earns by the same rule as pointsEarned.
      await t.db.update(stores).set({ loyaltyPointsPer100: 7 }).where(eq(stores.id, storeA));
      const other = await createCustomer(adminA);
      await createSale(salesA, {
        items: [saleLine(productA, 23, 60)],
        customer_id: other.id,
        delivery_fee: 150,
        payment_method: 'mpesa',
      });
      expect((await pointsOf(other.id)).points).toBe(pointsEarned(23 * 6_000, 7));
    } finally {
      await t.db.update(stores).set({ loyaltyPointsPer100: 1 }).where(eq(stores.id, storeA));
    }
  });

  it('gives the Walk-in Customer no points', async () => {
    const before = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.customerId, walkInA));
    await createSale(salesA, {
      items: [saleLine(productA, 10, 60)],
      customer_id: walkInA,
      payment_method: 'mpesa',
    });
    expect((await pointsOf(walkInA)).points).toBe(0);
    const after = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.customerId, walkInA));
    expect(after).toEqual(before);
    const add = await adminA.post('/api/loyalty/add-points', { customer_id: walkInA, points: 5 });
    expect(add.statusCode).toBe(400);
    expect(add.json().errors[0].path).toBe('customer_id');
  });

  it('adds and redeems points, newest first in the history, with reason and who', async () => {
    const customer = await createCustomer(adminA);
    const add = await managerA.post('/api/loyalty/add-points', {
      customer_id: customer.id,
      points: 50,
      reason: 'Welcome bonus',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ success: true, data: { customer_id: customer.id, points: 50 } });
    const redeem = await managerA.post('/api/loyalty/redeem-points', {
      customer_id: customer.id,
      points: 20,
    });
    expect(redeem.statusCode, redeem.body).toBe(200);
    expect(redeem.json()).toEqual({
      success: true,
      data: { customer_id: customer.id, points: 30 },
    });
    expect((await pointsOf(customer.id)).points).toBe(30);
    const history = (await salesA.get(`/api/customers/${customer.id}/loyalty/transactions`)).json()
      .data;
    expect(history.map((row: { kind: string; points: number }) => [row.kind, row.points])).toEqual([
      ['redeem', -20],
      ['add', 50],
    ]);
    expect(history[1]).toMatchObject({ reason: 'Welcome bonus', user_name: expect.any(String) });
  });

  it('refuses to redeem beyond the balance (409) and changes nothing', async () => {
    const customer = await createCustomer(adminA);
    await adminA.post('/api/loyalty/add-points', { customer_id: customer.id, points: 10 });
    const response = await adminA.post('/api/loyalty/redeem-points', {
      customer_id: customer.id,
      points: 11,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Not enough loyalty points');
    expect((await pointsOf(customer.id)).points).toBe(10);
  });

  it('refuses points that would take the balance past a PostgreSQL integer, on the field', async () => {
    const customer = await createCustomer(adminA);
    await t.db
      .update(customers)
      .set({ loyaltyPoints: 2_147_000_000 })
      .where(eq(customers.id, customer.id));
    const response = await adminA.post('/api/loyalty/add-points', {
      customer_id: customer.id,
      points: 1_000_000,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'points', message: 'A loyalty balance cannot exceed 2,147,483,647 points' },
    ]);
    expect((await pointsOf(customer.id)).points).toBe(2_147_000_000);
  });

  it.each([0, -5, 1.5, '10', null, 1_000_001])('refuses points %s', async (points) => {
    const customer = await createCustomer(adminA);
    const response = await adminA.post('/api/loyalty/add-points', {
      customer_id: customer.id,
      points,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('points');
  });

  it('lets only managers adjust; staff may read', async () => {
    const customer = await createCustomer(adminA);
    const body = { customer_id: customer.id, points: 5 };
    expect((await salesA.post('/api/loyalty/add-points', body)).statusCode).toBe(403);
    expect((await salesA.post('/api/loyalty/redeem-points', body)).statusCode).toBe(403);
    expect((await salesA.get(`/api/customers/${customer.id}/loyalty/points`)).statusCode).toBe(200);
  });

  it('never overdraws under 10 concurrent redemptions', async () => {
    const customer = await createCustomer(adminA);
    await adminA.post('/api/loyalty/add-points', { customer_id: customer.id, points: 25 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        adminA.post('/api/loyalty/redeem-points', { customer_id: customer.id, points: 10 }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(8);
    expect((await pointsOf(customer.id)).points).toBe(5);
    const rows = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.customerId, customer.id));
    expect(rows.reduce((sum, row) => sum + row.points, 0)).toBe(5);
  });
});
