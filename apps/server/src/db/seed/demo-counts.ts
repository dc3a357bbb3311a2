/**
 * A finished stock count (issue 25) of the Nairobi store's soap shelf, three evenings ago after
 * closing: the manager started it at 20:40, the cashier and the manager counted, the manager
 * finished it at 21:05. A small shrinkage — one product short by a piece, one by two, the
 * others exact — so /inventory's Counts tab opens on a variance report, and the short products'
 * histories show its 'count' movements. Made through the stock counts service (as the API
 * does), so the movements go through the ledger; the expected stock is the product's stock when
 * the seed counts it (after the seeded sales). Its own file and one call in seedDemo, after
 * every other stock change of the store.
 */
import { shopDayOf, startOfShopDay } from '../../lib/shop-day';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { categories } from '../../modules/categories/categories.table';
import { products } from '../../modules/products/products.table';
import {
  finishCount,
  startCount,
  writeLines,
} from '../../modules/stock-counts/stock-counts.service';
import { users } from '../../modules/users/users.table';

export const DEMO_COUNT_CATEGORY = 'Soap & Detergents';
/** Pieces short, product by product in name order; the others are counted exact. */
const SHORT = [1, 2];
const DAYS_AGO = 3;
const MINUTE = 60_000;

export async function seedDemoCounts(
  tx: Executor,
  storeId: number,
  now = new Date(),
): Promise<void> {
  const staff = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.storeId, storeId), inArray(users.role, ['manager', 'sales'])))
    .orderBy(asc(users.id));
  const manager = staff.find((person) => person.role === 'manager');
  const cashier = staff.find((person) => person.role === 'sales') ?? manager;
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.storeId, storeId), eq(categories.name, DEMO_COUNT_CATEGORY)));
  if (!manager || !cashier || !category) return;
  // Products with a few on the shelf: a short count never goes below zero.
  const shelf = await tx
    .select({ id: products.id, stock: products.stockPieces })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.categoryId, category.id),
        eq(products.kind, 'goods'),
        gt(products.stockPieces, 2),
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
  if (shelf.length === 0) return;

  const day = shopDayOf(new Date(now.getTime() - DAYS_AGO * 24 * 60 * MINUTE));
  const evening = (hours: number, minutes: number) =>
    new Date(startOfShopDay(day).getTime() + (hours * 60 + minutes) * MINUTE);
  const count = await startCount(
    tx,
    storeId,
    manager.id,
    { category_ids: [category.id] },
    { at: evening(20, 40) },
  );
  const lines = shelf.map((product, index) => ({
    product_id: product.id,
    counted_quantity: product.stock - (SHORT[index] ?? 0),
    unit_type: 'piece' as const,
  }));
  // The cashier counts the first shelf, the manager the rest.
  await writeLines(tx, storeId, count.row.id, cashier.id, lines.slice(0, 2), {
    at: evening(20, 48),
  });
  if (lines.length > 2) {
    await writeLines(tx, storeId, count.row.id, manager.id, lines.slice(2), {
      at: evening(20, 57),
    });
  }
  await finishCount(
    tx,
    storeId,
    count.row.id,
    manager.id,
    { zero_uncounted: false },
    { at: evening(21, 5) },
  );
}
