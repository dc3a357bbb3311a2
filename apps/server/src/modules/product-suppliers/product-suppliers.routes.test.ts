import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, createProduct, signedIn } from '../../testing/factories';

let t: TestApp;
let salesA: TestClient;
let adminB: TestClient;
let productA: number;
let productA2: number;
let supplierA: number;
let productB: number;
let supplierB: number;

async function seed(client: TestClient, tag: string) {
  const product = async (sku: string) =>
    (await createProduct(client, { name: `Product ${sku}`, sku, quantity: 0 })).id;
  const supplier = await client.post('/api/suppliers', {
    name: `Supplier ${tag}`,
    email: 'orders@example.co.ke',
    phone: '0712 345 678',
    address: 'Nairobi',
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  return {
    product: await product(`PS-${tag}-1`),
    product2: await product(`PS-${tag}-2`),
    supplier: supplier.json().id as number,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const storeA = (await buildStore(t.db, 'Links A')).id;
  const storeB = (await buildStore(t.db, 'Links B')).id;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  const a = await seed((await signedIn(t, 'admin', storeA)).client, 'A');
  const b = await seed(adminB, 'B');
  productA = a.product;
  productA2 = a.product2;
  supplierA = a.supplier;
  productB = b.product;
  supplierB = b.supplier;
});
afterAll(() => t.close());

describe('/api/product-suppliers', () => {
  it('links a product to a supplier (201), twice answers the same link (200), and lists them', async () => {
    const created = await salesA.post('/api/product-suppliers', {
      product_id: productA,
      supplier_id: supplierA,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      product_id: productA,
      supplier_id: supplierA,
      product: { name: 'Product PS-A-1', sku: 'PS-A-1' },
      supplier: { name: 'Supplier A' },
      created_at: expect.stringMatching(/^\d{4}-/),
    });
    const again = await salesA.post('/api/product-suppliers', {
      product_id: productA,
      supplier_id: supplierA,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.json().id);
    await salesA.post('/api/product-suppliers', { product_id: productA2, supplier_id: supplierA });
    const all = (await salesA.get('/api/product-suppliers')).json<{ product_id: number }[]>();
    expect(all.map((l) => l.product_id)).toEqual([productA, productA2]);
    const filtered = await salesA.get('/api/product-suppliers', {
      query: { product_id: productA2 },
    });
    expect(filtered.json().map((l: { product_id: number }) => l.product_id)).toEqual([productA2]);
    const bySupplier = await salesA.get('/api/product-suppliers', {
      query: { supplier_id: supplierA },
    });
    expect(bySupplier.json()).toHaveLength(2);
  });

  it("refuses another store's product or supplier (400 naming the field) and never lists them", async () => {
    const product = await salesA.post('/api/product-suppliers', {
      product_id: productB,
      supplier_id: supplierA,
    });
    expect(product.statusCode).toBe(400);
    expect(product.json().errors).toEqual([{ path: 'product_id', message: 'Product not found' }]);
    const supplier = await salesA.post('/api/product-suppliers', {
      product_id: productA,
      supplier_id: supplierB,
    });
    expect(supplier.statusCode).toBe(400);
    expect(supplier.json().errors).toEqual([
      { path: 'supplier_id', message: 'Please select a supplier' },
    ]);
    await adminB.post('/api/product-suppliers', { product_id: productB, supplier_id: supplierB });
    const mine = (await salesA.get('/api/product-suppliers')).json<{ product_id: number }[]>();
    expect(mine.map((l) => l.product_id)).not.toContain(productB);
    expect((await adminB.get('/api/product-suppliers')).json()).toHaveLength(1);
  });

  it('refuses a missing or bad id (400)', async () => {
    const response = await salesA.post('/api/product-suppliers', { product_id: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'product_id', message: 'Product is required.' },
      { path: 'supplier_id', message: 'Please select a supplier' },
    ]);
  });
});
