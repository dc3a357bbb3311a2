/**
 * Stock counts (issue 25; decisions/0016 "Stock counts"): one open count per store, lines
 * counted while sales go on (the adjustment respects what sold since), a later line replacing
 * the earlier, the categories' scope, services refused, zero uncounted, a finished count final
 * (also under two finishes at once), the variance report's values at the buying price, a
 * count clearing 'count needed', store isolation — and, after each, stock equal to the sum of
 * its movements.
 */
import { randomUUID } from 'node:crypto';
import { COUNT_MESSAGES } from '@duka/shared/stock-counts/stock-counts.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createCategory,
  createProduct,
  saleBody,
  saleLine as line,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { holdLocks, untilSomeoneWaitsForALock } from '../../testing/row-locks';
import { stockMovements } from '../products/stock-movements.table';

let t: TestApp;

/** A store of its own for each scenario: one open count per store. */
interface Shop {
  storeId: number;
  manager: TestClient;
  managerId: number;
  cashier: TestClient;
  cashierId: number;
  cashierName: string;
  category: number;
  walkIn: number;
}

async function newShop(): Promise<Shop> {
  const storeId = (await buildStore(t.db)).id;
  const manager = await signedIn(t, 'manager', storeId);
  const cashier = await signedIn(t, 'sales', storeId);
  return {
    storeId,
    manager: manager.client,
    managerId: manager.user.id,
    cashier: cashier.client,
    cashierId: cashier.user.id,
    cashierName: cashier.user.name,
    category: (await createCategory(manager.client)).id,
    walkIn: (await walkInCustomer(manager.client)).id,
  };
}

interface Line {
  product_id: number;
  unit_type: string;
  counted_quantity: number;
  counted_pieces: number;
  expected_pieces: number;
  difference_pieces: number;
  difference_value: number;
  counted_by: { id: number; name: string } | null;
  counted_at: string | null;
}

async function start(client: TestClient, body: Record<string, unknown> = {}) {
  const response = await client.post('/api/stock-counts', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; status: string; products_in_scope: number };
}

async function count(
  client: TestClient,
  id: number,
  lines: { product_id: number; counted_quantity: number; unit_type?: string }[],
) {
  const response = await client.put(`/api/stock-counts/${id}/lines`, {
    lines: lines.map((entry) => ({ unit_type: 'piece', ...entry })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Line[];
}

async function finish(client: TestClient, id: number, body: Record<string, unknown> = {}) {
  const response = await client.post(`/api/stock-counts/${id}/finish`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    status: string;
    lines: Line[];
    total_difference_value: number;
    lines_counted: number;
    zero_uncounted: boolean;
    finished_by: { id: number } | null;
  };
}

async function stockOf(client: TestClient, id: number) {
  return (await client.get(`/api/products/${id}`)).json().data.stock_pieces as number;
}

/** The product's stock equals the sum of its movements (the ledger's invariant). */
async function expectLedgerHolds(client: TestClient, productId: number) {
  const [sum] = await t.db
    .select({ n: sql<number>`coalesce(sum(${stockMovements.changePieces}), 0)::int` })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId));
  expect(await stockOf(client, productId)).toBe(sum!.n);
}

async function countMovements(productId: number) {
  return t.db
    .select()
    .from(stockMovements)
    .where(sql`${stockMovements.productId} = ${productId} and ${stockMovements.reason} = 'count'`);
}

async function sell(shop: Shop, productId: number, quantity: number) {
  const response = await shop.cashier.post(
    '/api/sales',
    saleBody({ items: [line(productId, quantity, 60)], customer_id: shop.walkIn }),
  );
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('starting a count', () => {
  it('starts an open count of the whole store; a second one while it is open is 409', async () => {
    const shop = await newShop();
    const goods = await createProduct(shop.manager, { category_id: shop.category });
    await createProduct(shop.manager, { category_id: shop.category, is_active: false });
    await createProduct(shop.manager, {
      category_id: shop.category,
      kind: 'service',
      quantity: 0,
    });
    const created = await shop.manager.post('/api/stock-counts', {});
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json().data;
    expect(first).toMatchObject({
      store_id: shop.storeId,
      status: 'open',
      categories: null,
      zero_uncounted: false,
      started_by: { id: shop.managerId },
      finished_by: null,
      finished_at: null,
      // The goods, active or not; the service has no stock to count.
      products_in_scope: 2,
      lines_counted: 0,
      total_difference_value: 0,
    });

    const again = await shop.manager.post('/api/stock-counts', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COUNT_MESSAGES.alreadyOpen);
    // A cashier counts but does not start or finish.
    expect((await shop.cashier.post('/api/stock-counts', {})).statusCode).toBe(403);
    expect((await shop.cashier.post(`/api/stock-counts/${first.id}/finish`, {})).statusCode).toBe(
      403,
    );

    await count(shop.cashier, first.id, [{ product_id: goods.id, counted_quantity: 100 }]);
    await finish(shop.manager, first.id);
    const second = await start(shop.manager);

    const listed = await shop.cashier.get('/api/stock-counts');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ total: 2, page: 1 });
    expect(listed.json().data.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    const open = await shop.cashier.get('/api/stock-counts', { query: { status: 'open' } });
    expect(open.json().data.map((c: { id: number }) => c.id)).toEqual([second.id]);
    const finished = await shop.cashier.get('/api/stock-counts', {
      query: { status: 'finished' },
    });
    expect(finished.json().data).toEqual([
      expect.objectContaining({ id: first.id, status: 'finished', lines_counted: 1 }),
    ]);
  });

  it("starts a count of the store's categories and refuses another store's", async () => {
    const shop = await newShop();
    const other = await newShop();
    const drinks = await createCategory(shop.manager, 'Drinks');
    const refused = await shop.manager.post('/api/stock-counts', {
      category_ids: [drinks.id, other.category],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'category_ids.1', message: COUNT_MESSAGES.categoryNotFound },
    ]);
    const none = await shop.manager.post('/api/stock-counts', { category_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toBe('category_ids');
    await createProduct(shop.manager, { category_id: drinks.id });
    await createProduct(shop.manager, { category_id: shop.category });
    const scoped = await start(shop.manager, { category_ids: [drinks.id] });
    expect(scoped).toMatchObject({
      categories: [{ id: drinks.id, name: 'Drinks' }],
      products_in_scope: 1,
    });
  });
});

describe('counting while sales go on', () => {
  it('adjusts by counted − expected on top of what sold since the line was counted', async () => {
    const shop = await newShop();
    const product = await createProduct(shop.manager, {
      category_id: shop.category,
      quantity: 12,
    });
    const { id } = await start(shop.manager);
    const [written] = await count(shop.cashier, id, [
      { product_id: product.id, counted_quantity: 10 },
    ]);
    expect(written).toMatchObject({
      product_id: product.id,
      unit_type: 'piece',
      counted_quantity: 10,
      counted_pieces: 10,
      expected_pieces: 12,
      difference_pieces: -2,
      counted_by: { id: shop.cashierId, name: shop.cashierName },
    });
    // The shelf goes on selling: 3 more leave after the line was counted.
    await sell(shop, product.id, 3);
    expect(await stockOf(shop.manager, product.id)).toBe(9);
    const progress = (await shop.cashier.get(`/api/stock-counts/${id}`)).json().data;
    expect(progress).toMatchObject({ status: 'open', lines_counted: 1, products_in_scope: 1 });

    const report = await finish(shop.manager, id);
    expect(report).toMatchObject({ status: 'finished', finished_by: { id: shop.managerId } });
    expect(report.lines).toEqual([
      expect.objectContaining({ expected_pieces: 12, counted_pieces: 10, difference_pieces: -2 }),
    ]);
    // 12 − 3 sold − 2 short: the sale is not counted twice.
    expect(await stockOf(shop.manager, product.id)).toBe(7);
    const moves = await countMovements(product.id);
    expect(moves).toEqual([
      expect.objectContaining({
        changePieces: -2,
        reference: `COUNT-${id}`,
        userId: shop.managerId,
      }),
    ]);
    const history = (await shop.manager.get(`/api/products/${product.id}/movements`)).json();
    expect(history.data[0]).toMatchObject({
      reason: 'count',
      change_pieces: -2,
      reference: `COUNT-${id}`,
    });
    await expectLedgerHolds(shop.manager, product.id);
  });

  it('replaces an earlier line of the same product with the later one and a fresh expected', async () => {
    const shop = await newShop();
    const product = await createProduct(shop.manager, {
      category_id: shop.category,
      quantity: 30,
      pack_size: 6,
    });
    const { id } = await start(shop.manager);
    await count(shop.manager, id, [{ product_id: product.id, counted_quantity: 20 }]);
    await sell(shop, product.id, 4);
    // Counted again, in packs, by someone else: 4 packs of 6.
    const [again] = await count(shop.cashier, id, [
      { product_id: product.id, counted_quantity: 4, unit_type: 'pack' },
    ]);
    expect(again).toMatchObject({
      unit_type: 'pack',
      counted_quantity: 4,
      counted_pieces: 24,
      expected_pieces: 26,
      difference_pieces: -2,
      counted_by: { id: shop.cashierId },
    });
    const detail = (await shop.manager.get(`/api/stock-counts/${id}`)).json().data;
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({ counted_pieces: 24, expected_pieces: 26 });
    await finish(shop.manager, id);
    expect(await stockOf(shop.manager, product.id)).toBe(24);
    await expectLedgerHolds(shop.manager, product.id);
  });

  it("refuses a product outside the count's categories, another store's, and a service", async () => {
    const shop = await newShop();
    const other = await newShop();
    const drinks = await createCategory(shop.manager, 'Drinks');
    const inside = await createProduct(shop.manager, { category_id: drinks.id, quantity: 5 });
    const outside = await createProduct(shop.manager, {
      category_id: shop.category,
      quantity: 5,
    });
    const service = await createProduct(shop.manager, {
      category_id: drinks.id,
      kind: 'service',
      quantity: 0,
    });
    const theirs = await createProduct(other.manager, { category_id: other.category });
    const { id } = await start(shop.manager, { category_ids: [drinks.id] });

    for (const [product, message] of [
      [outside.id, COUNT_MESSAGES.notInCount],
      [theirs.id, COUNT_MESSAGES.notInCount],
      [service.id, COUNT_MESSAGES.service],
    ] as const) {
      const response = await shop.cashier.put(`/api/stock-counts/${id}/lines`, {
        lines: [
          { product_id: inside.id, counted_quantity: 5, unit_type: 'piece' },
          { product_id: product, counted_quantity: 1, unit_type: 'piece' },
        ],
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'lines.1.product_id', message }]);
    }
    // Nothing of a refused request was written.
    const detail = (await shop.manager.get(`/api/stock-counts/${id}`)).json().data;
    expect(detail.lines).toEqual([]);
    const duplicate = await shop.cashier.put(`/api/stock-counts/${id}/lines`, {
      lines: [
        { product_id: inside.id, counted_quantity: 5, unit_type: 'piece' },
        { product_id: inside.id, counted_quantity: 4, unit_type: 'piece' },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual([
      { path: 'lines.1.product_id', message: COUNT_MESSAGES.duplicate },
    ]);
  });

  it('refuses a count more pieces than any stock holds (400 on the quantity, never a 500)', async () => {
    const shop = await newShop();
    const crates = await createProduct(shop.manager, {
      category_id: shop.category,
      pack_size: 10_000,
      quantity: 1,
    });
    const { id } = await start(shop.manager);
    // 1,000,000 packs of 10,000: 10^10 pieces, beyond STOCK_PIECES_MAX and an integer column.
    for (const counted_quantity of [1_000_000, 100_001]) {
      const response = await shop.cashier.put(`/api/stock-counts/${id}/lines`, {
        lines: [{ product_id: crates.id, counted_quantity, unit_type: 'pack' }],
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([
        {
          path: 'lines.0.counted_quantity',
          message: 'Counted quantity is too large for this unit',
        },
      ]);
    }
    // The bound itself is a count like any other.
    const [line] = await count(shop.cashier, id, [
      { product_id: crates.id, counted_quantity: 100_000, unit_type: 'pack' },
    ]);
    expect(line!.counted_pieces).toBe(1_000_000_000);
  });
});

describe('zero uncounted', () => {
  it('takes the uncounted products of the scope to zero, leaving the others as they were', async () => {
    const shop = await newShop();
    const drinks = await createCategory(shop.manager, 'Drinks');
    const counted = await createProduct(shop.manager, { category_id: drinks.id, quantity: 6 });
    const uncounted = await createProduct(shop.manager, {
      category_id: drinks.id,
      quantity: 8,
    });
    const empty = await createProduct(shop.manager, { category_id: drinks.id, quantity: 0 });
    const elsewhere = await createProduct(shop.manager, {
      category_id: shop.category,
      quantity: 5,
    });
    const { id } = await start(shop.manager, { category_ids: [drinks.id] });
    await count(shop.cashier, id, [{ product_id: counted.id, counted_quantity: 6 }]);
    const report = await finish(shop.manager, id, { zero_uncounted: true });
    expect(report.zero_uncounted).toBe(true);
    expect(report.lines_counted).toBe(2);
    const zeroed = report.lines.find((entry) => entry.product_id === uncounted.id);
    expect(zeroed).toMatchObject({
      unit_type: 'piece',
      counted_quantity: 0,
      counted_pieces: 0,
      expected_pieces: 8,
      difference_pieces: -8,
      difference_value: -400,
      counted_by: null,
    });
    expect(report.lines.map((entry) => entry.product_id)).not.toContain(empty.id);
    expect(await stockOf(shop.manager, uncounted.id)).toBe(0);
    expect(await stockOf(shop.manager, counted.id)).toBe(6);
    expect(await stockOf(shop.manager, elsewhere.id)).toBe(5);
    expect(await countMovements(uncounted.id)).toEqual([
      expect.objectContaining({ changePieces: -8, reference: `COUNT-${id}` }),
    ]);
    expect(await countMovements(elsewhere.id)).toEqual([]);
    for (const product of [counted, uncounted, empty, elsewhere]) {
      await expectLedgerHolds(shop.manager, product.id);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'locks the counted and the zeroed products in one id order, as a sale does (PostgreSQL)',
    async () => {
      const shop = await newShop();
      const low = await createProduct(shop.manager, { category_id: shop.category, quantity: 10 });
      const high = await createProduct(shop.manager, {
        category_id: shop.category,
        quantity: 7,
      });
      expect(low.id).toBeLessThan(high.id);
      const { id } = await start(shop.manager);
      await count(shop.cashier, id, [{ product_id: low.id, counted_quantity: 9 }]);
      // A sale holds the lower product and is about to lock the higher (the ledger's order)…
      const sale = holdLocks(t.db, (tx) =>
        tx.execute(sql`select id from products where id = ${low.id} for update`),
      );
      await sale.held;
      const finishing = shop.manager.post(`/api/stock-counts/${id}/finish`, {
        zero_uncounted: true,
      });
      await untilSomeoneWaitsForALock(t.db);
      // …and the finish waits for the lower without holding the higher (the one it zeroes).
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from products where id = ${high.id} for update nowait`);
      });
      sale.release();
      await sale.done;
      const response = await finishing;
      expect(response.statusCode, response.body).toBe(200);
      expect(await stockOf(shop.manager, low.id)).toBe(9);
      expect(await stockOf(shop.manager, high.id)).toBe(0);
      await expectLedgerHolds(shop.manager, low.id);
      await expectLedgerHolds(shop.manager, high.id);
    },
  );

  it('leaves the uncounted products as they were without it', async () => {
    const shop = await newShop();
    const counted = await createProduct(shop.manager, { category_id: shop.category, quantity: 6 });
    const uncounted = await createProduct(shop.manager, {
      category_id: shop.category,
      quantity: 8,
    });
    const { id } = await start(shop.manager);
    await count(shop.cashier, id, [{ product_id: counted.id, counted_quantity: 5 }]);
    const report = await finish(shop.manager, id, { zero_uncounted: false });
    expect(report.lines.map((entry) => entry.product_id)).toEqual([counted.id]);
    expect(await stockOf(shop.manager, uncounted.id)).toBe(8);
    expect(await stockOf(shop.manager, counted.id)).toBe(5);
    expect(await countMovements(uncounted.id)).toEqual([]);
  });
});

describe('a finished count is final', () => {
  it('refuses lines and a second finish with 409', async () => {
    const shop = await newShop();
    const product = await createProduct(shop.manager, { category_id: shop.category, quantity: 4 });
    const { id } = await start(shop.manager);
    await count(shop.cashier, id, [{ product_id: product.id, counted_quantity: 3 }]);
    const report = await finish(shop.manager, id);

    const lines = await shop.cashier.put(`/api/stock-counts/${id}/lines`, {
      lines: [{ product_id: product.id, counted_quantity: 1, unit_type: 'piece' }],
    });
    expect(lines.statusCode).toBe(409);
    expect(lines.json().message).toBe(COUNT_MESSAGES.finished);
    const again = await shop.manager.post(`/api/stock-counts/${id}/finish`, {
      zero_uncounted: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COUNT_MESSAGES.finished);
    // The report stands as frozen, the stock as adjusted once.
    expect((await shop.manager.get(`/api/stock-counts/${id}`)).json().data).toEqual(
      expect.objectContaining({ lines: report.lines, zero_uncounted: false }),
    );
    expect(await stockOf(shop.manager, product.id)).toBe(3);
    expect(await countMovements(product.id)).toHaveLength(1);
  });

  it('lets one of two finishes at once through, adjusting the stock once', async () => {
    const shop = await newShop();
    const other = (await signedIn(t, 'admin', shop.storeId)).client;
    const product = await createProduct(shop.manager, { category_id: shop.category, quantity: 9 });
    const { id } = await start(shop.manager);
    await count(shop.cashier, id, [{ product_id: product.id, counted_quantity: 7 }]);
    const answers = await Promise.all([
      shop.manager.post(`/api/stock-counts/${id}/finish`, {}),
      other.post(`/api/stock-counts/${id}/finish`, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(shop.manager, product.id)).toBe(7);
    expect(await countMovements(product.id)).toHaveLength(1);
    await expectLedgerHolds(shop.manager, product.id);
  });
});

describe('lines and a finish at once', () => {
  it('either counts the line into the finish or refuses it: never a line left unposted', async () => {
    const shop = await newShop();
    const first = await createProduct(shop.manager, { category_id: shop.category, quantity: 10 });
    const late = await createProduct(shop.manager, { category_id: shop.category, quantity: 10 });
    const { id } = await start(shop.manager);
    await count(shop.cashier, id, [{ product_id: first.id, counted_quantity: 9 }]);
    const [lines, finished] = await Promise.all([
      shop.cashier.put(`/api/stock-counts/${id}/lines`, {
        lines: [{ product_id: late.id, counted_quantity: 8, unit_type: 'piece' }],
      }),
      shop.manager.post(`/api/stock-counts/${id}/finish`, {}),
    ]);
    expect(finished.statusCode, finished.body).toBe(200);
    const report = (await shop.manager.get(`/api/stock-counts/${id}`)).json().data;
    const posted = report.lines.find((entry: Line) => entry.product_id === late.id);
    if (lines.statusCode === 200) {
      // Written before the finish took the count: in the report and on the shelf.
      expect(posted).toMatchObject({ difference_pieces: -2 });
      expect(await stockOf(shop.manager, late.id)).toBe(8);
    } else {
      expect(lines.statusCode, lines.body).toBe(409);
      expect(posted).toBeUndefined();
      expect(await stockOf(shop.manager, late.id)).toBe(10);
    }
    expect(await stockOf(shop.manager, first.id)).toBe(9);
    await expectLedgerHolds(shop.manager, late.id);
  });
});

describe('the variance report', () => {
  it('values each difference at the buying price of one piece, and totals them', async () => {
    const shop = await newShop();
    const zero = { piece_buying_price: 0, pack_buying_price: 0, dozen_buying_price: 0 };
    const byPiece = await createProduct(shop.manager, {
      category_id: shop.category,
      quantity: 5,
      piece_buying_price: 50,
    });
    const byPack = await createProduct(shop.manager, {
      category_id: shop.category,
      quantity: 12,
      ...zero,
      pack_size: 6,
      pack_buying_price: 280,
    });
    const byDozen = await createProduct(shop.manager, {
      category_id: shop.category,
      quantity: 24,
      ...zero,
      dozen_buying_price: 550,
    });
    const exact = await createProduct(shop.manager, { category_id: shop.category, quantity: 3 });
    const { id } = await start(shop.manager);
    const written = await count(shop.cashier, id, [
      { product_id: byPiece.id, counted_quantity: 3 },
      { product_id: byPack.id, counted_quantity: 11 },
      { product_id: byDozen.id, counted_quantity: 25 },
      { product_id: exact.id, counted_quantity: 3 },
    ]);
    // Answered in the order sent, valued already.
    expect(written.map((entry) => [entry.product_id, entry.difference_value])).toEqual([
      [byPiece.id, -100],
      [byPack.id, -46.67],
      [byDozen.id, 45.83],
      [exact.id, 0],
    ]);
    const open = (await shop.manager.get(`/api/stock-counts/${id}`)).json().data;
    expect(open.total_difference_value).toBe(-100.84);

    const report = await finish(shop.manager, id);
    const values = Object.fromEntries(
      report.lines.map((entry) => [entry.product_id, entry.difference_value]),
    );
    // −2 × 50; −1 × 280 / 6; +1 × 550 / 12; 0.
    expect(values).toEqual({
      [byPiece.id]: -100,
      [byPack.id]: -46.67,
      [byDozen.id]: 45.83,
      [exact.id]: 0,
    });
    expect(report.total_difference_value).toBe(-100.84);
    // Frozen: a later price change does not move a finished report.
    const repriced = await shop.manager.put(`/api/products/${byPiece.id}`, {
      piece_buying_price: 70,
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const after = (await shop.manager.get(`/api/stock-counts/${id}`)).json().data;
    expect(after.total_difference_value).toBe(-100.84);
    expect(after.lines.find((entry: Line) => entry.product_id === byPiece.id)).toMatchObject({
      difference_value: -100,
    });
    for (const product of [byPiece, byPack, byDozen, exact]) {
      await expectLedgerHolds(shop.manager, product.id);
    }
  });
});

describe('a difference too large to value', () => {
  it('is 409 at the finish, never a 500; the count stays open and a line counted again fixes it', async () => {
    const shop = await newShop();
    // KSh 10,000,000 a piece (the largest price), in packs of 10,000.
    const gold = await createProduct(shop.manager, {
      category_id: shop.category,
      piece_buying_price: 10_000_000,
      pack_size: 10_000,
      quantity: 1,
    });
    const { id } = await start(shop.manager);
    // 100,000 packs typed for 1 piece: 10^9 pieces, KSh 10^16 — beyond numeric(16,2).
    await count(shop.cashier, id, [
      { product_id: gold.id, counted_quantity: 100_000, unit_type: 'pack' },
    ]);
    const refused = await shop.manager.post(`/api/stock-counts/${id}/finish`, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      'The differences are too large to value: count the products far off again',
    );
    expect(await stockOf(shop.manager, gold.id)).toBe(1);
    expect(await countMovements(gold.id)).toEqual([]);
    await count(shop.cashier, id, [{ product_id: gold.id, counted_quantity: 0 }]);
    const report = await finish(shop.manager, id);
    expect(report.total_difference_value).toBe(-10_000_000);
    expect(await stockOf(shop.manager, gold.id)).toBe(0);
    await expectLedgerHolds(shop.manager, gold.id);
  });
});

describe("'count needed'", () => {
  it('clears a product left below zero by an offline sale once it is counted', async () => {
    const shop = await newShop();
    const product = await createProduct(shop.manager, { category_id: shop.category, quantity: 2 });
    const offline = await shop.cashier.post(
      '/api/sales',
      saleBody({
        items: [line(product.id, 5, 60)],
        customer_id: shop.walkIn,
        client_sale_id: randomUUID(),
        sold_at: new Date(t.clock.now().getTime() - 60 * 60 * 1000).toISOString(),
        offline: true,
      }),
    );
    expect(offline.statusCode, offline.body).toBe(201);
    expect(await stockOf(shop.manager, product.id)).toBe(-3);
    const needed = async () =>
      (await shop.manager.get('/api/products', { query: { count_needed: 'true', pageSize: 100 } }))
        .json()
        .data.map((entry: { id: number }) => entry.id);
    expect(await needed()).toContain(product.id);

    const { id } = await start(shop.manager);
    const [written] = await count(shop.cashier, id, [
      { product_id: product.id, counted_quantity: 4 },
    ]);
    expect(written).toMatchObject({ expected_pieces: -3, difference_pieces: 7 });
    await finish(shop.manager, id);
    expect(await stockOf(shop.manager, product.id)).toBe(4);
    expect(await needed()).not.toContain(product.id);
    await expectLedgerHolds(shop.manager, product.id);
  });
});

describe('store isolation', () => {
  it("answers 404 for another store's count on every route and lists none of it", async () => {
    const shop = await newShop();
    const other = await newShop();
    const product = await createProduct(shop.manager, { category_id: shop.category, quantity: 4 });
    const { id } = await start(shop.manager);
    await count(shop.cashier, id, [{ product_id: product.id, counted_quantity: 4 }]);

    expect((await other.manager.get(`/api/stock-counts/${id}`)).statusCode).toBe(404);
    const lines = await other.cashier.put(`/api/stock-counts/${id}/lines`, {
      lines: [{ product_id: product.id, counted_quantity: 1, unit_type: 'piece' }],
    });
    expect(lines.statusCode).toBe(404);
    expect(lines.json().message).toBe(COUNT_MESSAGES.notFound);
    expect((await other.manager.post(`/api/stock-counts/${id}/finish`, {})).statusCode).toBe(404);
    expect((await other.manager.get('/api/stock-counts')).json()).toMatchObject({
      data: [],
      total: 0,
    });
    // Their own count is theirs alone: store A's open count does not block it.
    await start(other.manager);
    const mine = (await shop.manager.get(`/api/stock-counts/${id}`)).json().data;
    expect(mine).toMatchObject({ status: 'open', lines_counted: 1 });
    expect(mine.lines[0]).toMatchObject({ counted_pieces: 4 });
  });
});
