import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, buildUser, createProduct, signedIn } from '../../testing/factories';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let adminAId: number;
let superAdmin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Store A')).id;
  storeB = (await buildStore(t.db, 'Store B')).id;
  const signedInAdmin = await signedIn(t, 'admin', storeA);
  adminA = signedInAdmin.client;
  adminAId = signedInAdmin.user.id;
  superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
});
afterAll(() => t.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Wanjiru',
  email: `grace-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'till-password-1',
  role: 'sales',
  ...overrides,
});

describe('store isolation', () => {
  it("an admin of store A cannot read or change store B's users (404)", async () => {
    const cashierB = await buildUser(t.db, { role: 'sales', storeId: storeB });
    expect((await adminA.get(`/api/users/${cashierB.id}`)).statusCode).toBe(404);
    expect((await adminA.put(`/api/users/${cashierB.id}`, { name: 'Hacked' })).statusCode).toBe(
      404,
    );
    expect((await adminA.delete(`/api/users/${cashierB.id}`)).statusCode).toBe(404);
    // …even when naming store B explicitly: an admin's store_id is ignored.
    const listed = await adminA.get('/api/users', { query: { store_id: storeB } });
    expect(listed.json().data.map((u: { id: number }) => u.id)).not.toContain(cashierB.id);
    expect(listed.json().data.every((u: { store_id: number }) => u.store_id === storeA)).toBe(true);

    const superView = await superAdmin.get(`/api/users/${cashierB.id}`, {
      query: { store_id: storeB },
    });
    expect(superView.json().data.name).toBe(cashierB.name);
  });

  it('creates users in the admin’s own store whatever store_id is sent', async () => {
    const response = await adminA.post('/api/users', newUser({ store_id: storeB }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.store_id).toBe(storeA);
  });

  it('a super_admin must choose a store: 400 No store selected', async () => {
    const response = await superAdmin.get('/api/users');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'No store selected', code: 'store.not_selected' });
    expect((await superAdmin.get('/api/users', { query: { store_id: 424242 } })).statusCode).toBe(
      404,
    );
    expect((await superAdmin.get('/api/users', { query: { store_id: 'abc' } })).statusCode).toBe(
      400,
    );
  });

  it('a super_admin creates another super_admin without choosing a store, not a cashier', async () => {
    const chief = await superAdmin.post('/api/users', newUser({ role: 'super_admin' }));
    expect(chief.statusCode).toBe(201);
    expect(chief.json().data).toMatchObject({ role: 'super_admin', store_id: null });
    const cashier = await superAdmin.post('/api/users', newUser({ role: 'sales' }));
    expect(cashier.statusCode).toBe(400);
    expect(cashier.json()).toEqual({ message: 'No store selected', code: 'store.not_selected' });
  });

  it('a super_admin creates in the chosen store (body store_id)', async () => {
    const response = await superAdmin.post(
      '/api/users',
      newUser({ role: 'admin', store_id: storeB }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ role: 'admin', store_id: storeB });
  });
});

describe('POST /api/users', () => {
  it('validates every field with messages', async () => {
    const response = await adminA.post('/api/users', {
      name: 'A',
      email: 'nope',
      password: 'short',
      role: 'boss',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'name', message: 'Name must be at least 2 characters' },
      { path: 'email', message: 'Invalid email address' },
      { path: 'password', message: 'Password must be at least 8 characters' },
      { path: 'role', message: 'Please select a role' },
    ]);
  });

  it('an admin may not create a super_admin', async () => {
    const response = await adminA.post('/api/users', newUser({ role: 'super_admin' }));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('users.role_not_allowed');
  });

  it('refuses a taken email in any case (409)', async () => {
    const body = newUser();
    expect((await adminA.post('/api/users', body)).statusCode).toBe(201);
    const again = await adminA.post('/api/users', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      { path: 'email', message: 'An account with this email already exists' },
    ]);
  });

  it('the new account can sign in with its password', async () => {
    const body = newUser({ role: 'manager' });
    await adminA.post('/api/users', body);
    const login = await t.client().login(body.email, body.password);
    expect(login.json().data).toMatchObject({ role: 'manager', store_id: storeA });
  });
});

describe('PUT /api/users/:id', () => {
  it('edits name, email and role', async () => {
    const created = (await adminA.post('/api/users', newUser())).json().data;
    const response = await adminA.put(`/api/users/${created.id}`, {
      name: 'Grace W.',
      role: 'manager',
    });
    expect(response.json().data).toMatchObject({
      id: created.id,
      name: 'Grace W.',
      role: 'manager',
    });
  });

  it('an admin resets a password: the old one stops working, sessions end', async () => {
    const body = newUser();
    const created = (await adminA.post('/api/users', body)).json().data;
    const staff = t.client();
    await staff.login(body.email, body.password);
    const reset = await adminA.put(`/api/users/${created.id}`, { password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect((await staff.get('/api/stores')).statusCode).toBe(401);
    expect((await t.client().login(body.email, body.password)).statusCode).toBe(401);
    expect((await t.client().login(body.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('nobody sets their own password here: that needs the current one (change-password)', async () => {
    const response = await adminA.put(`/api/users/${adminAId}`, { password: 'taken-over-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('users.own_password');
    expect((await adminA.get('/api/stores')).statusCode).toBe(200);
  });

  it('an admin cannot see or touch a super_admin (404)', async () => {
    const chief = await buildUser(t.db, { role: 'super_admin', storeId: null });
    expect((await adminA.get(`/api/users/${chief.id}`)).statusCode).toBe(404);
    expect((await adminA.put(`/api/users/${chief.id}`, { name: 'Demoted' })).statusCode).toBe(404);
    expect((await adminA.delete(`/api/users/${chief.id}`)).statusCode).toBe(404);
  });

  it('nobody can demote or deactivate themselves', async () => {
    const demote = await adminA.put(`/api/users/${adminAId}`, { role: 'sales' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().code).toBe('users.cannot_change_own_role');
    const deactivate = await adminA.put(`/api/users/${adminAId}`, { is_active: false });
    expect(deactivate.json().code).toBe('users.cannot_deactivate_self');
    const me = await adminA.get(`/api/users/${adminAId}`);
    expect(me.json().data).toMatchObject({ role: 'admin', is_active: true });
  });

  it('a refused edit changes no field', async () => {
    const first = (await adminA.post('/api/users', newUser())).json().data;
    const second = (await adminA.post('/api/users', newUser())).json().data;
    const clash = await adminA.put(`/api/users/${second.id}`, {
      name: 'Renamed',
      email: first.email,
    });
    expect(clash.statusCode).toBe(409);
    expect((await adminA.get(`/api/users/${second.id}`)).json().data.name).toBe(second.name);
  });

  it('an admin may not promote anyone to super_admin', async () => {
    const created = (await adminA.post('/api/users', newUser())).json().data;
    const response = await adminA.put(`/api/users/${created.id}`, { role: 'super_admin' });
    expect(response.statusCode).toBe(403);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a staff account of the store', async () => {
    const created = (await adminA.post('/api/users', newUser())).json().data;
    // Issue 20: the answer says whether the account was archived instead (it had no history).
    expect((await adminA.delete(`/api/users/${created.id}`)).json()).toEqual({
      success: true,
      archived: false,
    });
    expect((await adminA.get(`/api/users/${created.id}`)).statusCode).toBe(404);
  });

  it('archives a cashier with sales: they cannot sign in, their sale keeps their name (issue 20)', async () => {
    const cashier = await buildUser(t.db, { role: 'sales', storeId: storeA, name: 'Leaving Lucy' });
    const lucy = t.client();
    expect((await lucy.login(cashier.email, cashier.password)).statusCode).toBe(200);
    const product = await createProduct(adminA, { sku: 'ARCH-1', quantity: 10 });
    const walkIn = (await lucy.get('/api/customers')).json().data[0].id;
    const sold = await lucy.post('/api/sales', {
      items: [
        { product_id: product.id, quantity: 1, unit_price: 60, total: 60, unit_type: 'piece' },
      ],
      total: 60,
      delivery_fee: 0,
      customer_id: walkIn,
      payment_method: 'cash',
      amount_paid: 100,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().data.id;

    const deleted = await adminA.delete(`/api/users/${cashier.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, archived: true });
    // Their session ended, and they cannot sign in again.
    expect((await lucy.get('/api/sales')).statusCode).toBe(401);
    const again = await t.client().login(cashier.email, cashier.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This account has been deactivated');
    // Their sale and the stock it took still name them.
    const sale = await adminA.get(`/api/sales/${saleId}`);
    expect(sale.json().data.User.name).toBe('Leaving Lucy');
    const history = (await adminA.get(`/api/products/${product.id}/movements`)).json().data;
    expect(history[0]).toMatchObject({ reason: 'sale', User: { name: 'Leaving Lucy' } });
    // /users shows them as archived, and an archived account cannot be edited back.
    const listed = (await adminA.get('/api/users'))
      .json()
      .data.find((u: { id: number }) => u.id === cashier.id);
    expect(listed).toMatchObject({ is_active: false, archived_at: expect.any(String) });
    const revived = await adminA.put(`/api/users/${cashier.id}`, { is_active: true });
    expect(revived.statusCode).toBe(409);
    expect(revived.json().code).toBe('users.archived');
    expect((await t.client().login(cashier.email, cashier.password)).statusCode).toBe(403);
  });

  it('archives a manager whose only history is a stock adjustment', async () => {
    const manager = await signedIn(t, 'manager', storeA);
    const product = await createProduct(adminA, { sku: 'ARCH-2', quantity: 10 });
    const counted = await manager.client.put(`/api/products/${product.id}`, {
      quantity: 8,
      stock_reason: 'count',
    });
    expect(counted.statusCode, counted.body).toBe(200);
    const deleted = await adminA.delete(`/api/users/${manager.user.id}`);
    expect(deleted.json()).toEqual({ success: true, archived: true });
    const history = (await adminA.get(`/api/products/${product.id}/movements`)).json().data;
    expect(history[0]).toMatchObject({
      adjustment_reason: 'count',
      User: { name: manager.user.name },
    });
  });

  it('nobody can delete themselves', async () => {
    const response = await adminA.delete(`/api/users/${adminAId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'users.cannot_delete_self',
      message: 'You cannot delete your own account',
    });
  });
});
