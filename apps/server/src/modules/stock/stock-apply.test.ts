/**
 * stock_apply, the stock ledger's SQL function (migration 0023, decision 0007), called as the
 * till's write_sale and the services call it: its checks, its movements and what it answers.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { postgresErrorOf } from '../../lib/errors';
import { openTestDatabase } from '../../testing/test-database';
import { buildStore, buildUser } from '../../testing/factories';
import { products } from '../products/products.table';
import { stockMovements } from '../products/stock-movements.table';

let handle: DatabaseHandle;
let storeId: number;
let otherStoreId: number;
let userId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  storeId = (await buildStore(handle.db)).id;
  otherStoreId = (await buildStore(handle.db)).id;
  userId = (await buildUser(handle.db, { role: 'manager', storeId })).id;
});
afterAll(() => handle.close());

let skus = 0;
async function product(
  attributes: { stock?: number; kind?: 'goods' | 'service'; store?: number; name?: string } = {},
) {
  skus += 1;
  const [row] = await handle.db
    .insert(products)
    .values({
      storeId: attributes.store ?? storeId,
      name: attributes.name ?? `Product ${skus}`,
      sku: `SA${skus}`,
      stockPieces: attributes.stock ?? 0,
      kind: attributes.kind ?? 'goods',
    })
    .returning();
  return row!;
}

interface Call {
  ids: number[];
  changes: number[];
  reason?: string;
  reference?: string | null;
  allowNegative?: boolean;
  note?: string | null;
}

async function apply(call: Call) {
  const result: unknown = await handle.db.execute(sql`
    select product_id, stock_pieces from stock_apply(${storeId}::integer,
      ${`{${call.ids.join(',')}}`}::integer[], ${`{${call.changes.join(',')}}`}::bigint[],
      ${call.reason ?? 'adjustment'}::text, ${call.reference ?? null}::text, ${userId}::integer,
      ${call.allowNegative ?? false}::boolean, ${call.note ?? null}::text)`);
  return (result as { rows: { product_id: number; stock_pieces: number }[] }).rows;
}

async function failure(call: Call) {
  try {
    await apply(call);
  } catch (error) {
    const found = error as {
      code?: string;
      detail?: string;
      cause?: { code?: string; detail?: string };
    };
    const cause = found.code ? found : found.cause;
    return { code: cause?.code, detail: cause?.detail };
  }
  throw new Error('stock_apply did not fail');
}

const stockOf = async (id: number) =>
  (await handle.db.select().from(products).where(eq(products.id, id)))[0]!.stockPieces;
const movementsOf = (id: number) =>
  handle.db.select().from(stockMovements).where(eq(stockMovements.productId, id));

describe('stock_apply', () => {
  it('sums the changes per product, writes one movement each and answers the new stock', async () => {
    const sugar = await product({ stock: 10 });
    const salt = await product({ stock: 4 });
    const rows = await apply({
      ids: [salt.id, sugar.id, salt.id],
      changes: [-1, 5, -2],
      reason: 'purchase_order',
      reference: 'PO-7',
    });
    expect(rows).toEqual([
      { product_id: salt.id, stock_pieces: 1 },
      { product_id: sugar.id, stock_pieces: 15 },
    ]);
    expect(await stockOf(sugar.id)).toBe(15);
    expect(await stockOf(salt.id)).toBe(1);
    const moves = await movementsOf(salt.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      storeId,
      changePieces: -3,
      reason: 'purchase_order',
      reference: 'PO-7',
      userId,
      adjustmentReason: null,
    });
  });

  it('refuses stock below 0 with DK003 naming the first such product, and writes nothing', async () => {
    const rice = await product({ stock: 5, name: 'Rice 1kg' });
    const oil = await product({ stock: 1, name: 'Oil 1L' });
    const beans = await product({ stock: 0, name: 'Beans 1kg' });
    expect(
      await failure({ ids: [rice.id, oil.id, beans.id, oil.id], changes: [-2, -1, -1, -1] }),
    ).toEqual({ code: 'DK003', detail: 'Oil 1L' });
    expect([await stockOf(rice.id), await stockOf(oil.id), await stockOf(beans.id)]).toEqual([
      5, 1, 0,
    ]);
    expect(await movementsOf(rice.id)).toHaveLength(0);
  });

  it('takes stock below 0 when the caller allows it', async () => {
    const milk = await product({ stock: 2 });
    const rows = await apply({
      ids: [milk.id],
      changes: [-5],
      reason: 'sale',
      reference: 'SALE-1',
      allowNegative: true,
    });
    expect(rows).toEqual([{ product_id: milk.id, stock_pieces: -3 }]);
    expect(await stockOf(milk.id)).toBe(-3);
    expect((await movementsOf(milk.id)).map((move) => move.changePieces)).toEqual([-5]);
  });

  it('ignores a service: no stock, no movement, nothing answered', async () => {
    const delivery = await product({ kind: 'service' });
    const bread = await product({ stock: 3 });
    const rows = await apply({ ids: [delivery.id, bread.id], changes: [-1, -1], reason: 'sale' });
    expect(rows).toEqual([{ product_id: bread.id, stock_pieces: 2 }]);
    expect(await stockOf(delivery.id)).toBe(0);
    expect(await movementsOf(delivery.id)).toHaveLength(0);
  });

  it('writes no movement for a product whose changes cancel out', async () => {
    const tea = await product({ stock: 3 });
    expect(await apply({ ids: [tea.id, tea.id], changes: [4, -4] })).toEqual([]);
    expect(await movementsOf(tea.id)).toHaveLength(0);
  });

  it("refuses another store's product with DK002 and the element's index", async () => {
    const ours = await product({ stock: 3 });
    const theirs = await product({ stock: 3, store: otherStoreId });
    expect(await failure({ ids: [ours.id, theirs.id], changes: [-1, -1] })).toEqual({
      code: 'DK002',
      detail: '1',
    });
    expect(await failure({ ids: [ours.id, 999_999], changes: [1, 1] })).toEqual({
      code: 'DK002',
      detail: '1',
    });
    expect(await stockOf(ours.id)).toBe(3);
    expect(await stockOf(theirs.id)).toBe(3);
  });

  it("records an adjustment's reason", async () => {
    const soap = await product({ stock: 3 });
    await apply({ ids: [soap.id], changes: [-1], reason: 'adjustment', note: 'damage' });
    const [move] = await handle.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, soap.id), eq(stockMovements.reason, 'adjustment')));
    expect(move).toMatchObject({ changePieces: -1, adjustmentReason: 'damage' });
  });
});

describe('stock below 0', () => {
  it('is refused to any other writer, as the CHECK refused it (23514)', async () => {
    const jam = await product({ stock: 1 });
    const error = await handle.db
      .execute(sql`update products set stock_pieces = -1 where id = ${jam.id}`)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(postgresErrorOf(error)).toMatchObject({
      code: '23514',
      constraint: 'products_stock_not_negative',
    });
    expect(await stockOf(jam.id)).toBe(1);
  });

  it('lets the allowed statement alone through: the next write is refused again', async () => {
    const flour = await product({ stock: 1 });
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select * from stock_apply(${storeId}::integer,
        ${`{${flour.id}}`}::integer[], '{-3}'::bigint[], 'sale', null, null, true)`);
      // In a savepoint: the refusal rolls back this write alone.
      await expect(
        tx.transaction((savepoint) =>
          savepoint.execute(sql`update products set stock_pieces = -5 where id = ${flour.id}`),
        ),
      ).rejects.toThrow();
    });
    expect(await stockOf(flour.id)).toBe(-2);
  });

  it('may come back up, even while still below 0; taking more is refused', async () => {
    const eggs = await product({ stock: 0, name: 'Eggs' });
    await apply({ ids: [eggs.id], changes: [-10], reason: 'sale', allowNegative: true });
    const rows = await apply({ ids: [eggs.id], changes: [4], reason: 'purchase_order' });
    expect(rows).toEqual([{ product_id: eggs.id, stock_pieces: -6 }]);
    expect(await failure({ ids: [eggs.id], changes: [-1], reason: 'sale' })).toEqual({
      code: 'DK003',
      detail: 'Eggs',
    });
    expect(await stockOf(eggs.id)).toBe(-6);
  });
});
