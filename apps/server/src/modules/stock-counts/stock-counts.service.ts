/**
 * Stock counts (issue 25; decisions/0016 "Stock counts"). A manager starts a count of the whole
 * store or of some of its categories — one open count per store (the partial unique index
 * stock_counts_one_open_per_store decides a race: its violation is the 409). Staff write lines
 * while sales go on: each line keeps the quantity as counted, in pieces, and the product's stock
 * read at that moment (expected); a later line of the same product replaces the earlier with a
 * fresh expected. Lines hold the count's row FOR SHARE and the finish takes it FOR UPDATE, so a
 * finish waits for the lines in flight and a line after it finds the count finished.
 *
 * Finishing posts each line's counted − expected through the stock ledger as a 'count' movement
 * (COUNT-{id}), on top of whatever sold since the line was counted, and — when the manager asks
 * (zero_uncounted) — takes every goods product of the scope nobody counted to zero. Then the
 * differences and their value at the buying price of one piece are frozen: a finished count is
 * final.
 *
 * The scope is the store's goods products (active or not: an inactive product's stock is still
 * on the shelf) whose category is one of the count's, or all of them for a whole-store count.
 */
import { UNIT_TYPES, toPieces, type UnitType } from '@duka/shared/money/units';
import { STOCK_PIECES_MAX } from '@duka/shared/products/products.schemas';
import type {
  CountStatus,
  CreateStockCountInput,
  FinishStockCountInput,
  CountLineInput,
} from '@duka/shared/stock-counts/stock-counts.schemas';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { categories } from '../categories/categories.table';
import { pieceBuyingPriceSql } from '../products/piece-buying-price.service';
import { products } from '../products/products.table';
import { applyStock, lockStock, type StockMove } from '../stock/stock-ledger.service';
import { users } from '../users/users.table';
import { stockCountErrors } from './stock-counts.errors';
import { stockCountLines, stockCounts, type StockCountRow } from './stock-counts.table';

export type Person = { id: number; name: string } | null;

export interface CountWithPeople {
  row: StockCountRow;
  startedBy: Person;
  finishedBy: Person;
  categories: { id: number; name: string }[] | null;
  productsInScope: number;
  linesCounted: number;
  /** Σ the lines' difference values (so far while open), as numeric text. */
  totalDifferenceValue: string;
}

export interface CountLineData {
  productId: number;
  name: string;
  sku: string;
  unitType: UnitType;
  countedQuantity: number;
  countedPieces: number;
  expectedPieces: number;
  differencePieces: number;
  /** numeric text, two decimals. */
  differenceValue: string;
  countedBy: Person;
  countedAt: Date | null;
}

export interface CountDetail extends CountWithPeople {
  lines: CountLineData[];
}

/** When a thing happened, if not now (the demo seed's history). */
export interface CountTimes {
  at?: Date;
}

const OPEN_UNIQUE = 'stock_counts_one_open_per_store';
/** What numeric(16,2) holds: the lines' difference values and the count's total. */
const VALUE_BOUND = 1e14;

const starter = alias(users, 'count_starter');
const finisher = alias(users, 'count_finisher');

function person(id: number | null, name: string | null): Person {
  return id !== null && name !== null ? { id, name } : null;
}

/** The goods products of the store in the count's scope (all categories when null). */
function inScope(storeId: number, categoryIds: number[] | null): SQL {
  const conditions: SQL[] = [eq(products.storeId, storeId), eq(products.kind, 'goods')];
  if (categoryIds !== null) {
    conditions.push(
      categoryIds.length === 0 ? sql`false` : inArray(products.categoryId, categoryIds),
    );
  }
  return and(...conditions)!;
}

/** counted − expected: frozen at the finish, computed while open. */
const differencePieces = sql<number>`coalesce(${stockCountLines.differencePieces},
  ${stockCountLines.countedPieces} - ${stockCountLines.expectedPieces})`;

/** The difference at the buying price of one piece, to the cent (half away from zero). */
const liveDifferenceValue = sql`round((${stockCountLines.countedPieces}
  - ${stockCountLines.expectedPieces}) * ${pieceBuyingPriceSql}, 2)`;
const differenceValue = sql<string>`coalesce(${stockCountLines.differenceValue},
  ${liveDifferenceValue})::text`;

async function linesOf(
  db: Executor,
  countId: number,
  productIds?: readonly number[],
): Promise<CountLineData[]> {
  const conditions: SQL[] = [eq(stockCountLines.countId, countId)];
  if (productIds) conditions.push(inArray(stockCountLines.productId, [...productIds]));
  const rows = await db
    .select({
      line: stockCountLines,
      name: products.name,
      sku: products.sku,
      differencePieces: differencePieces.mapWith(Number),
      differenceValue,
      countedByName: users.name,
    })
    .from(stockCountLines)
    .innerJoin(products, eq(products.id, stockCountLines.productId))
    .leftJoin(users, eq(users.id, stockCountLines.countedBy))
    .where(and(...conditions))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map(({ line, name, sku, differencePieces, differenceValue, countedByName }) => ({
    productId: line.productId,
    name,
    sku,
    unitType: line.unitType,
    countedQuantity: line.countedQuantity,
    countedPieces: line.countedPieces,
    expectedPieces: line.expectedPieces,
    differencePieces,
    differenceValue,
    countedBy: person(line.countedBy, countedByName),
    countedAt: line.countedAt,
  }));
}

/** The counts' people, categories, scope sizes and totals, in a few queries for them all. */
async function withFigures(db: Executor, rows: StockCountRow[]): Promise<CountWithPeople[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [people, lineSums, categoryRows] = await Promise.all([
    db
      .select({ id: stockCounts.id, starter: starter.name, finisher: finisher.name })
      .from(stockCounts)
      .leftJoin(starter, eq(starter.id, stockCounts.startedBy))
      .leftJoin(finisher, eq(finisher.id, stockCounts.finishedBy))
      .where(inArray(stockCounts.id, ids)),
    db
      .select({
        countId: stockCountLines.countId,
        lines: count(),
        total: sql<string>`coalesce(sum(coalesce(${stockCountLines.differenceValue},
          ${liveDifferenceValue})), 0)::text`,
      })
      .from(stockCountLines)
      .innerJoin(products, eq(products.id, stockCountLines.productId))
      .where(inArray(stockCountLines.countId, ids))
      .groupBy(stockCountLines.countId),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.id, rows.flatMap((row) => row.categoryIds ?? []).concat(-1)))
      .orderBy(asc(categories.name), asc(categories.id)),
  ]);
  const names = new Map(people.map((found) => [found.id, found]));
  const sums = new Map(lineSums.map((sum) => [sum.countId, sum]));
  const result: CountWithPeople[] = [];
  for (const row of rows) {
    const found = names.get(row.id);
    const sum = sums.get(row.id);
    const [scope] = await db
      .select({ n: count() })
      .from(products)
      .where(inScope(row.storeId, row.categoryIds));
    const own = row.categoryIds === null ? null : new Set(row.categoryIds);
    result.push({
      row,
      startedBy: person(row.startedBy, found?.starter ?? null),
      finishedBy: person(row.finishedBy, found?.finisher ?? null),
      categories: own === null ? null : categoryRows.filter((category) => own.has(category.id)),
      productsInScope: scope?.n ?? 0,
      linesCounted: sum?.lines ?? 0,
      totalDifferenceValue: row.totalDifferenceValue ?? sum?.total ?? '0',
    });
  }
  return result;
}

async function findCount(
  db: Executor,
  storeId: number,
  id: number,
): Promise<StockCountRow | undefined> {
  const [row] = await db
    .select()
    .from(stockCounts)
    .where(and(eq(stockCounts.id, id), eq(stockCounts.storeId, storeId)));
  return row;
}

/** GET /stock-counts/{id}: the count with its lines by product name; another store's is 404. */
export async function getCount(db: Executor, storeId: number, id: number): Promise<CountDetail> {
  const row = await findCount(db, storeId, id);
  if (!row) throw stockCountErrors.notFound();
  const [count] = await withFigures(db, [row]);
  return { ...count!, lines: await linesOf(db, id) };
}

/**
 * POST /stock-counts: a new open count of the store — of the given categories (each the
 * store's, else 400 on it), or the whole store (none given). A second open count of the store
 * is 409.
 */
export async function startCount(
  db: Executor,
  storeId: number,
  userId: number | null,
  input: Pick<CreateStockCountInput, 'category_ids'>,
  times: CountTimes = {},
): Promise<CountDetail> {
  const categoryIds = input.category_ids ?? null;
  if (categoryIds !== null) {
    const found = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.storeId, storeId), inArray(categories.id, categoryIds)));
    const own = new Set(found.map((category) => category.id));
    const missing = categoryIds.findIndex((id) => !own.has(id));
    if (missing >= 0) throw stockCountErrors.categoryNotFound(missing);
  }
  let id: number;
  try {
    // No look first: two starts at once both find none; the partial unique index lets one in.
    const [row] = await db
      .insert(stockCounts)
      .values({
        storeId,
        categoryIds,
        startedBy: userId,
        ...(times.at ? { startedAt: times.at } : {}),
      })
      .returning({ id: stockCounts.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, OPEN_UNIQUE)) throw stockCountErrors.alreadyOpen();
    throw error;
  }
  return getCount(db, storeId, id);
}

/** GET /stock-counts: the store's counts, newest first, one page, with how many in all. */
export async function listCounts(
  db: Executor,
  storeId: number,
  query: { page: number; pageSize: number; status?: CountStatus },
): Promise<{ rows: CountWithPeople[]; total: number }> {
  const conditions: SQL[] = [eq(stockCounts.storeId, storeId)];
  if (query.status) conditions.push(eq(stockCounts.status, query.status));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(stockCounts)
      .where(where)
      .orderBy(desc(stockCounts.startedAt), desc(stockCounts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(stockCounts).where(where),
  ]);
  return { rows: await withFigures(db, rows), total: totals?.n ?? 0 };
}

/** The count's row locked (FOR SHARE to add lines, FOR UPDATE to finish); 404, 409 finished. */
async function lockOpenCount(
  tx: Executor,
  storeId: number,
  id: number,
  strength: 'share' | 'update',
): Promise<StockCountRow> {
  const [row] = await tx
    .select()
    .from(stockCounts)
    .where(and(eq(stockCounts.id, id), eq(stockCounts.storeId, storeId)))
    .for(strength);
  if (!row) throw stockCountErrors.notFound();
  if (row.status !== 'open') throw stockCountErrors.finished();
  return row;
}

/**
 * PUT /stock-counts/{id}/lines: each product's count, in its unit, with the product's stock now
 * as expected; a product counted before is replaced (fresh expected, who and when). Each
 * product must be a goods product of the store in the count's scope (400 on the line). Answers
 * the lines written, in the order sent.
 */
export async function writeLines(
  db: Executor,
  storeId: number,
  id: number,
  userId: number | null,
  lines: readonly CountLineInput[],
  times: CountTimes = {},
): Promise<CountLineData[]> {
  const productIds = lines.map((line) => line.product_id);
  await db.transaction(async (tx) => {
    const count = await lockOpenCount(tx, storeId, id, 'share');
    // The stock as it stands now (committed): a sale that commits later is a sale after the
    // count of its product, and the finish's adjustment leaves it taken.
    const found = await tx
      .select({
        id: products.id,
        kind: products.kind,
        categoryId: products.categoryId,
        packSize: products.packSize,
        stockPieces: products.stockPieces,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, productIds)));
    const byId = new Map(found.map((product) => [product.id, product]));
    const scope = count.categoryIds === null ? null : new Set(count.categoryIds);
    const values = lines.map((line, index) => {
      const product = byId.get(line.product_id);
      if (!product) throw stockCountErrors.notInCount(index);
      if (product.kind !== 'goods') throw stockCountErrors.service(index);
      if (scope !== null && (product.categoryId === null || !scope.has(product.categoryId))) {
        throw stockCountErrors.notInCount(index);
      }
      const countedPieces = toPieces(line.counted_quantity, line.unit_type, product.packSize);
      if (countedPieces > STOCK_PIECES_MAX) throw stockCountErrors.tooMany(index);
      return {
        countId: id,
        storeId,
        productId: product.id,
        unitType: line.unit_type,
        countedQuantity: line.counted_quantity,
        countedPieces,
        expectedPieces: product.stockPieces,
        countedBy: userId,
        countedAt: times.at ?? sql`clock_timestamp()`,
      };
    });
    await tx
      .insert(stockCountLines)
      .values(values)
      .onConflictDoUpdate({
        target: [stockCountLines.countId, stockCountLines.productId],
        set: {
          unitType: sql`excluded.unit_type`,
          countedQuantity: sql`excluded.counted_quantity`,
          countedPieces: sql`excluded.counted_pieces`,
          expectedPieces: sql`excluded.expected_pieces`,
          countedBy: sql`excluded.counted_by`,
          countedAt: sql`excluded.counted_at`,
        },
      });
  });
  const written = new Map(
    (await linesOf(db, id, productIds)).map((line) => [line.productId, line]),
  );
  return productIds.map((productId) => written.get(productId)!);
}

/**
 * POST /stock-counts/{id}/finish. The count's row FOR UPDATE first — lines still being written
 * hold it FOR SHARE, so the finish waits for them and none can be added after. With
 * zero_uncounted, every goods product of the scope with no line and stock ≠ 0 gets one
 * (counted 0, expected its stock now, nobody's), its products locked in id order first. Each
 * line's counted − expected goes through the stock ledger as a 'count' movement — allowed below
 * zero: what sold since the line was counted may already have taken more, and those goods are
 * gone either way. Then the differences, their values and the total are frozen.
 */
export async function finishCount(
  db: Executor,
  storeId: number,
  id: number,
  userId: number | null,
  input: Pick<FinishStockCountInput, 'zero_uncounted'>,
  times: CountTimes = {},
): Promise<CountDetail> {
  await db.transaction(async (tx) => {
    const count = await lockOpenCount(tx, storeId, id, 'update');
    const counted = await tx
      .select({ productId: stockCountLines.productId })
      .from(stockCountLines)
      .where(eq(stockCountLines.countId, id));
    const uncounted = input.zero_uncounted
      ? await tx
          .select({ id: products.id })
          .from(products)
          .leftJoin(
            stockCountLines,
            and(eq(stockCountLines.countId, id), eq(stockCountLines.productId, products.id)),
          )
          .where(
            and(
              inScope(storeId, count.categoryIds),
              isNull(stockCountLines.productId),
              sql`${products.stockPieces} <> 0`,
            ),
          )
      : [];
    // Every product the finish moves, counted or zeroed, locked at once in id order (the
    // ledger's): locking the uncounted first would hold a higher id while the ledger waits for
    // a lower counted one that a sale holds — and that sale waits for the higher: a deadlock.
    const locked = await lockStock(tx, storeId, [
      ...counted.map((line) => line.productId),
      ...uncounted.map((product) => product.id),
    ]);
    if (input.zero_uncounted) {
      const toZero = new Set(uncounted.map((product) => product.id));
      // Read again under the lock: a sale may have changed the stock since (or a product
      // become a service).
      const zeroed = locked.filter(
        (product) =>
          toZero.has(product.id) && product.kind === 'goods' && product.stockPieces !== 0,
      );
      if (zeroed.length > 0) {
        await tx.insert(stockCountLines).values(
          zeroed.map((product) => ({
            countId: id,
            storeId,
            productId: product.id,
            unitType: UNIT_TYPES[0],
            countedQuantity: 0,
            countedPieces: 0,
            expectedPieces: product.stockPieces,
            countedBy: null,
            countedAt: null,
          })),
        );
      }
    }
    const lines = await tx
      .select({
        productId: stockCountLines.productId,
        countedPieces: stockCountLines.countedPieces,
        expectedPieces: stockCountLines.expectedPieces,
      })
      .from(stockCountLines)
      .where(eq(stockCountLines.countId, id))
      .orderBy(asc(stockCountLines.productId));
    const moves: StockMove[] = lines
      .map((line) => ({
        productId: line.productId,
        changePieces: line.countedPieces - line.expectedPieces,
      }))
      .filter((move) => move.changePieces !== 0);
    await applyStock(tx, storeId, moves, {
      reason: 'count',
      reference: `COUNT-${id}`,
      userId,
      allowNegative: true,
      ...(times.at ? { at: times.at } : {}),
    });
    // The values must fit their columns (numeric(16,2)): a huge count of a dear product would
    // overflow them — a 500, and the count unfinishable. Every line's size adds up below the
    // bound, so the total fits too; else 409 and nothing written (a line counted again fixes it).
    const [sized] = await tx
      .select({ sum: sql<string>`coalesce(sum(abs(${liveDifferenceValue})), 0)::text` })
      .from(stockCountLines)
      .innerJoin(products, eq(products.id, stockCountLines.productId))
      .where(eq(stockCountLines.countId, id));
    if (Number(sized?.sum ?? 0) >= VALUE_BOUND) throw stockCountErrors.valueTooLarge();
    // Frozen at the prices of the finish: the variance report no longer moves with them.
    await tx.execute(sql`
      update ${stockCountLines}
      set difference_pieces = ${stockCountLines.countedPieces} - ${stockCountLines.expectedPieces},
        difference_value = ${liveDifferenceValue}
      from ${products}
      where ${products.id} = ${stockCountLines.productId} and ${stockCountLines.countId} = ${id}`);
    const [total] = await tx
      .select({
        value: sql<string>`coalesce(sum(${stockCountLines.differenceValue}), 0)::text`,
      })
      .from(stockCountLines)
      .where(eq(stockCountLines.countId, id));
    await tx
      .update(stockCounts)
      .set({
        status: 'finished',
        finishedBy: userId,
        finishedAt: times.at ?? sql`clock_timestamp()`,
        zeroUncounted: input.zero_uncounted,
        totalDifferenceValue: total?.value ?? '0',
      })
      .where(eq(stockCounts.id, id));
  });
  return getCount(db, storeId, id);
}
