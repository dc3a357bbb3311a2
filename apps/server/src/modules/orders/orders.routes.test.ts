import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, createProduct, signedIn } from '../../testing/factories';
import { products } from '../products/products.table';
import { stockMovements } from '../products/stock-movements.table';
import { orders } from './orders.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let cashierA: TestClient;
let cashierAId: number;
let shopperA: TestClient;
let shopperAUser: { id: number; name: string; email: string };
let otherShopperA: TestClient;
let adminB: TestClient;
let cashierB: TestClient;
let shopperB: TestClient;
let superAdmin: TestClient;

async function stockOf(id: number) {
  const [row] = await t.db
    .select({ stock: products.stockPieces })
    .from(products)
    .where(eq(products.id, id));
  return row!.stock;
}

async function orderMovements(productId: number) {
  return t.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), eq(stockMovements.reason, 'order')));
}

async function ordersCount(storeId: number) {
  const [row] = await t.db.select({ n: count() }).from(orders).where(eq(orders.storeId, storeId));
  return row!.n;
}

const item = (product_id: number, quantity: number, unit_type = 'piece', unit_price = 1) => ({
  product_id,
  quantity,
  unit_type,
  unit_price,
});

async function placeOrder(client: TestClient, items: ReturnType<typeof item>[]) {
  const response = await client.post('/api/orders', { items });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: number;
    status: string;
    total_amount: number;
    items: { product_id: number; quantity: number; unit_type: string }[];
  };
}

function move(client: TestClient, id: number, status: string) {
  return client.put(`/api/orders/${id}/status`, { status });
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Orders Store A')).id;
  storeB = (await buildStore(t.db, 'Orders Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  const cashier = await signedIn(t, 'sales', storeA);
  cashierA = cashier.client;
  cashierAId = cashier.user.id;
  const shopper = await signedIn(t, 'user', storeA);
  shopperA = shopper.client;
  shopperAUser = shopper.user;
  otherShopperA = (await signedIn(t, 'user', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  cashierB = (await signedIn(t, 'sales', storeB)).client;
  shopperB = (await signedIn(t, 'user', storeB)).client;
  superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
});
afterAll(() => t.close());

describe('POST /api/orders', () => {
  it("prices every line from the product's current selling price, never the client's", async () => {
    const flour = await createProduct(adminA, { name: 'Jogoo Maize Flour 2kg', pack_size: 6 });
    const soda = await createProduct(adminA, {
      name: 'Coca-Cola 500ml',
      piece_selling_price: 70.5,
    });
    const response = await shopperA.post('/api/orders', {
      items: [
        item(flour.id, 2, 'piece', 0.01),
        item(flour.id, 1, 'pack', 1),
        { product_id: soda.id, quantity: 3, unit_type: 'piece' },
        item(soda.id, 1, 'dozen', 99_999),
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      success: true,
      data: {
        status: 'pending',
        // 2 × 60 + 1 × 330 + 3 × 70.50 + 1 × 650
        total_amount: 1311.5,
        items_count: 4,
        User: { name: shopperAUser.name, email: shopperAUser.email },
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
    expect(order.data.items).toEqual([
      {
        id: expect.any(Number),
        product_id: flour.id,
        Product: { name: 'Jogoo Maize Flour 2kg', sku: expect.any(String) },
        quantity: 2,
        unit_type: 'piece',
        unit_price: 60,
        total: 120,
      },
      expect.objectContaining({ unit_type: 'pack', quantity: 1, unit_price: 330, total: 330 }),
      expect.objectContaining({ unit_type: 'piece', quantity: 3, unit_price: 70.5, total: 211.5 }),
      expect.objectContaining({ unit_type: 'dozen', quantity: 1, unit_price: 650, total: 650 }),
    ]);
    // Stock leaves at fulfilment, not when the order is placed.
    expect(await stockOf(flour.id)).toBe(100);
    expect(await orderMovements(flour.id)).toEqual([]);
  });

  it('prices at the price of the moment: a later price change leaves the order as it was', async () => {
    const oil = await createProduct(adminA, { name: 'Kimbo 1kg', piece_selling_price: 380 });
    const order = await placeOrder(shopperA, [item(oil.id, 2)]);
    const changed = await adminA.put(`/api/products/${oil.id}`, { piece_selling_price: 400 });
    expect(changed.statusCode, changed.body).toBe(200);
    const read = (await shopperA.get(`/api/orders/${order.id}`)).json().data;
    expect(read).toMatchObject({ total_amount: 760, items: [{ unit_price: 380, total: 760 }] });
    const next = await placeOrder(shopperA, [item(oil.id, 2)]);
    expect(next.total_amount).toBe(800);
  });

  it('makes the same product and unit sent twice one line with the quantities added', async () => {
    const sugar = await createProduct(adminA);
    const order = await placeOrder(shopperA, [
      item(sugar.id, 2),
      item(sugar.id, 1, 'dozen'),
      item(sugar.id, 3),
    ]);
    expect(order.items).toMatchObject([
      { product_id: sugar.id, unit_type: 'piece', quantity: 5 },
      { product_id: sugar.id, unit_type: 'dozen', quantity: 1 },
    ]);
    expect(order.total_amount).toBe(5 * 60 + 650);
    // Added up, the lines may not pass one quantity's limit.
    const tooMany = await shopperA.post('/api/orders', {
      items: [item(sugar.id, 600_000), item(sugar.id, 600_000)],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      { path: 'items.0.quantity', message: 'Quantity must be at most 1,000,000' },
    ]);
  });

  it("refuses another store's, an inactive or a missing product and the delivery service, naming the line", async () => {
    const mine = await createProduct(adminA);
    const theirs = await createProduct(adminB);
    const inactive = await createProduct(adminA);
    const off = await adminA.put(`/api/products/${inactive.id}`, { is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    const delivery = await createProduct(adminA, {
      sku: 'SRV001',
      name: 'Delivery Service',
      quantity: 0,
      kind: 'service',
    });
    const before = await ordersCount(storeA);
    for (const [index, id] of [
      [1, theirs.id],
      [1, inactive.id],
      [1, 999_999],
      [1, delivery.id],
    ] as const) {
      const response = await shopperA.post('/api/orders', {
        items: [item(mine.id, 1), item(id, 1)],
      });
      expect(response.statusCode, `${id} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'order.product_unavailable',
        errors: [
          { path: `items.${index}.product_id`, message: 'This product is no longer available' },
        ],
      });
    }
    // A shopper of store B (or staff) cannot order store A's product either.
    const fromB = await shopperB.post('/api/orders', { items: [item(mine.id, 1)] });
    expect(fromB.statusCode).toBe(400);
    expect(fromB.json().errors[0].path).toBe('items.0.product_id');
    expect(await ordersCount(storeA)).toBe(before);
    expect(await ordersCount(storeB)).toBe(0);
  });

  it('acts only in the caller’s own store, whatever store_id a shopper sends', async () => {
    const theirs = await createProduct(adminB);
    const response = await shopperA.post('/api/orders', {
      store_id: storeB,
      items: [item(theirs.id, 1)],
    });
    expect(response.statusCode).toBe(400);
    expect(await ordersCount(storeB)).toBe(0);
    // A super_admin orders in the chosen store.
    const chosen = await superAdmin.post('/api/orders', {
      store_id: storeB,
      items: [item(theirs.id, 1)],
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(await ordersCount(storeB)).toBe(1);
    const listed = (await cashierB.get('/api/orders')).json();
    expect(listed.orders.map((o: { id: number }) => o.id)).toContain(chosen.json().data.id);
    expect((await move(cashierB, chosen.json().data.id, 'cancelled')).statusCode).toBe(200);
  });

  it('refuses a unit the product has no selling price for', async () => {
    const loose = await createProduct(adminA, { pack_selling_price: 0, pack_buying_price: 0 });
    const response = await shopperA.post('/api/orders', {
      items: [item(loose.id, 1), item(loose.id, 1, 'pack')],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'items.1.unit_type', message: 'This product is not sold in this unit' },
    ]);
  });

  it('refuses with 409 an order the shelf cannot cover now, and writes nothing', async () => {
    const plenty = await createProduct(adminA, { quantity: 50 });
    const scarce = await createProduct(adminA, { name: 'Kabras Sugar 2kg', quantity: 10 });
    const before = await ordersCount(storeA);
    const response = await shopperA.post('/api/orders', {
      items: [item(plenty.id, 1), item(scarce.id, 6), item(scarce.id, 1, 'pack', 1)],
    });
    expect(response.statusCode, response.body).toBe(201); // pack_size 1: 7 of the 10 pieces
    // 6 pieces and 6 packs of 1: each line fits the 10 pieces, together they do not.
    const short = await shopperA.post('/api/orders', {
      items: [item(plenty.id, 1), item(scarce.id, 6), item(scarce.id, 6, 'pack')],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'order.insufficient_stock',
      message: 'Insufficient stock for Kabras Sugar 2kg',
    });
    expect(await ordersCount(storeA)).toBe(before + 1);
    expect(await stockOf(scarce.id)).toBe(10);
  });

  it('refuses an empty cart and a bad line with the field named', async () => {
    const empty = await shopperA.post('/api/orders', { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'items', message: 'Cart is empty' }]);
    const zero = await shopperA.post('/api/orders', { items: [item(1, 0)] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0].path).toBe('items.0.quantity');
    const noId = await shopperA.post('/api/orders', { items: [{ quantity: 1 }] });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors).toEqual([
      { path: 'items.0.product_id', message: 'Invalid cart item' },
    ]);
  });
});

describe('how the shopper gets the order (issue 20)', () => {
  it('keeps the phone and a delivery with its address; staff read them on the order', async () => {
    const product = await createProduct(adminA);
    const response = await shopperA.post('/api/orders', {
      items: [item(product.id, 1)],
      phone: '0712 345 678',
      fulfilment: 'delivery',
      address: 'Ngong Road, Kilimani — blue gate',
    });
    expect(response.statusCode, response.body).toBe(201);
    const expected = {
      phone: '+254712345678',
      fulfilment: 'delivery',
      address: 'Ngong Road, Kilimani — blue gate',
    };
    expect(response.json().data).toMatchObject(expected);
    const id = response.json().data.id as number;
    expect((await cashierA.get(`/api/orders/${id}`)).json().data).toMatchObject(expected);
    const listed = (await adminA.get('/api/orders', { query: { pageSize: 100 } })).json();
    expect(listed.orders.find((o: { id: number }) => o.id === id)).toMatchObject(expected);
  });

  it('keeps a pickup without an address, even when one is sent', async () => {
    const product = await createProduct(adminA);
    const response = await shopperA.post('/api/orders', {
      items: [item(product.id, 1)],
      phone: '+254 722 481 930',
      fulfilment: 'pickup',
      address: 'Not needed',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      phone: '+254722481930',
      fulfilment: 'pickup',
      address: null,
    });
  });

  it("takes the spec's body of items alone as a pickup with no phone", async () => {
    const product = await createProduct(adminA);
    const order = await shopperA.post('/api/orders', { items: [item(product.id, 1)] });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data).toMatchObject({ phone: null, fulfilment: 'pickup', address: null });
  });

  it('refuses a delivery without an address, a bad phone and an unknown fulfilment, naming the field', async () => {
    const product = await createProduct(adminA);
    const before = await ordersCount(storeA);
    const noAddress = await shopperA.post('/api/orders', {
      items: [item(product.id, 1)],
      phone: '0712 345 678',
      fulfilment: 'delivery',
      address: '   ',
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errors).toEqual([
      { path: 'address', message: 'Enter the address for delivery' },
    ]);
    const badPhone = await shopperA.post('/api/orders', {
      items: [item(product.id, 1)],
      phone: '12345',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors[0].path).toBe('phone');
    const unknown = await shopperA.post('/api/orders', {
      items: [item(product.id, 1)],
      fulfilment: 'courier',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: 'fulfilment', message: 'Choose pickup or delivery' },
    ]);
    expect(await ordersCount(storeA)).toBe(before);
  });
});

describe('reading orders', () => {
  it('shows a shopper only their own orders; staff see the store’s', async () => {
    const product = await createProduct(adminA);
    const mine = await placeOrder(shopperA, [item(product.id, 1)]);
    const other = await placeOrder(otherShopperA, [item(product.id, 2)]);

    const myList = (await shopperA.get('/api/orders', { query: { pageSize: 100 } })).json();
    const myIds = myList.orders.map((o: { id: number }) => o.id);
    expect(myIds).toContain(mine.id);
    expect(myIds).not.toContain(other.id);
    expect(
      myList.orders.every((o: { User: { email: string } }) => o.User.email === shopperAUser.email),
    ).toBe(true);
    expect(myList.total).toBe(myList.orders.length);

    expect((await shopperA.get(`/api/orders/${other.id}`)).statusCode).toBe(404);
    expect((await shopperA.get(`/api/orders/${other.id}`)).json()).toMatchObject({
      code: 'order.not_found',
      message: 'Order not found',
    });
    const own = await shopperA.get(`/api/orders/${mine.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ success: true, data: { id: mine.id, items_count: 1 } });

    const staffList = (await cashierA.get('/api/orders', { query: { pageSize: 100 } })).json();
    const staffIds = staffList.orders.map((o: { id: number }) => o.id);
    expect(staffIds).toEqual(expect.arrayContaining([mine.id, other.id]));
    expect((await cashierA.get(`/api/orders/${other.id}`)).statusCode).toBe(200);
    // mine=true narrows anyone to the orders they placed themselves.
    const staffOwn = (await cashierA.get('/api/orders', { query: { mine: 'true' } })).json();
    expect(staffOwn).toMatchObject({ orders: [], total: 0 });
    const shopperMine = (
      await shopperA.get('/api/orders', { query: { mine: 'true', pageSize: 100 } })
    ).json();
    expect(shopperMine.total).toBe(myList.total);
    // A shopper cannot widen their list.
    const widened = (
      await shopperA.get('/api/orders', { query: { mine: 'false', pageSize: 100 } })
    ).json();
    expect(widened.total).toBe(myList.total);
  });

  it("never shows or changes another store's order (404)", async () => {
    const product = await createProduct(adminA);
    const order = await placeOrder(shopperA, [item(product.id, 1)]);
    expect((await cashierB.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await shopperB.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    for (const status of ['shipped', 'fulfilled', 'cancelled']) {
      const response = await move(cashierB, order.id, status);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('order.not_found');
    }
    const superInB = await superAdmin.put(
      `/api/orders/${order.id}/status`,
      { status: 'fulfilled', store_id: storeB },
      { query: { store_id: storeB } },
    );
    expect(superInB.statusCode).toBe(404);
    const listB = (await adminB.get('/api/orders', { query: { pageSize: 100 } })).json();
    expect(listB.orders.map((o: { id: number }) => o.id)).not.toContain(order.id);
    expect((await shopperA.get(`/api/orders/${order.id}`)).json().data.status).toBe('pending');
    expect(await stockOf(product.id)).toBe(100);
    // The super_admin in the right store sees it.
    const superInA = await superAdmin.get(`/api/orders/${order.id}`, {
      query: { store_id: storeA },
    });
    expect(superInA.statusCode).toBe(200);
  });

  it('does not let a shopper move an order (403)', async () => {
    const product = await createProduct(adminA);
    const order = await placeOrder(shopperA, [item(product.id, 1)]);
    const response = await move(shopperA, order.id, 'cancelled');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('auth.forbidden');
  });

  it('pages newest first with { orders, total, page, pageSize }, filtered by status', async () => {
    const store = (await buildStore(t.db, 'Orders paging store')).id;
    const admin = (await signedIn(t, 'admin', store)).client;
    const cashier = (await signedIn(t, 'sales', store)).client;
    const buyer = (await signedIn(t, 'user', store)).client;
    const other = (await signedIn(t, 'user', store)).client;
    const product = await createProduct(admin, {
      name: 'Ketepa 250g',
      sku: 'KET-250',
      piece_buying_price: 100,
      piece_selling_price: 130,
    });
    const ids: number[] = [];
    for (let n = 1; n <= 12; n += 1) {
      ids.push((await placeOrder(buyer, [item(product.id, n)])).id);
    }
    await placeOrder(other, [item(product.id, 1)]);
    await move(cashier, ids[0]!, 'cancelled');
    await move(cashier, ids[1]!, 'shipped');

    const page1 = (await cashier.get('/api/orders', { query: { page: 1, pageSize: 10 } })).json();
    expect(page1).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    expect(page1.orders).toHaveLength(10);
    const page2 = (await cashier.get('/api/orders', { query: { page: 2 } })).json();
    expect(page2).toMatchObject({ total: 13, page: 2, pageSize: 10 });
    expect(page2.orders.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(page2.orders[0]).toMatchObject({
      items_count: 1,
      total_amount: 390,
      items: [{ Product: { name: 'Ketepa 250g', sku: 'KET-250' }, quantity: 3 }],
    });

    const buyerPage2 = (await buyer.get('/api/orders', { query: { page: 2 } })).json();
    expect(buyerPage2.total).toBe(12);
    expect(buyerPage2.orders.map((o: { id: number }) => o.id)).toEqual([ids[1], ids[0]]);

    const pending = (await cashier.get('/api/orders', { query: { status: 'pending' } })).json();
    expect(pending.total).toBe(11);
    const cancelled = (await cashier.get('/api/orders', { query: { status: 'cancelled' } })).json();
    expect(cancelled).toMatchObject({ total: 1, orders: [{ id: ids[0], status: 'cancelled' }] });

    const beyond = (await cashier.get('/api/orders', { query: { page: 5 } })).json();
    expect(beyond).toMatchObject({ orders: [], total: 13 });
    const bad = await cashier.get('/api/orders', { query: { status: 'lost' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
  });
});

describe('PUT /api/orders/:id/status', () => {
  // Reached through allowed moves only: pending → shipped, pending → fulfilled, pending → cancelled.
  const route: Record<string, string[]> = {
    pending: [],
    shipped: ['shipped'],
    fulfilled: ['fulfilled'],
    cancelled: ['cancelled'],
  };
  const expected: [from: string, to: string, answer: number | string][] = [
    ['pending', 'shipped', 200],
    ['pending', 'fulfilled', 200],
    ['pending', 'cancelled', 200],
    ['shipped', 'shipped', 'Order is already shipped'],
    ['shipped', 'fulfilled', 200],
    ['shipped', 'cancelled', 200],
    ['fulfilled', 'shipped', 'Order is already fulfilled'],
    ['fulfilled', 'fulfilled', 'Order is already fulfilled'],
    ['fulfilled', 'cancelled', 'Order is already fulfilled'],
    ['cancelled', 'shipped', 'Cannot move a cancelled order'],
    ['cancelled', 'fulfilled', 'Cannot move a cancelled order'],
    ['cancelled', 'cancelled', 'Order is already cancelled'],
  ];

  it.each(expected)('%s → %s: %s', async (from, to, answer) => {
    const product = await createProduct(adminA, { quantity: 20 });
    const order = await placeOrder(shopperA, [item(product.id, 2)]);
    for (const step of route[from]!) {
      expect((await move(cashierA, order.id, step)).statusCode).toBe(200);
    }
    const stockBefore = await stockOf(product.id);
    const response = await move(cashierA, order.id, to);
    if (answer === 200) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        data: { id: order.id, status: to, items_count: 1 },
      });
      expect((await shopperA.get(`/api/orders/${order.id}`)).json().data.status).toBe(to);
      expect(await stockOf(product.id)).toBe(to === 'fulfilled' ? stockBefore - 2 : stockBefore);
    } else {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(answer);
      expect((await shopperA.get(`/api/orders/${order.id}`)).json().data.status).toBe(from);
      expect(await stockOf(product.id)).toBe(stockBefore);
    }
  });

  it('refuses pending or an unknown status as input (400)', async () => {
    const product = await createProduct(adminA);
    const order = await placeOrder(shopperA, [item(product.id, 1)]);
    for (const status of ['pending', 'lost', '']) {
      const response = await move(cashierA, order.id, status);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'status', message: 'Status must be shipped, fulfilled or cancelled' },
      ]);
    }
    expect((await move(cashierA, 999_999, 'shipped')).statusCode).toBe(404);
  });

  it('takes the stock in pieces at fulfilment, with an order movement per product by the staff member', async () => {
    const flour = await createProduct(adminA, { name: 'Pembe 2kg', pack_size: 6, quantity: 50 });
    const soda = await createProduct(adminA, { name: 'Fanta 500ml', quantity: 30 });
    const order = await placeOrder(shopperA, [
      item(flour.id, 2),
      item(flour.id, 1, 'pack'),
      item(soda.id, 1, 'dozen'),
    ]);
    expect((await move(cashierA, order.id, 'shipped')).statusCode).toBe(200);
    // Shipping takes nothing yet.
    expect(await stockOf(flour.id)).toBe(50);
    const response = await move(cashierA, order.id, 'fulfilled');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('fulfilled');
    // 2 pieces + 1 pack of 6; a dozen is 12 pieces.
    expect(await stockOf(flour.id)).toBe(42);
    expect(await stockOf(soda.id)).toBe(18);
    // One movement per product (the stock ledger's), with what all its lines took.
    const flourMoves = await orderMovements(flour.id);
    expect(flourMoves.map((m) => m.changePieces)).toEqual([-8]);
    const sodaMoves = await orderMovements(soda.id);
    expect(sodaMoves.map((m) => m.changePieces)).toEqual([-12]);
    for (const movement of [...flourMoves, ...sodaMoves]) {
      expect(movement).toMatchObject({
        reference: `ORDER-${order.id}`,
        userId: cashierAId,
        storeId: storeA,
      });
    }
    // The product's history shows it to staff.
    const history = (await adminA.get(`/api/products/${soda.id}/movements`)).json();
    expect(history.data).toContainEqual(
      expect.objectContaining({ reason: 'order', reference: `ORDER-${order.id}` }),
    );
  });

  it('refuses a short fulfilment with 409 naming the product and changes nothing', async () => {
    const plenty = await createProduct(adminA, { quantity: 40 });
    const scarce = await createProduct(adminA, { name: 'Brookside Milk 500ml', quantity: 5 });
    const order = await placeOrder(shopperA, [item(plenty.id, 3), item(scarce.id, 4)]);
    expect((await move(cashierA, order.id, 'shipped')).statusCode).toBe(200);
    // The till sold some meanwhile.
    await t.db.update(products).set({ stockPieces: 3 }).where(eq(products.id, scarce.id));
    const response = await move(cashierA, order.id, 'fulfilled');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'order.insufficient_stock',
      message: 'Insufficient stock for Brookside Milk 500ml',
    });
    expect(await stockOf(plenty.id)).toBe(40);
    expect(await stockOf(scarce.id)).toBe(3);
    expect(await orderMovements(plenty.id)).toEqual([]);
    expect(await orderMovements(scarce.id)).toEqual([]);
    expect((await cashierA.get(`/api/orders/${order.id}`)).json().data.status).toBe('shipped');
    // Restocked, it goes through; cancelling instead was possible all along.
    await t.db.update(products).set({ stockPieces: 5 }).where(eq(products.id, scarce.id));
    expect((await move(cashierA, order.id, 'fulfilled')).statusCode).toBe(200);
    expect(await stockOf(scarce.id)).toBe(1);
  });

  it('refuses to fulfil an order whose product was deleted since', async () => {
    const gone = await createProduct(adminA, { name: 'Omo 500g', quantity: 0 });
    await t.db.update(products).set({ stockPieces: 5 }).where(eq(products.id, gone.id));
    const order = await placeOrder(shopperA, [item(gone.id, 1)]);
    await t.db.delete(products).where(eq(products.id, gone.id));
    const response = await move(cashierA, order.id, 'fulfilled');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Insufficient stock for Omo 500g');
    const read = (await cashierA.get(`/api/orders/${order.id}`)).json().data;
    expect(read).toMatchObject({
      status: 'pending',
      items: [{ product_id: null, Product: { name: 'Omo 500g' } }],
    });
    expect((await move(cashierA, order.id, 'cancelled')).statusCode).toBe(200);
  });

  it('takes the stock once when the same order is fulfilled by several staff at once', async () => {
    const product = await createProduct(adminA, { quantity: 20 });
    const order = await placeOrder(shopperA, [item(product.id, 3), item(product.id, 1, 'pack')]);
    const responses = await Promise.all([
      move(cashierA, order.id, 'fulfilled'),
      move(adminA, order.id, 'fulfilled'),
      move(cashierA, order.id, 'fulfilled'),
      move(adminA, order.id, 'fulfilled'),
    ]);
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe('Order is already fulfilled');
    }
    // pack_size 1: 3 + 1 pieces, once: one movement for the product (the stock ledger's).
    expect(await stockOf(product.id)).toBe(16);
    expect((await orderMovements(product.id)).map((m) => m.changePieces)).toEqual([-4]);
  });

  it('never oversells: orders and sales fulfilled together take at most the stock', async () => {
    const product = await createProduct(adminA, { quantity: 5 });
    const placed = [];
    for (let n = 0; n < 5; n += 1) placed.push(await placeOrder(shopperA, [item(product.id, 2)]));
    const walkIn = (await cashierA.get('/api/customers')).json().data[0].id;
    const responses = await Promise.all([
      ...placed.map((order) => move(cashierA, order.id, 'fulfilled')),
      cashierA.post('/api/sales', {
        items: [{ product_id: product.id, quantity: 1, unit_price: 60, unit_type: 'piece' }],
        total: 60,
        customer_id: walkIn,
        payment_method: 'cash',
      }),
    ]);
    // Whatever the order they run in: two orders of 2 and the sale of 1 fit the 5; no more.
    const codes = responses.slice(0, 5).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    expect(responses[5]!.statusCode, responses[5]!.body).toBe(201);
    expect(await stockOf(product.id)).toBe(0);
    expect(await orderMovements(product.id)).toHaveLength(2);
  });
});
