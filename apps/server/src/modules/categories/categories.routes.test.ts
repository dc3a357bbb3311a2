import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, createProduct, signedIn } from '../../testing/factories';

let t: TestApp;
let storeA: number;
let storeB: number;
let managerA: TestClient;
let managerB: TestClient;
let cashierA: TestClient;
let shopperA: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db)).id;
  storeB = (await buildStore(t.db)).id;
  managerA = (await signedIn(t, 'manager', storeA)).client;
  managerB = (await signedIn(t, 'manager', storeB)).client;
  cashierA = (await signedIn(t, 'sales', storeA)).client;
  shopperA = (await signedIn(t, 'user', storeA)).client;
});
afterAll(() => t.close());

describe('categories', () => {
  it('creates, lists (a plain array, spec §7), renames and deletes', async () => {
    const created = await managerA.post('/api/categories', { name: '  Unga ' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toEqual({ id, name: 'Unga' });

    const listed = await shopperA.get('/api/categories');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([{ id, name: 'Unga' }]);

    const renamed = await managerA.put(`/api/categories/${id}`, { name: 'Maize flour' });
    expect(renamed.json().data).toEqual({ id, name: 'Maize flour' });

    expect((await managerA.delete(`/api/categories/${id}`)).json()).toEqual({ success: true });
    expect((await managerA.get('/api/categories')).json()).toEqual([]);
  });

  it("validates the name with the spec's message and refuses a duplicate in any case", async () => {
    const blank = await managerA.post('/api/categories', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ path: 'name', message: 'Name is required' }]);

    expect((await managerA.post('/api/categories', { name: 'Soap' })).statusCode).toBe(201);
    const duplicate = await managerA.post('/api/categories', { name: 'SOAP' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('categories.name_taken');
    // Another store may use the same name.
    expect((await managerB.post('/api/categories', { name: 'Soap' })).statusCode).toBe(201);
  });

  it('lets only managers write (a cashier reads)', async () => {
    expect((await cashierA.post('/api/categories', { name: 'Tea' })).statusCode).toBe(403);
    expect((await cashierA.get('/api/categories')).statusCode).toBe(200);
  });

  it("answers 404 for another store's category", async () => {
    const other = (await managerB.post('/api/categories', { name: 'Mombasa only' })).json().data;
    expect((await managerA.put(`/api/categories/${other.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await managerA.delete(`/api/categories/${other.id}`)).statusCode).toBe(404);
    const names = (await managerA.get('/api/categories'))
      .json()
      .map((c: { name: string }) => c.name);
    expect(names).not.toContain('Mombasa only');
  });

  it('refuses to delete a category in use (409) and keeps it', async () => {
    const category = (await managerA.post('/api/categories', { name: 'Sugar' })).json().data;
    await createProduct(managerA, {
      name: 'Kabras Sugar 1kg',
      sku: 'SUG-1',
      category_id: category.id,
      quantity: 0,
      min_quantity: 5,
    });
    const refused = await managerA.delete(`/api/categories/${category.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'categories.in_use',
      message: expect.stringContaining('still has products'),
    });
    const ids = (await managerA.get('/api/categories')).json().map((c: { id: number }) => c.id);
    expect(ids).toContain(category.id);
  });
});
