import {
  internalEan13,
  isEan13,
  LABEL_COPIES_MAX,
  LABEL_MESSAGES,
  type Label,
} from '@duka/shared/products/labels.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, createProduct, signedIn } from '../../testing/factories';

let t: TestApp;
let storeA: number;
let managerA: TestClient;
let salesA: TestClient;
let adminB: TestClient;
let managerB: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Labels Store A')).id;
  const storeB = (await buildStore(t.db, 'Labels Store B')).id;
  managerA = (await signedIn(t, 'manager', storeA)).client;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  managerB = (await signedIn(t, 'manager', storeB)).client;
});
afterAll(() => t.close());

async function labels(client: TestClient, query: Record<string, string | number>) {
  const response = await client.get('/api/products/labels', { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ success: true; data: Label[] }>().data;
}

const assign = (client: TestClient, id: number) => client.post(`/api/products/${id}/barcode`, {});

describe('GET /api/products/labels?ids', () => {
  it('answers the asked products in order: EAN-13 or Code 128 drawn as SVG, the prices set', async () => {
    const ean = await createProduct(managerA, {
      name: 'Jogoo Maize Flour 2kg',
      sku: 'JOG-2KG',
      barcode: '6161101600019',
    });
    const code128 = await createProduct(managerA, {
      name: 'Kimbo 1kg',
      sku: 'KIM-1KG',
      // Thirteen digits whose check digit is wrong: not an EAN-13, drawn as Code 128.
      barcode: '6161101600010',
      pack_selling_price: 0,
      dozen_selling_price: '1250.50',
    });
    const bare = await createProduct(managerA, { name: 'Loose sugar', sku: 'SUG-LOOSE' });
    const otherStore = await createProduct(adminB, { barcode: '5000112637922' });

    const data = await labels(salesA, {
      ids: [code128.id, ean.id, otherStore.id, 999999, bare.id, ean.id].join(','),
    });
    expect(data.map((label) => label.product_id)).toEqual([code128.id, ean.id, bare.id]);
    const [kimbo, jogoo, sugar] = data;
    expect(jogoo).toMatchObject({
      name: 'Jogoo Maize Flour 2kg',
      sku: 'JOG-2KG',
      barcode: '6161101600019',
      symbology: 'ean13',
      copies: 1,
      prices: [
        { unit_type: 'piece', price: 60 },
        { unit_type: 'pack', price: 330 },
        { unit_type: 'dozen', price: 650 },
      ],
    });
    expect(jogoo!.svg).toMatch(/^<svg [^>]*viewBox="[^"]+"[^>]*>[\s\S]*<path[\s\S]*<\/svg>\s*$/);
    expect(kimbo).toMatchObject({ barcode: '6161101600010', symbology: 'code128' });
    expect(kimbo!.svg).toMatch(/^<svg /);
    // Different symbologies draw different bars.
    expect(kimbo!.svg).not.toBe(jogoo!.svg);
    expect(kimbo!.prices).toEqual([
      { unit_type: 'piece', price: 60 },
      { unit_type: 'dozen', price: 1250.5 },
    ]);
    expect(sugar).toMatchObject({ barcode: null, symbology: null, svg: null, copies: 1 });
  });

  it('answers a barcode bwip-js cannot draw with svg null, not an error', async () => {
    const odd = await createProduct(managerA, { barcode: 'Ünïcødé-1' });
    const [label] = await labels(managerA, { ids: String(odd.id) });
    expect(label).toMatchObject({ barcode: 'Ünïcødé-1', symbology: 'code128', svg: null });
  });

  it('refuses bad ids and an empty question with the field and the message', async () => {
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    for (const query of [{ ids: 'abc' }, { ids: '1,,2' }, { ids: '0' }, { ids: tooMany }]) {
      const response = await managerA.get('/api/products/labels', { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().errors).toContainEqual({ path: 'ids', message: LABEL_MESSAGES.ids });
    }
    const nothing = await managerA.get('/api/products/labels');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toContainEqual({ path: 'ids', message: LABEL_MESSAGES.nothing });
  });

  it("shows another store nothing of this store's products", async () => {
    const mine = await createProduct(managerA, { barcode: '6161101600019' });
    expect(await labels(managerB, { ids: String(mine.id) })).toEqual([]);
  });
});

describe('GET /api/products/labels?purchase_order_id', () => {
  let adminA: TestClient;
  let supplier: number;

  beforeAll(async () => {
    adminA = (await signedIn(t, 'admin', storeA)).client;
    const response = await adminA.post('/api/suppliers', {
      name: 'Thika Millers',
      email: 'orders@example.co.ke',
      phone: '0712 345 678',
      address: 'Industrial Area, Nairobi',
    });
    supplier = response.json().id;
  });

  async function receivedOrder(
    lines: { product_id: number; quantity: number; unit_type: string; received: number }[],
  ) {
    const created = await adminA.post('/api/purchase-orders', {
      supplier_id: supplier,
      expected_delivery_date: '2026-12-01',
      items: lines.map(({ product_id, quantity, unit_type }) => ({
        product_id,
        quantity,
        unit_type,
        buying_price: 100,
        selling_price: 120,
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(
      (await managerA.put(`/api/purchase-orders/${id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);
    const order = (await adminA.get(`/api/purchase-orders/${id}`)).json();
    const received = await adminA.post(`/api/purchase-orders/${id}/receive`, {
      items: order.items.map((item: { id: number }, index: number) => ({
        item_id: item.id,
        received_quantity: lines[index]!.received,
      })),
    });
    expect(received.statusCode, received.body).toBe(200);
    return id;
  }

  it('gives each received product as many copies as pieces arrived, capped; nothing for what did not arrive', async () => {
    const flour = await createProduct(adminA, { pack_size: 6, barcode: '6161101600019' });
    const soda = await createProduct(adminA);
    const rice = await createProduct(adminA);
    const salt = await createProduct(adminA);
    const order = await receivedOrder([
      { product_id: soda.id, quantity: 5, unit_type: 'piece', received: 3 },
      { product_id: flour.id, quantity: 2, unit_type: 'pack', received: 1 },
      { product_id: rice.id, quantity: 10, unit_type: 'dozen', received: 10 },
      { product_id: salt.id, quantity: 4, unit_type: 'piece', received: 0 },
      // The same product on a second line adds to the first.
      { product_id: soda.id, quantity: 2, unit_type: 'piece', received: 2 },
    ]);
    const data = await labels(salesA, { purchase_order_id: order });
    expect(data.map((label) => [label.product_id, label.copies])).toEqual([
      [soda.id, 5],
      [flour.id, 6],
      [rice.id, LABEL_COPIES_MAX],
    ]);
    expect(data[1]).toMatchObject({ symbology: 'ean13', svg: expect.stringMatching(/^<svg /) });
  });

  it("answers 404 for another store's purchase order and one that does not exist", async () => {
    const product = await createProduct(adminA);
    const order = await receivedOrder([
      { product_id: product.id, quantity: 1, unit_type: 'piece', received: 1 },
    ]);
    for (const [client, id] of [
      [adminB, order],
      [managerA, 999999],
    ] as const) {
      const response = await client.get('/api/products/labels', {
        query: { purchase_order_id: id },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Purchase order not found');
    }
  });
});

describe('POST /api/products/:id/barcode', () => {
  it('gives an internal EAN-13 (prefix 20, right check digit), different each time, found by a scan', async () => {
    const first = await createProduct(managerA, { name: 'Homemade mandazi' });
    const second = await createProduct(managerA, { name: 'Chapati' });
    const one = await assign(salesA, first.id);
    expect(one.statusCode, one.body).toBe(200);
    const product = one.json().data;
    expect(product).toMatchObject({ id: first.id, name: 'Homemade mandazi', sku: first.sku });
    expect(product.barcode).toMatch(/^20\d{11}$/);
    expect(isEan13(product.barcode)).toBe(true);

    const two = (await assign(salesA, second.id)).json().data.barcode as string;
    expect(isEan13(two)).toBe(true);
    expect(two).not.toBe(product.barcode);

    // The till's scan: an exact barcode search lands on the product.
    const scan = await salesA.get('/api/products/search', { query: { q: product.barcode } });
    expect(scan.json().data.map((p: { id: number }) => p.id)).toEqual([first.id]);
    // And the label draws it as an EAN-13.
    const [label] = await labels(salesA, { ids: String(first.id) });
    expect(label).toMatchObject({ barcode: product.barcode, symbology: 'ean13' });
  });

  it('skips a number some product of the store already carries', async () => {
    const probe = await createProduct(managerA);
    const drawn = (await assign(managerA, probe.id)).json().data.barcode as string;
    const n = Number(drawn.slice(2, 12));
    // Someone typed the next two numbers in by hand (any case is the same barcode).
    await createProduct(managerA, { barcode: internalEan13(n + 1) });
    await createProduct(managerA, { barcode: internalEan13(n + 2) });
    const product = await createProduct(managerA);
    const response = await assign(managerA, product.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.barcode).toBe(internalEan13(n + 3));
  });

  it('refuses a product that has a barcode (409), a service (400) and another store’s (404)', async () => {
    const withOne = await createProduct(managerA, { barcode: '6161101600019' });
    const refused = await assign(managerA, withOne.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LABEL_MESSAGES.hasBarcode);
    expect((await managerA.get(`/api/products/${withOne.id}`)).json().data.barcode).toBe(
      '6161101600019',
    );

    const given = await createProduct(managerA);
    expect((await assign(managerA, given.id)).statusCode).toBe(200);
    expect((await assign(managerA, given.id)).statusCode).toBe(409);

    const delivery = await createProduct(managerA, { kind: 'service', quantity: 0 });
    const service = await assign(managerA, delivery.id);
    expect(service.statusCode).toBe(400);
    expect(service.json().errors).toEqual([{ path: 'kind', message: LABEL_MESSAGES.service }]);

    const mine = await createProduct(managerA);
    expect((await assign(adminB, mine.id)).statusCode).toBe(404);
    expect((await managerA.get(`/api/products/${mine.id}`)).json().data.barcode).toBeNull();
  });

  it('two clicks at once: one number, one 200 and one 409', async () => {
    const product = await createProduct(managerA);
    const answers = await Promise.all([assign(managerA, product.id), assign(salesA, product.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.barcode;
    expect((await managerA.get(`/api/products/${product.id}`)).json().data.barcode).toBe(winner);
  });

  it('reaches offline tills: the product is in the sync delta after the assignment', async () => {
    const product = await createProduct(managerA);
    const before = (await salesA.get('/api/sync/products')).json();
    let cursor = before.cursor as string;
    for (let more = before.has_more; more;) {
      const page = (await salesA.get('/api/sync/products', { query: { since: cursor } })).json();
      cursor = page.cursor;
      more = page.has_more;
    }
    const barcode = (await assign(managerA, product.id)).json().data.barcode;
    const delta = (await salesA.get('/api/sync/products', { query: { since: cursor } })).json();
    expect(delta.products).toContainEqual(expect.objectContaining({ id: product.id, barcode }));
  });
});
