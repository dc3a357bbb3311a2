import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, createProduct, signedIn } from '../../testing/factories';
import { stockMovements } from '../products/stock-movements.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let managerA: TestClient;
let salesA: TestClient;
let adminB: TestClient;
let supplierA: number;
let supplierB: number;

async function stockOf(client: TestClient, id: number) {
  const response = await client.get(`/api/products/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return (body.data ?? body).stock_pieces as number;
}

const item = (product_id: number, overrides: Record<string, unknown> = {}) => ({
  product_id,
  quantity: 2,
  buying_price: 100,
  selling_price: '120.50',
  unit_type: 'piece',
  ...overrides,
});

function newOrder(items: unknown[], overrides: Record<string, unknown> = {}) {
  return {
    supplier_id: supplierA,
    expected_delivery_date: '2026-12-01',
    notes: 'Deliver before noon',
    items,
    total: '999999.00',
    ...overrides,
  };
}

async function createOrder(client: TestClient, items: unknown[], overrides = {}) {
  const response = await client.post('/api/purchase-orders', newOrder(items, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; status: string; total_amount: number }>();
}

const setStatus = (client: TestClient, id: number, status: string) =>
  client.put(`/api/purchase-orders/${id}/status`, { status });

async function approved(items: unknown[]) {
  const order = await createOrder(salesA, items);
  const response = await setStatus(managerA, order.id, 'approved');
  expect(response.statusCode, response.body).toBe(200);
  return order;
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'PO Store A')).id;
  storeB = (await buildStore(t.db, 'PO Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  managerA = (await signedIn(t, 'manager', storeA)).client;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  const supplier = (client: TestClient, name: string) =>
    client.post('/api/suppliers', {
      name,
      email: 'orders@example.co.ke',
      phone: '0712 345 678',
      address: 'Industrial Area, Nairobi',
    });
  supplierA = (await supplier(adminA, 'Thika Millers')).json().id;
  supplierB = (await supplier(adminB, 'Other Millers')).json().id;
});
afterAll(() => t.close());

describe('POST /api/purchase-orders', () => {
  it('creates a pending order with the server-computed total, the supplier and the items', async () => {
    const flour = await createProduct(adminA, { quantity: 0, name: 'Unga 2kg' });
    const sugar = await createProduct(adminA, { quantity: 0, name: 'Sugar 1kg' });
    const response = await salesA.post(
      '/api/purchase-orders',
      newOrder([
        item(flour.id, { quantity: 3, buying_price: '99.99', name: 'Whatever the client says' }),
        item(sugar.id, { quantity: 1, buying_price: 250.5, unit_type: 'dozen' }),
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      supplier_id: supplierA,
      supplier: { name: 'Thika Millers', email: 'orders@example.co.ke', phone: '+254712345678' },
      status: 'pending',
      expected_delivery_date: '2026-12-01',
      notes: 'Deliver before noon',
      total_amount: 550.47, // 3 × 99.99 + 250.50, not the client's 999999.00
      received_at: null,
    });
    expect(order.items).toEqual([
      {
        id: expect.any(Number),
        product_id: flour.id,
        product_name: 'Unga 2kg',
        Product: { name: 'Unga 2kg' },
        unit_type: 'piece',
        quantity: 3,
        received_quantity: 0,
        buying_price: 99.99,
        unit_price: 99.99,
        selling_price: 120.5,
        total: 299.97,
      },
      expect.objectContaining({ product_id: sugar.id, unit_type: 'dozen', total: 250.5 }),
    ]);
    expect((await salesA.get(`/api/purchase-orders/${order.id}`)).json()).toEqual(order);
    const items = await salesA.get(`/api/purchase-orders/${order.id}/items`);
    expect(items.statusCode).toBe(200);
    expect(items.json()).toEqual(order.items);
  });

  it("answers the spec's validation messages", async () => {
    const empty = await salesA.post('/api/purchase-orders', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'supplier_id', message: 'Please select a supplier' },
        { path: 'expected_delivery_date', message: 'Expected delivery date is required' },
        { path: 'items', message: 'At least one item is required' },
      ]),
    );
    const noItems = await salesA.post('/api/purchase-orders', newOrder([], { supplier_id: 0 }));
    expect(noItems.json().errors).toEqual([
      { path: 'supplier_id', message: 'Please select a supplier' },
      { path: 'items', message: 'At least one item is required' },
    ]);
    const product = await createProduct(adminA, { quantity: 0 });
    const badItem = await salesA.post(
      '/api/purchase-orders',
      newOrder([item(product.id, { quantity: 0, buying_price: -1, selling_price: -5 })], {
        expected_delivery_date: '',
      }),
    );
    expect(badItem.statusCode).toBe(400);
    expect(badItem.json().errors).toEqual([
      { path: 'expected_delivery_date', message: 'Expected delivery date is required' },
      { path: 'items.0.quantity', message: 'Quantity must be at least 1' },
      { path: 'items.0.buying_price', message: 'Buying price cannot be negative' },
      { path: 'items.0.selling_price', message: 'Selling price cannot be negative' },
    ]);
    const badDate = await salesA.post(
      '/api/purchase-orders',
      newOrder([item(product.id)], { expected_delivery_date: '2026-02-30' }),
    );
    expect(badDate.statusCode).toBe(400);
  });

  it("refuses another store's supplier or product (400 naming the field)", async () => {
    const mine = await createProduct(adminA, { quantity: 0 });
    const theirs = await createProduct(adminB, { quantity: 0 });
    const supplier = await salesA.post(
      '/api/purchase-orders',
      newOrder([item(mine.id)], { supplier_id: supplierB }),
    );
    expect(supplier.statusCode).toBe(400);
    expect(supplier.json().errors).toEqual([
      { path: 'supplier_id', message: 'Please select a supplier' },
    ]);
    const product = await salesA.post(
      '/api/purchase-orders',
      newOrder([item(mine.id), item(theirs.id)]),
    );
    expect(product.statusCode).toBe(400);
    expect(product.json()).toMatchObject({
      message: `Product with id ${theirs.id} not found`,
      errors: [{ path: 'items.1.product_id', message: `Product with id ${theirs.id} not found` }],
    });
  });

  it('refuses a service line (400 naming the line and the product) and creates nothing', async () => {
    const flour = await createProduct(adminA, { quantity: 0 });
    const delivery = await createProduct(adminA, {
      quantity: 0,
      name: 'Boda Delivery',
      kind: 'service',
    });
    const before = (await salesA.get('/api/purchase-orders')).json().length;
    const refused = await salesA.post(
      '/api/purchase-orders',
      newOrder([item(flour.id), item(delivery.id)]),
    );
    expect(refused.statusCode).toBe(400);
    const message = 'Boda Delivery is a service: a purchase order buys goods only';
    expect(refused.json()).toMatchObject({
      message,
      errors: [{ path: 'items.1.product_id', message }],
    });
    expect((await salesA.get('/api/purchase-orders')).json()).toHaveLength(before);
    const order = await createOrder(salesA, [item(flour.id)]);
    const added = await salesA.post(`/api/purchase-orders/${order.id}/items`, item(delivery.id));
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toEqual([{ path: 'product_id', message }]);
    const read = (await salesA.get(`/api/purchase-orders/${order.id}`)).json();
    expect(read.items.map((line: { product_id: number }) => line.product_id)).toEqual([flour.id]);
  });

  it('refuses a supplier that was deleted (kept inactive for its old orders)', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const supplier = (
      await adminA.post('/api/suppliers', {
        name: 'Closing Down Wholesalers',
        email: 'last@example.co.ke',
        phone: '0711 000 222',
        address: 'River Road, Nairobi',
      })
    ).json().id;
    await createOrder(salesA, [item(product.id)], { supplier_id: supplier });
    const removed = await adminA.delete(`/api/suppliers/${supplier}`);
    expect(removed.json()).toEqual({ success: true, deactivated: true });
    const refused = await salesA.post(
      '/api/purchase-orders',
      newOrder([item(product.id)], { supplier_id: supplier }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'supplier_id', message: 'Please select a supplier' },
    ]);
  });

  it('a manager may not create (403); admin and sales may', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    expect(
      (await managerA.post('/api/purchase-orders', newOrder([item(product.id)]))).statusCode,
    ).toBe(403);
    await createOrder(adminA, [item(product.id)]);
  });
});

describe('GET /api/purchase-orders', () => {
  it("is a plain array of the store's orders, newest first", async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const first = await createOrder(salesA, [item(product.id)]);
    const second = await createOrder(salesA, [item(product.id)]);
    const list = (await salesA.get('/api/purchase-orders')).json<{ id: number }[]>();
    expect(Array.isArray(list)).toBe(true);
    const ids = list.map((o) => o.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list[0]).toHaveProperty('items');
    expect(list[0]).toHaveProperty('supplier');
  });
});

describe('POST /api/purchase-orders/:id/items', () => {
  it('adds a line to a pending order and sums the total again; not twice, not once approved', async () => {
    const flour = await createProduct(adminA, { quantity: 0 });
    const sugar = await createProduct(adminA, { quantity: 0, name: 'Kabras Sugar' });
    const order = await createOrder(salesA, [item(flour.id, { quantity: 2, buying_price: 100 })]);
    expect(order.total_amount).toBe(200);
    const added = await salesA.post(
      `/api/purchase-orders/${order.id}/items`,
      item(sugar.id, { quantity: 3, buying_price: '55.50', unit_type: 'dozen', name: 'ignored' }),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      id: order.id,
      total_amount: 366.5,
      items: [
        { product_id: flour.id, quantity: 2 },
        { product_id: sugar.id, product_name: 'Kabras Sugar', quantity: 3, unit_type: 'dozen' },
      ],
    });
    const twice = await salesA.post(`/api/purchase-orders/${order.id}/items`, item(sugar.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This product is already on the order');
    const bad = await salesA.post(`/api/purchase-orders/${order.id}/items`, {
      ...item(sugar.id),
      quantity: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'quantity', message: 'Quantity must be at least 1' },
    ]);

    expect((await setStatus(managerA, order.id, 'approved')).statusCode).toBe(200);
    const third = await createProduct(adminA, { quantity: 0 });
    const late = await salesA.post(`/api/purchase-orders/${order.id}/items`, item(third.id));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Items can only be added to a pending purchase order (this one is approved)',
    );
    const items = (await salesA.get(`/api/purchase-orders/${order.id}/items`)).json();
    expect(items).toHaveLength(2);
    // A manager may approve but not create orders or add to them (spec §6).
    expect(
      (await managerA.post(`/api/purchase-orders/${order.id}/items`, item(third.id))).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/purchase-orders/:id/status', () => {
  it('sales cannot approve (403); a manager approves; sales marks received', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const order = await createOrder(salesA, [item(product.id, { quantity: 5 })]);
    const refused = await setStatus(salesA, order.id, 'approved');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.forbidden');
    expect((await setStatus(managerA, order.id, 'received')).statusCode).toBe(409);
    const ok = await setStatus(managerA, order.id, 'approved');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('approved');
    const received = await setStatus(salesA, order.id, 'received');
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().status).toBe('received');
    expect(received.json().received_at).toEqual(expect.stringMatching(/^\d{4}-/));
    expect(await stockOf(adminA, product.id)).toBe(5);
  });

  it('a manager rejects; a rejected order cannot move on (409 with the message)', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const order = await createOrder(salesA, [item(product.id)]);
    expect((await setStatus(managerA, order.id, 'rejected')).json().status).toBe('rejected');
    const again = await setStatus(managerA, order.id, 'approved');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Cannot change status from rejected to approved');
    const pending = await setStatus(managerA, order.id, 'pending');
    expect(pending.statusCode).toBe(409);
  });

  it('converts units: 2 dozen of a piece product → +24; 3 packs of 6 → +18; movements recorded', async () => {
    const pieces = await createProduct(adminA, { quantity: 1 });
    const packs = await createProduct(adminA, { quantity: 0, pack_size: 6, stock_unit: 'pack' });
    const order = await approved([
      item(pieces.id, { quantity: 2, unit_type: 'dozen' }),
      item(packs.id, { quantity: 3, unit_type: 'pack' }),
    ]);
    const response = await setStatus(salesA, order.id, 'received');
    expect(response.statusCode, response.body).toBe(200);
    expect(await stockOf(adminA, pieces.id)).toBe(25);
    expect(await stockOf(adminA, packs.id)).toBe(18);
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.reason, 'purchase_order'),
          eq(stockMovements.reference, `PO-${order.id}`),
        ),
      );
    expect(
      movements.map((m) => [m.productId, m.changePieces, m.storeId]).sort((a, b) => a[0]! - b[0]!),
    ).toEqual([
      [pieces.id, 24, storeA],
      [packs.id, 18, storeA],
    ]);
  });

  it('receiving twice is 409 and adds the stock once', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const order = await approved([item(product.id, { quantity: 4 })]);
    expect((await setStatus(salesA, order.id, 'received')).statusCode).toBe(200);
    const second = await setStatus(salesA, order.id, 'received');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Cannot change status from received to received');
    expect(await stockOf(adminA, product.id)).toBe(4);
  });

  it('two receives at once: exactly one 200, one 409, stock added once', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const order = await approved([item(product.id, { quantity: 7 })]);
    const responses = await Promise.all([
      setStatus(salesA, order.id, 'received'),
      setStatus(adminA, order.id, 'received'),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(adminA, product.id)).toBe(7);
  });

  it('an item whose product became a service: 400 naming it, and nothing changes', async () => {
    const product = await createProduct(adminA, { quantity: 0, name: 'Ex Flour' });
    const order = await approved([item(product.id)]);
    expect(
      (await managerA.put(`/api/products/${product.id}`, { kind: 'service' })).statusCode,
    ).toBe(200);
    const refused = await setStatus(salesA, order.id, 'received');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Ex Flour is now a service: it has no stock to receive');
    expect(await stockOf(adminA, product.id)).toBe(0);
    expect((await salesA.get(`/api/purchase-orders/${order.id}`)).json().status).toBe('approved');
  });

  it('an item whose product was deleted: 400 naming it, and nothing changes', async () => {
    const kept = await createProduct(adminA, { quantity: 0 });
    const gone = await createProduct(adminA, { quantity: 0 });
    const order = await approved([item(kept.id, { quantity: 2 }), item(gone.id)]);
    const deleted = await adminA.delete(`/api/products/${gone.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const response = await setStatus(salesA, order.id, 'received');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Product with id ${gone.id} not found`);
    expect(await stockOf(adminA, kept.id)).toBe(0);
    const after = (await salesA.get(`/api/purchase-orders/${order.id}`)).json();
    expect(after.status).toBe('approved');
    expect(after.items[1]).toMatchObject({ product_id: null, product_name: gone.name });
  });
});

describe('POST /api/purchase-orders/:id/receive (issue 20)', () => {
  type Line = { id: number; quantity: number; received_quantity: number };
  type Order = { id: number; status: string; received_at: string | null; items: Line[] };

  const receive = (client: TestClient, id: number, body: unknown) =>
    client.post(`/api/purchase-orders/${id}/receive`, body);

  async function linesOf(id: number) {
    return (await salesA.get(`/api/purchase-orders/${id}`)).json<Order>().items;
  }

  async function movementsOf(orderId: number) {
    const rows = await t.db
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.reason, 'purchase_order'),
          eq(stockMovements.reference, `PO-${orderId}`),
        ),
      )
      .orderBy(stockMovements.id);
    return rows.map((m) => [m.productId, m.changePieces]);
  }

  it('takes two deliveries, then the rest through PUT …/status received: stock and movements once each', async () => {
    const flour = await createProduct(adminA, { quantity: 1 });
    const soda = await createProduct(adminA, { quantity: 0 });
    const order = await approved([
      item(flour.id, { quantity: 10 }),
      item(soda.id, { quantity: 2, unit_type: 'dozen' }),
    ]);
    const [flourLine, sodaLine] = await linesOf(order.id);
    expect(flourLine).toMatchObject({ quantity: 10, received_quantity: 0 });

    // First delivery: 4 bags of flour, 1 dozen soda.
    const first = await receive(salesA, order.id, {
      items: [
        { item_id: flourLine!.id, received_quantity: 4 },
        { item_id: sodaLine!.id, received_quantity: 1 },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Order>()).toMatchObject({ status: 'partially_received', received_at: null });
    expect(first.json<Order>().items.map((l) => l.received_quantity)).toEqual([4, 1]);
    expect(await stockOf(adminA, flour.id)).toBe(5);
    expect(await stockOf(adminA, soda.id)).toBe(12);

    // Second delivery: 3 more bags; the soda line left out.
    const second = await receive(managerA, order.id, {
      items: [{ item_id: flourLine!.id, received_quantity: 3 }],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<Order>().status).toBe('partially_received');
    expect(await stockOf(adminA, flour.id)).toBe(8);

    // The rest arrives: PUT …/status received receives only what remains.
    const rest = await setStatus(salesA, order.id, 'received');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<Order>().status).toBe('received');
    expect(rest.json<Order>().received_at).not.toBeNull();
    expect(rest.json<Order>().items.map((l) => l.received_quantity)).toEqual([10, 2]);
    expect(await stockOf(adminA, flour.id)).toBe(11);
    expect(await stockOf(adminA, soda.id)).toBe(24);
    expect(await movementsOf(order.id)).toEqual([
      [flour.id, 4],
      [soda.id, 12],
      [flour.id, 3],
      [flour.id, 3],
      [soda.id, 12],
    ]);
    // Received: no more deliveries.
    const after = await receive(salesA, order.id, {
      items: [{ item_id: flourLine!.id, received_quantity: 1 }],
    });
    expect(after.statusCode).toBe(409);
    expect(await stockOf(adminA, flour.id)).toBe(11);
  });

  it('answers received when everything arrived in one delivery', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const order = await approved([item(product.id, { quantity: 3 })]);
    const [line] = await linesOf(order.id);
    const response = await receive(salesA, order.id, {
      items: [{ item_id: line!.id, received_quantity: 3 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>().status).toBe('received');
    expect(await stockOf(adminA, product.id)).toBe(3);
  });

  it('closes short: what arrived is added, the rest will not come', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const other = await createProduct(adminA, { quantity: 0 });
    const order = await approved([item(product.id, { quantity: 10 }), item(other.id)]);
    const [line] = await linesOf(order.id);
    const response = await receive(salesA, order.id, {
      items: [{ item_id: line!.id, received_quantity: 6 }],
      close: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>().status).toBe('received');
    expect(response.json<Order>().items.map((l) => l.received_quantity)).toEqual([6, 0]);
    expect(await stockOf(adminA, product.id)).toBe(6);
    expect(await stockOf(adminA, other.id)).toBe(0);
    expect(await movementsOf(order.id)).toEqual([[product.id, 6]]);
    // Closed: PUT …/status received adds nothing more.
    expect((await setStatus(salesA, order.id, 'received')).statusCode).toBe(409);
    expect(await stockOf(adminA, product.id)).toBe(6);

    // A partly received order closed with nothing more arriving.
    const partly = await approved([item(other.id, { quantity: 5 })]);
    const [partlyLine] = await linesOf(partly.id);
    await receive(salesA, partly.id, {
      items: [{ item_id: partlyLine!.id, received_quantity: 2 }],
    });
    const closed = await receive(salesA, partly.id, { items: [], close: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<Order>().status).toBe('received');
    expect(await stockOf(adminA, other.id)).toBe(2);
  });

  it('two deliveries of the rest at once: one is received, the other 409, stock added once', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const order = await approved([item(product.id, { quantity: 6 })]);
    const [line] = await linesOf(order.id);
    const body = { items: [{ item_id: line!.id, received_quantity: 6 }] };
    const responses = await Promise.all([
      receive(salesA, order.id, body),
      receive(adminA, order.id, body),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(adminA, product.id)).toBe(6);
    expect(await movementsOf(order.id)).toEqual([[product.id, 6]]);
  });

  it('refuses more than ordered (409 naming what remains) and writes nothing', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const other = await createProduct(adminA, { quantity: 0 });
    const order = await approved([
      item(other.id, { quantity: 2 }),
      item(product.id, { quantity: 5 }),
    ]);
    const [otherLine, line] = await linesOf(order.id);
    await receive(salesA, order.id, { items: [{ item_id: line!.id, received_quantity: 4 }] });
    const over = await receive(salesA, order.id, {
      items: [
        { item_id: otherLine!.id, received_quantity: 2 },
        { item_id: line!.id, received_quantity: 2 },
      ],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Only 1 of ${product.name} remain to be received`);
    expect(over.json().errors[0].path).toBe('items.1.received_quantity');
    // Neither line moved: the whole delivery was refused.
    expect((await linesOf(order.id)).map((l) => l.received_quantity)).toEqual([0, 4]);
    expect(await stockOf(adminA, other.id)).toBe(0);
    expect(await stockOf(adminA, product.id)).toBe(4);
    expect(await movementsOf(order.id)).toEqual([[product.id, 4]]);
  });

  it('refuses a pending order, a line of another order, a repeated line and an empty delivery', async () => {
    const product = await createProduct(adminA, { quantity: 0 });
    const pending = await createOrder(salesA, [item(product.id)]);
    const [pendingLine] = await linesOf(pending.id);
    const notYet = await receive(salesA, pending.id, {
      items: [{ item_id: pendingLine!.id, received_quantity: 1 }],
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(
      'Only an approved or partially received purchase order can be received (this one is pending)',
    );
    const order = await approved([item(product.id, { quantity: 3 })]);
    const [line] = await linesOf(order.id);
    const foreign = await receive(salesA, order.id, {
      items: [{ item_id: pendingLine!.id, received_quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('items.0.item_id');
    const twice = await receive(salesA, order.id, {
      items: [
        { item_id: line!.id, received_quantity: 1 },
        { item_id: line!.id, received_quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toMatchObject({ path: 'items.1.item_id' });
    const nothing = await receive(salesA, order.id, {
      items: [{ item_id: line!.id, received_quantity: 0 }],
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors[0]).toMatchObject({
      path: 'items',
      message: 'Enter a quantity received for at least one item',
    });
    const negative = await receive(salesA, order.id, {
      items: [{ item_id: line!.id, received_quantity: -1 }],
    });
    expect(negative.statusCode).toBe(400);
    expect(await stockOf(adminA, product.id)).toBe(0);
    expect((await salesA.get(`/api/purchase-orders/${order.id}`)).json<Order>().status).toBe(
      'approved',
    );
  });
});

describe('store isolation (PRODUCT.md §2)', () => {
  it("another store's order is 404 on every route and absent from the list", async () => {
    const product = await createProduct(adminB, { quantity: 0 });
    const response = await adminB.post(
      '/api/purchase-orders',
      newOrder([item(product.id)], { supplier_id: supplierB }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id;
    expect((await managerA.get(`/api/purchase-orders/${id}`)).statusCode).toBe(404);
    expect((await managerA.get(`/api/purchase-orders/${id}/items`)).statusCode).toBe(404);
    expect((await setStatus(managerA, id, 'approved')).statusCode).toBe(404);
    const mine = await createProduct(adminA, { quantity: 0 });
    expect((await adminA.post(`/api/purchase-orders/${id}/items`, item(mine.id))).statusCode).toBe(
      404,
    );
    const list = (await managerA.get('/api/purchase-orders')).json<{ id: number }[]>();
    expect(list.map((o) => o.id)).not.toContain(id);
    expect((await adminB.get(`/api/purchase-orders/${id}`)).statusCode).toBe(200);
  });
});
