import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, signedIn } from '../../testing/factories';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let managerA: TestClient;
let salesA: TestClient;
let shopperA: TestClient;
let superAdmin: TestClient;

const settingsOf = (storeId: number) => `/api/stores/${storeId}/settings`;

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db)).id;
  storeB = (await buildStore(t.db)).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  managerA = (await signedIn(t, 'manager', storeA)).client;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  shopperA = (await signedIn(t, 'user', storeA)).client;
  superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
});
afterAll(() => t.close());

describe('GET /api/stores/{storeId}/settings', () => {
  it('gives a new store the defaults: a 10% cashier discount limit, 1 point per KSh 100', async () => {
    const response = await adminA.get(settingsOf(storeA));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        max_cashier_discount_percent: 10,
        loyalty_points_per_100: 1,
        default_credit_limit: null,
        offline_max_age_days: 30,
        require_shift: false,
      },
    });
    expect((await managerA.get(settingsOf(storeA))).statusCode).toBe(200);
  });

  it('refuses cashiers and shoppers (403), and another store is 404', async () => {
    expect((await salesA.get(settingsOf(storeA))).statusCode).toBe(403);
    expect((await shopperA.get(settingsOf(storeA))).statusCode).toBe(403);
    expect((await adminA.get(settingsOf(storeB))).statusCode).toBe(404);
    expect((await adminA.get(settingsOf(999_999))).statusCode).toBe(404);
  });

  it("lets the super_admin read any store's", async () => {
    const response = await superAdmin.get(settingsOf(storeB), { query: { store_id: storeB } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.max_cashier_discount_percent).toBe(10);
  });
});

describe('PUT /api/stores/{storeId}/settings', () => {
  it('saves what a manager sends and keeps the rest', async () => {
    const saved = await managerA.put(settingsOf(storeA), { max_cashier_discount_percent: 25 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      max_cashier_discount_percent: 25,
      loyalty_points_per_100: 1,
      default_credit_limit: null,
      offline_max_age_days: 30,
      require_shift: false,
    });
    const both = await adminA.put(settingsOf(storeA), {
      max_cashier_discount_percent: 0,
      loyalty_points_per_100: 1000,
      default_credit_limit: null,
      offline_max_age_days: 30,
    });
    expect(both.json().data).toEqual({
      max_cashier_discount_percent: 0,
      loyalty_points_per_100: 1000,
      default_credit_limit: null,
      offline_max_age_days: 30,
      require_shift: false,
    });
    expect((await adminA.get(settingsOf(storeA))).json().data).toEqual(both.json().data);
    // Store B is untouched.
    const other = await superAdmin.get(settingsOf(storeB), { query: { store_id: storeB } });
    expect(other.json().data.max_cashier_discount_percent).toBe(10);
    await adminA.put(settingsOf(storeA), {
      max_cashier_discount_percent: 10,
      loyalty_points_per_100: 1,
    });
  });

  it("lets the super_admin save any store's", async () => {
    // The web app sends the chosen store in the body: it is not an unknown setting.
    const put = await superAdmin.put(settingsOf(storeB), {
      store_id: storeB,
      max_cashier_discount_percent: 30,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.max_cashier_discount_percent).toBe(30);
  });

  it('refuses cashiers and shoppers (403) and changes nothing', async () => {
    for (const client of [salesA, shopperA]) {
      const response = await client.put(settingsOf(storeA), { max_cashier_discount_percent: 90 });
      expect(response.statusCode).toBe(403);
    }
    expect((await adminA.put(settingsOf(storeB), { loyalty_points_per_100: 5 })).statusCode).toBe(
      404,
    );
    expect((await adminA.get(settingsOf(storeA))).json().data.max_cashier_discount_percent).toBe(
      10,
    );
  });

  it('answers 400 naming an unknown field or an out-of-range value', async () => {
    const unknown = await adminA.put(settingsOf(storeA), {
      max_cashier_discount_percent: 20,
      max_discount: 50,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown setting: max_discount');

    for (const [field, value] of [
      ['max_cashier_discount_percent', 101],
      ['max_cashier_discount_percent', -1],
      ['max_cashier_discount_percent', 12.5],
      ['max_cashier_discount_percent', '20'],
      ['loyalty_points_per_100', 1001],
    ] as const) {
      const response = await adminA.put(settingsOf(storeA), { [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json().errors[0].path).toBe(field);
    }
    expect((await adminA.get(settingsOf(storeA))).json().data).toEqual({
      max_cashier_discount_percent: 10,
      loyalty_points_per_100: 1,
      default_credit_limit: null,
      offline_max_age_days: 30,
      require_shift: false,
    });
  });

  it('saves require_shift (issue 24): on, kept when another setting is saved, off again', async () => {
    const on = await managerA.put(settingsOf(storeA), { require_shift: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.require_shift).toBe(true);
    const other = await adminA.put(settingsOf(storeA), { loyalty_points_per_100: 1 });
    expect(other.json().data.require_shift).toBe(true);
    expect((await adminA.get(settingsOf(storeA))).json().data.require_shift).toBe(true);
    // Store B keeps the default: off.
    const storeBSettings = await superAdmin.get(settingsOf(storeB), {
      query: { store_id: storeB },
    });
    expect(storeBSettings.json().data.require_shift).toBe(false);
    const bad = await adminA.put(settingsOf(storeA), { require_shift: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('require_shift');
    const off = await adminA.put(settingsOf(storeA), { require_shift: false });
    expect(off.json().data.require_shift).toBe(false);
  });

  it('saves the default credit limit (issue 21): set, kept, cleared by null or blank', async () => {
    const set = await managerA.put(settingsOf(storeA), { default_credit_limit: '2500.50' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.default_credit_limit).toBe(2500.5);
    // Another setting saved alone keeps it.
    const other = await adminA.put(settingsOf(storeA), { loyalty_points_per_100: 2 });
    expect(other.json().data).toEqual({
      max_cashier_discount_percent: 10,
      loyalty_points_per_100: 2,
      default_credit_limit: 2500.5,
      offline_max_age_days: 30,
      require_shift: false,
    });
    expect(
      (await adminA.put(settingsOf(storeA), { default_credit_limit: '' })).json().data,
    ).toMatchObject({ default_credit_limit: null });
    await adminA.put(settingsOf(storeA), { default_credit_limit: 10, loyalty_points_per_100: 1 });
    expect(
      (await adminA.put(settingsOf(storeA), { default_credit_limit: null })).json().data,
    ).toMatchObject({ default_credit_limit: null });
    for (const value of [-1, 'lots', 10_000_000.01]) {
      const response = await adminA.put(settingsOf(storeA), { default_credit_limit: value });
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().errors[0].path).toBe('default_credit_limit');
    }
    expect((await adminA.get(settingsOf(storeA))).json().data.default_credit_limit).toBeNull();
  });
});
