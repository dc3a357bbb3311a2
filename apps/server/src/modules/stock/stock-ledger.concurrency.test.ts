/**
 * The stock ledger under load (issue 21): a purchase order's receipt, sales at the till, an
 * order's fulfilment, a product's stock count and a CSV import, all at once on the same
 * products, their lines in opposite orders, round after round. On PostgreSQL (TEST_DATABASE_URL)
 * they run on a pool of connections, truly at once: none may deadlock (a 500) or fail, and
 * every product's stock must equal the sum of its movements. On PGlite (one connection) they
 * take turns, and the sums must hold all the same.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createProduct,
  saleBody,
  saleLine,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { stockMovements } from '../products/stock-movements.table';

const ROUNDS = 8;
const OPENING = 10_000;

let t: TestApp;
let storeId: number;
let admin: TestClient;
let manager: TestClient;
let cashier: TestClient;
let shopper: TestClient;
let supplierId: number;
let walkIn: number;
let goods: { id: number; sku: string; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  storeId = (await buildStore(t.db, 'Ledger Store')).id;
  admin = (await signedIn(t, 'admin', storeId)).client;
  manager = (await signedIn(t, 'manager', storeId)).client;
  cashier = (await signedIn(t, 'sales', storeId)).client;
  shopper = (await signedIn(t, 'user', storeId)).client;
  goods = [];
  for (const name of ['Unga 2kg', 'Sugar 1kg', 'Kimbo 1kg', 'Omo 500g']) {
    goods.push(await createProduct(admin, { name, quantity: OPENING }));
  }
  const supplier = await admin.post('/api/suppliers', {
    name: 'Thika Millers',
    email: 'orders@example.co.ke',
    phone: '0712 345 678',
    address: 'Industrial Area, Nairobi',
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  supplierId = supplier.json<{ id: number }>().id;
  walkIn = (await walkInCustomer(cashier)).id;
});
afterAll(() => t.close());

/** An approved purchase order of 3 pieces of every product, its lines last id first. */
async function approvedPurchaseOrder() {
  const created = await admin.post('/api/purchase-orders', {
    supplier_id: supplierId,
    expected_delivery_date: '2026-12-01',
    items: [...goods].reverse().map((product) => ({
      product_id: product.id,
      quantity: 3,
      buying_price: 50,
      selling_price: 60,
      unit_type: 'piece',
    })),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const approved = await manager.put(`/api/purchase-orders/${id}/status`, { status: 'approved' });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

/** A shopper's order of 2 pieces of every product, its lines last id first. */
async function placedOrder() {
  const placed = await shopper.post('/api/orders', {
    items: [...goods].reverse().map((product) => ({
      product_id: product.id,
      quantity: 2,
      unit_type: 'piece',
      unit_price: 60,
    })),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ data: { id: number } }>().data.id;
}

/** A cash sale of 1 piece of each product in `order`. */
const sale = (order: typeof goods) =>
  cashier.post(
    '/api/sales',
    saleBody({
      items: order.map((product) => saleLine(product.id, 1, 60)),
      customer_id: walkIn,
    }),
  );

/** A CSV import setting every product's quantity, last SKU first. */
const importQuantities = (quantity: number) =>
  manager.post('/api/products/import', {
    csv:
      'name,sku,piece_selling_price,quantity\r\n' +
      [...goods]
        .reverse()
        .map((product) => `${product.name},${product.sku},60,${quantity}`)
        .join('\r\n') +
      '\r\n',
    commit: true,
  });

async function stockAndMovements() {
  const result: unknown = await t.db.execute(sql`
    select p.id, p.stock_pieces as stock, coalesce(sum(m.change_pieces), 0)::int as moved
    from products p left join stock_movements m on m.product_id = p.id
    where p.store_id = ${storeId}
    group by p.id order by p.id`);
  return (result as { rows: { id: number; stock: number; moved: number }[] }).rows;
}

describe('the stock ledger, with every writer at once', () => {
  it('never deadlocks, and every stock is the sum of its movements', async () => {
    const ascending = [...goods];
    const descending = [...goods].reverse();
    for (let round = 0; round < ROUNDS; round += 1) {
      const purchaseOrder = await approvedPurchaseOrder();
      const order = await placedOrder();
      const counted = goods[round % goods.length]!;
      const responses: LightMyRequestResponse[] = await Promise.all([
        sale(ascending),
        admin.put(`/api/purchase-orders/${purchaseOrder}/status`, { status: 'received' }),
        sale(descending),
        manager.put(`/api/orders/${order}/status`, { status: 'fulfilled' }),
        manager.put(`/api/products/${counted.id}`, {
          quantity: OPENING + round,
          stock_reason: 'count',
        }),
        sale(descending),
        // Every other round, the whole catalogue counted again from a file.
        ...(round % 2 === 1 ? [importQuantities(OPENING - round)] : []),
        sale(ascending),
      ]);
      for (const response of responses) {
        expect(response.statusCode, response.body).toBeLessThan(300);
      }
    }

    const after = await stockAndMovements();
    expect(after).toHaveLength(goods.length);
    for (const product of after) expect(product.stock).toBe(product.moved);

    // Each movement's reason is one of the writers', and each writer wrote one per product
    // and round (sales: four a round; the import: every other round).
    const reasons = await t.db
      .select({ reason: stockMovements.reason, n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.storeId, storeId))
      .groupBy(stockMovements.reason);
    const byReason = Object.fromEntries(reasons.map((row) => [row.reason, row.n]));
    expect(byReason).toMatchObject({
      initial: goods.length,
      sale: ROUNDS * 4 * goods.length,
      purchase_order: ROUNDS * goods.length,
      order: ROUNDS * goods.length,
    });
    // A count or an import that found the stock already at its figure writes nothing.
    expect(byReason.adjustment).toBeLessThanOrEqual(ROUNDS);
    expect(byReason.import).toBeLessThanOrEqual((ROUNDS / 2) * goods.length);
  });
});
