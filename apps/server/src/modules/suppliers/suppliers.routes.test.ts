import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, createProduct, signedIn } from '../../testing/factories';

let t: TestApp;
let storeA: number;
let storeB: number;
let managerA: TestClient;
let cashierA: TestClient;
let adminB: TestClient;
let superAdmin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Store A')).id;
  storeB = (await buildStore(t.db, 'Store B')).id;
  managerA = (await signedIn(t, 'manager', storeA)).client;
  cashierA = (await signedIn(t, 'sales', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
});
afterAll(() => t.close());

let sequence = 0;
const newSupplier = (overrides: Record<string, unknown> = {}) => ({
  name: `Supplier ${(sequence += 1)}`,
  email: 'orders@example.co.ke',
  phone: '0712 345 678',
  address: 'Enterprise Road, Industrial Area, Nairobi',
  ...overrides,
});

async function create(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/suppliers', newSupplier(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; name: string }>();
}

describe('POST /api/suppliers', () => {
  it('creates a supplier: 201 with the supplier, phone +254, status active, no contact → null', async () => {
    const response = await managerA.post(
      '/api/suppliers',
      newSupplier({
        name: '  Thika Grain Millers ',
        email: 'Orders@ThikaMillers.CO.KE',
        phone: '0722-410-385',
        address: 'Plot 14, Garissa Road\nThika',
      }),
    );
    expect(response.statusCode).toBe(201);
    const supplier = response.json();
    expect(supplier).toEqual({
      id: expect.any(Number),
      name: 'Thika Grain Millers',
      email: 'orders@thikamillers.co.ke',
      phone: '+254722410385',
      address: 'Plot 14, Garissa Road\nThika',
      contact_person: null,
      status: 'active',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(Date.parse(supplier.created_at)).not.toBeNaN();
    expect((await managerA.get(`/api/suppliers/${supplier.id}`)).json()).toEqual(supplier);
  });

  it.each([
    ['0712345678', '+254712345678'],
    ['0110 123 456', '+254110123456'],
    ['254712345678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
  ])('stores the phone %s as %s', async (typed, stored) => {
    const response = await managerA.post('/api/suppliers', newSupplier({ phone: typed }));
    expect(response.json().phone).toBe(stored);
  });

  it('keeps a contact person, and an inactive status when sent', async () => {
    const response = await managerA.post(
      '/api/suppliers',
      newSupplier({ contact_person: ' Grace Wambui ', status: 'inactive' }),
    );
    expect(response.json()).toMatchObject({ contact_person: 'Grace Wambui', status: 'inactive' });
  });

  it('refuses missing fields, a bad email, a foreign phone and an unknown status (400)', async () => {
    const empty = await managerA.post('/api/suppliers', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Email is required' },
      { path: 'phone', message: 'Phone is required' },
      { path: 'address', message: 'Address is required' },
    ]);
    const bad = await managerA.post(
      '/api/suppliers',
      newSupplier({ email: 'thika-millers', phone: '+44 20 7946 0000', status: 'deleted' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'phone', message: 'Enter a Kenyan phone number, e.g. 0712 345 678' },
      { path: 'status', message: 'Status must be active or inactive' },
    ]);
  });

  it('refuses a name the store already has, in any case: 409', async () => {
    await create(managerA, { name: 'Kiambu Highlands Dairy' });
    const response = await cashierA.post(
      '/api/suppliers',
      newSupplier({ name: 'KIAMBU highlands dairy' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'A supplier with this name already exists',
      code: 'suppliers.name_taken',
      errors: [{ path: 'name', message: 'A supplier with this name already exists' }],
    });
    // Another store may use the same name.
    expect(
      (await adminB.post('/api/suppliers', newSupplier({ name: 'Kiambu Highlands Dairy' })))
        .statusCode,
    ).toBe(201);
  });
});

describe('GET /api/suppliers', () => {
  it("is a plain array of the store's suppliers in the order they were added", async () => {
    const first = await create(managerA);
    const second = await create(cashierA);
    const list = (await cashierA.get('/api/suppliers')).json<{ id: number }[]>();
    expect(Array.isArray(list)).toBe(true);
    const ids = list.map((s) => s.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('PUT /api/suppliers/:id', () => {
  it('updates the fields sent, normalising the phone; a blank contact person becomes null', async () => {
    const supplier = await create(managerA, { contact_person: 'Kevin Otieno' });
    const response = await cashierA.put(`/api/suppliers/${supplier.id}`, {
      name: 'Eastlands Soda Distributors',
      phone: '254 110 238 775',
      contact_person: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: supplier.id,
      name: 'Eastlands Soda Distributors',
      phone: '+254110238775',
      contact_person: null,
      email: 'orders@example.co.ke',
      status: 'active',
    });
  });

  it('refuses an empty required field, a bad phone and a taken name', async () => {
    const supplier = await create(managerA);
    const taken = await create(managerA);
    const invalid = await managerA.put(`/api/suppliers/${supplier.id}`, {
      address: ' ',
      phone: '12345',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { path: 'phone', message: 'Enter a Kenyan phone number, e.g. 0712 345 678' },
      { path: 'address', message: 'Address is required' },
    ]);
    const duplicate = await managerA.put(`/api/suppliers/${supplier.id}`, {
      name: taken.name.toUpperCase(),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A supplier with this name already exists');
    // Its own name, in another case, is not a conflict.
    const renamed = await managerA.put(`/api/suppliers/${supplier.id}`, {
      name: supplier.name.toUpperCase(),
    });
    expect(renamed.json().name).toBe(supplier.name.toUpperCase());
  });

  it('answers 404 for an id that does not exist', async () => {
    const response = await managerA.put('/api/suppliers/999999', { name: 'Nobody' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Supplier not found', code: 'suppliers.not_found' });
  });
});

describe('DELETE /api/suppliers/:id', () => {
  it('a manager deletes a supplier no order names: { success: true }, then it is gone', async () => {
    const supplier = await create(managerA);
    const response = await managerA.delete(`/api/suppliers/${supplier.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, deactivated: false });
    expect((await managerA.get(`/api/suppliers/${supplier.id}`)).statusCode).toBe(404);
    expect((await managerA.delete(`/api/suppliers/${supplier.id}`)).statusCode).toBe(404);
  });

  it('a supplier purchase orders name is made inactive: hidden from the lists, kept on its orders', async () => {
    const supplier = await create(managerA, { name: 'Limuru Valley Creamery' });
    const product = await createProduct(managerA, {
      name: 'Fresh Milk 500ml',
      sku: 'SUP-DEL-MILK',
      quantity: 0,
    });

    // PRODUCT.md §1: a cashier raises purchase orders, a manager does not.
    const order = await cashierA.post('/api/purchase-orders', {
      supplier_id: supplier.id,
      expected_delivery_date: '2026-12-01',
      notes: '',
      items: [
        {
          product_id: product.id,
          quantity: 2,
          buying_price: 50,
          selling_price: 60,
          unit_type: 'piece',
        },
      ],
      total: '100.00',
    });
    expect(order.statusCode, order.body).toBe(201);

    const response = await managerA.delete(`/api/suppliers/${supplier.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, deactivated: true });

    const kept = await managerA.get(`/api/suppliers/${supplier.id}`);
    expect(kept.json()).toMatchObject({ name: 'Limuru Valley Creamery', status: 'inactive' });
    const listed = (await managerA.get('/api/suppliers')).json<{ id: number }[]>();
    expect(listed.map((s) => s.id)).not.toContain(supplier.id);
    const found = await managerA.get('/api/suppliers/search', { query: { q: 'Limuru Valley' } });
    expect(found.json()).toEqual({ data: [] });
    const placed = await managerA.get(`/api/purchase-orders/${order.json().id}`);
    expect(placed.json()).toMatchObject({
      supplier_id: supplier.id,
      supplier: { name: 'Limuru Valley Creamery' },
    });

    // Its name is free again for a new supplier.
    const again = await create(managerA, { name: 'Limuru Valley Creamery' });
    expect(again.id).not.toBe(supplier.id);
  });

  it('a cashier (sales) may create and update but not delete: 403', async () => {
    const supplier = await create(cashierA);
    expect(
      (await cashierA.put(`/api/suppliers/${supplier.id}`, { name: 'Renamed' })).statusCode,
    ).toBe(200);
    const response = await cashierA.delete(`/api/suppliers/${supplier.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('auth.forbidden');
    expect((await cashierA.get(`/api/suppliers/${supplier.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/suppliers/search', () => {
  let dairyId: number;
  beforeAll(async () => {
    dairyId = (
      await create(adminB, {
        name: 'Limuru Fresh Dairy',
        contact_person: 'Wanjiru Njoroge',
        email: 'hello@limurufresh.co.ke',
        phone: '0799 111 222',
      })
    ).id;
    await create(adminB, {
      name: 'Mlolongo Hardware 100%',
      email: 'info@mlolongo.co.ke',
      phone: '0700 333 444',
    });
  });

  const search = async (q: string) =>
    (await adminB.get('/api/suppliers/search', { query: { q } }))
      .json<{ data: { id: number; name: string }[] }>()
      .data.map((s) => s.name);

  it('matches name, contact person, email and phone, any case, in { data }', async () => {
    const response = await adminB.get('/api/suppliers/search', { query: { q: 'limuru' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject([{ id: dairyId, name: 'Limuru Fresh Dairy' }]);
    expect(await search('NJOROGE')).toEqual(['Limuru Fresh Dairy']);
    expect(await search('limurufresh.co')).toEqual(['Limuru Fresh Dairy']);
    expect(await search('+254799')).toEqual(['Limuru Fresh Dairy']);
  });

  it('finds a phone typed the local way, spaces and all', async () => {
    expect(await search('0799 111')).toEqual(['Limuru Fresh Dairy']);
    expect(await search('254700333')).toEqual(['Mlolongo Hardware 100%']);
  });

  it('reads % and _ as themselves, not as wildcards', async () => {
    expect(await search('100%')).toEqual(['Mlolongo Hardware 100%']);
    expect(await search('%')).toEqual(['Mlolongo Hardware 100%']);
    expect(await search('_')).toEqual([]);
  });

  it("never shows another store's suppliers, and returns at most 20", async () => {
    expect(await search('Kiambu')).toEqual(['Kiambu Highlands Dairy']); // B's own, not A's
    for (let i = 0; i < 21; i += 1) await create(adminB, { name: `Bulk Trader ${i}` });
    expect(await search('bulk trader')).toHaveLength(20);
    expect(await search('')).toHaveLength(20);
  });

  it('refuses control characters in q (400)', async () => {
    const response = await adminB.get('/api/suppliers/search', { query: { q: 'a\u0000b' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'q', message: 'Search contains characters that are not allowed' },
    ]);
  });
});

describe('store isolation (PRODUCT.md §2)', () => {
  it("another store's supplier is 404 on GET, PUT and DELETE, and absent from the list", async () => {
    const supplierB = await create(adminB, { name: 'Only In Store B' });
    expect((await managerA.get(`/api/suppliers/${supplierB.id}`)).statusCode).toBe(404);
    expect(
      (await managerA.put(`/api/suppliers/${supplierB.id}`, { name: 'Taken Over' })).statusCode,
    ).toBe(404);
    expect((await managerA.delete(`/api/suppliers/${supplierB.id}`)).statusCode).toBe(404);
    // A store_id sent by staff is ignored: they act on their own store.
    const listed = await managerA.get('/api/suppliers', { query: { store_id: storeB } });
    expect(listed.json().map((s: { id: number }) => s.id)).not.toContain(supplierB.id);
    expect((await adminB.get(`/api/suppliers/${supplierB.id}`)).json().name).toBe(
      'Only In Store B',
    );
  });

  it('creates in the staff member’s own store whatever store_id is sent', async () => {
    const created = await create(managerA, { name: 'Sent To B', store_id: storeB });
    expect((await managerA.get(`/api/suppliers/${created.id}`)).statusCode).toBe(200);
    expect((await adminB.get(`/api/suppliers/${created.id}`)).statusCode).toBe(404);
  });

  it('a super_admin acts on the chosen store, and without one gets 400 No store selected', async () => {
    for (const response of [
      await superAdmin.get('/api/suppliers'),
      await superAdmin.get('/api/suppliers/search', { query: { q: 'dairy' } }),
      await superAdmin.post('/api/suppliers', newSupplier()),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'No store selected', code: 'store.not_selected' });
    }
    const created = await superAdmin.post(
      '/api/suppliers',
      newSupplier({ store_id: storeB, name: 'Chosen B' }),
    );
    expect(created.statusCode).toBe(201);
    expect((await adminB.get(`/api/suppliers/${created.json().id}`)).statusCode).toBe(200);
    const listA = await superAdmin.get('/api/suppliers', { query: { store_id: storeA } });
    expect(listA.json().map((s: { id: number }) => s.id)).not.toContain(created.json().id);
    const removed = await superAdmin.delete(`/api/suppliers/${created.json().id}`, {
      query: { store_id: storeB },
    });
    expect(removed.json()).toEqual({ success: true, deactivated: false });
  });
});
