import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, signedIn } from '../../testing/factories';
import { stores } from './stores.table';

let t: TestApp;
let superAdmin: TestClient;
let homeStore: number;

beforeAll(async () => {
  t = await createTestApp();
  homeStore = (await buildStore(t.db, 'Home Store')).id;
  await buildStore(t.db, 'Other Store');
  superAdmin = (await signedIn(t, 'super_admin', homeStore)).client;
});
afterAll(() => t.close());

describe('GET /api/stores', () => {
  it('a super_admin sees every store, in the spec envelope', async () => {
    const response = await superAdmin.get('/api/stores');
    expect(response.json()).toMatchObject({
      success: true,
      data: [
        { id: homeStore, name: 'Home Store', is_active: true },
        { name: 'Other Store', is_active: true },
      ],
    });
  });

  it('anyone else sees only their own store', async () => {
    const { client } = await signedIn(t, 'user', homeStore);
    const response = await client.get('/api/stores');
    expect(response.json().data.map((s: { name: string }) => s.name)).toEqual(['Home Store']);
  });
});

describe('GET /api/stores/transfer-destinations (issue 25)', () => {
  it("gives an admin the chain's other active stores, a super_admin every active one", async () => {
    const closed = await buildStore(t.db, 'Closed Store');
    await t.db.update(stores).set({ isActive: false }).where(eq(stores.id, closed.id));
    const { client: admin } = await signedIn(t, 'admin', homeStore);
    const names = async (client: TestClient) =>
      (await client.get('/api/stores/transfer-destinations'))
        .json()
        .data.map((store: { name: string }) => store.name);
    expect(await names(admin)).toEqual(['Other Store']);
    expect(await names(superAdmin)).toEqual(expect.arrayContaining(['Home Store', 'Other Store']));
    expect(await names(superAdmin)).not.toContain('Closed Store');
  });

  it('is refused to those who may not send', async () => {
    for (const role of ['manager', 'sales'] as const) {
      const { client } = await signedIn(t, role, homeStore);
      expect((await client.get('/api/stores/transfer-destinations')).statusCode).toBe(403);
    }
  });
});

describe('POST and PUT /api/stores', () => {
  it('creates and renames a store', async () => {
    const created = await superAdmin.post('/api/stores', { name: '  Kisumu Branch ' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Kisumu Branch', is_active: true });
    const id = created.json().data.id as number;
    const renamed = await superAdmin.put(`/api/stores/${id}`, {
      name: 'Kisumu Town',
      is_active: false,
    });
    expect(renamed.json().data).toMatchObject({ id, name: 'Kisumu Town', is_active: false });
  });

  it('refuses a duplicate name (any case), a short name and an unknown id', async () => {
    const duplicate = await superAdmin.post('/api/stores', { name: 'home store' });
    expect(duplicate.statusCode).toBe(409);
    const short = await superAdmin.post('/api/stores', { name: 'A' });
    expect(short.json().errors).toEqual([
      { path: 'name', message: 'Store name must be at least 2 characters' },
    ]);
    expect((await superAdmin.put('/api/stores/9999', { name: 'Nowhere' })).statusCode).toBe(404);
  });
});
