/** Categories of a store's products (spec §3 Category). Every query is scoped to the store. */
import type { CategoryInput } from '@duka/shared/categories/categories.schemas';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { products } from '../products/products.table';
import { categoryErrors } from './categories.errors';
import { categories, type CategoryRow } from './categories.table';

export async function listCategories(db: Executor, storeId: number): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.name), asc(categories.id));
}

/** The store's category, or undefined (another store's id is not ours to reveal). */
export async function findCategory(
  db: Executor,
  storeId: number,
  id: number,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.storeId, storeId)))
    .limit(1);
  return row;
}

export async function createCategory(
  db: Executor,
  storeId: number,
  input: CategoryInput,
): Promise<CategoryRow> {
  try {
    const [row] = await db.insert(categories).values({ storeId, name: input.name }).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw categoryErrors.nameTaken();
    throw error;
  }
}

export async function updateCategory(
  db: Executor,
  storeId: number,
  id: number,
  input: CategoryInput,
): Promise<CategoryRow> {
  try {
    const [row] = await db
      .update(categories)
      .set({ name: input.name, updatedAt: new Date() })
      .where(and(eq(categories.id, id), eq(categories.storeId, storeId)))
      .returning();
    if (!row) throw categoryErrors.notFound();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw categoryErrors.nameTaken();
    throw error;
  }
}

/**
 * Delete a category no product uses (active or not); one in use is a 409. The check and the
 * delete share a transaction with the category row locked, so no product joins it in between
 * (a product insert naming it waits on the lock through its foreign key).
 */
export async function deleteCategory(db: Database, storeId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, id), eq(categories.storeId, storeId)))
      .for('update');
    if (!row) throw categoryErrors.notFound();
    const [used] = await tx
      .select({ n: count() })
      .from(products)
      .where(eq(products.categoryId, id));
    if ((used?.n ?? 0) > 0) throw categoryErrors.inUse();
    await tx.delete(categories).where(eq(categories.id, id));
  });
}

/** The category a product is filed under must be one of the store's: else a 400 on the field. */
export async function assertCategoryForProduct(
  db: Executor,
  storeId: number,
  id: number,
): Promise<void> {
  if (!(await findCategory(db, storeId, id))) throw categoryErrors.unknownForProduct();
}
