import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmptyDatabase, seedDemo } from './demo-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed (PRODUCT.md §6)', () => {
  it('fills an empty database with two stores and the five demo accounts', async () => {
    expect(await isEmptyDatabase(t.db)).toBe(true);
    await seedDemo(t.db);
    expect(await isEmptyDatabase(t.db)).toBe(false);

    const superAdmin = t.client();
    const login = await superAdmin.login('super@duka.test', DEMO_PASSWORD);
    expect(login.json().data).toMatchObject({ role: 'super_admin', store_id: null });
    const stores = (await superAdmin.get('/api/stores'))
      .json()
      .data.map((s: { name: string }) => s.name);
    expect(stores).toEqual(['Duka Demo — Nairobi', 'Duka Demo — Mombasa']);

    for (const account of DEMO_ACCOUNTS) {
      const response = await t.client().login(account.email, DEMO_PASSWORD);
      expect(response.json().data, account.email).toMatchObject({
        role: account.role,
        name: account.name,
      });
    }
  });

  it('gives Nairobi four suppliers and Mombasa one, phones stored +254…', async () => {
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const nairobi = (await admin.get('/api/suppliers')).json<{ name: string; phone: string }[]>();
    expect(nairobi.map((s) => s.name)).toEqual([
      'Thika Grain Millers Ltd',
      'Kiambu Highlands Dairy',
      'Eastlands Soda Distributors',
      'Industrial Area Stationers',
    ]);
    expect(nairobi.every((s) => /^\+254[17][0-9]{8}$/.test(s.phone))).toBe(true);

    const superAdmin = t.client();
    await superAdmin.login('super@duka.test', DEMO_PASSWORD);
    const stores = (await superAdmin.get('/api/stores')).json<{ data: { id: number }[] }>().data;
    const mombasa = await superAdmin.get('/api/suppliers', { query: { store_id: stores[1]!.id } });
    expect(mombasa.json()).toMatchObject([
      { name: 'Pwani Oil & Soap Supplies', phone: '+254741226590', status: 'active' },
    ]);
  });
});
