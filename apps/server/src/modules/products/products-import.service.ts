/**
 * POST /products/import (issue 6): a preview that writes nothing, or a commit that writes the
 * whole file in one transaction — new SKUs created, existing ones (any case, this store only)
 * updated, missing categories created, an 'import' movement for every stock that changed — or
 * nothing at all when any line is wrong. Writes are set-based, in batches of BATCH rows.
 */
import { centsToDecimal } from '@duka/shared/money/money';
import { piecesPerUnit, toPieces, wholeUnits } from '@duka/shared/money/units';
import {
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  importErrorPath,
  type ImportError,
  type ProductImportResult,
} from '@duka/shared/products/products-csv.schemas';
import { STOCK_PIECES_MAX } from '@duka/shared/products/products.schemas';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { badRequest, isUniqueViolation } from '../../lib/errors';
import { categories } from '../categories/categories.table';
import { productErrors } from './products.errors';
import { parseProductCsv, type ImportRow } from './products-csv';
import { products, type ProductRow } from './products.table';
import { stockMovements } from './stock-movements.table';

/** Rows per INSERT / UPDATE statement (18 parameters a row stays far below PostgreSQL's 65,535). */
const BATCH = 1000;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'storeId' | 'categoryId'>;

interface Plan {
  errors: ImportError[];
  creates: { row: ImportRow; values: ProductValues }[];
  updates: { row: ImportRow; current: ProductRow; values: ProductValues }[];
  /** lower(sku) of the store's products the file names. */
  existing: Map<string, ProductRow>;
}

const PRICES = [
  ['piece_buying_price', 'pieceBuyingPrice'],
  ['piece_selling_price', 'pieceSellingPrice'],
  ['pack_buying_price', 'packBuyingPrice'],
  ['pack_selling_price', 'packSellingPrice'],
  ['dozen_buying_price', 'dozenBuyingPrice'],
  ['dozen_selling_price', 'dozenSellingPrice'],
] as const;

/** A new product from a line: every value (defaults filled in by the file's parser). */
function newValues({ values }: ImportRow, stockPieces: number): ProductValues {
  const row: ProductValues = {
    name: values.name,
    description: values.description,
    sku: values.sku,
    barcode: values.barcode || null,
    stockPieces,
    minQuantity: values.min_quantity,
    packSize: values.pack_size,
    stockUnit: values.stock_unit,
    isActive: values.is_active,
  };
  for (const [field, column] of PRICES) row[column] = centsToDecimal(values[field]);
  return row;
}

/** An existing product with the line's filled cells applied; the others keep their value. */
function updatedValues(
  { values, given }: ImportRow,
  current: ProductRow,
  stockPieces: number,
): ProductValues {
  const row: ProductValues = {
    name: values.name,
    sku: values.sku,
    description: given.has('description') ? values.description : current.description,
    barcode: given.has('barcode') ? values.barcode || null : current.barcode,
    minQuantity: given.has('min_quantity') ? values.min_quantity : current.minQuantity,
    packSize: given.has('pack_size') ? values.pack_size : current.packSize,
    stockUnit: given.has('stock_unit') ? values.stock_unit : current.stockUnit,
    isActive: given.has('is_active') ? values.is_active : current.isActive,
    stockPieces,
  };
  for (const [field, column] of PRICES) {
    row[column] = given.has(field) ? centsToDecimal(values[field]) : current[column];
  }
  return row;
}

/**
 * The stock a line leaves, in pieces, or null when it is too large. Like PUT /products/{id},
 * the quantity an existing product already reports, in the same unit size, keeps its exact
 * pieces (an exported file imports back without rounding away pieces sold singly).
 */
function stockAfter({ values, given }: ImportRow, current: ProductRow | undefined): number | null {
  const unit = current && !given.has('stock_unit') ? current.stockUnit : values.stock_unit;
  const packSize = current && !given.has('pack_size') ? current.packSize : values.pack_size;
  if (current && !given.has('quantity')) return current.stockPieces;
  if (current) {
    const unchanged =
      piecesPerUnit(current.stockUnit, current.packSize) === piecesPerUnit(unit, packSize) &&
      values.quantity === wholeUnits(current.stockPieces, current.stockUnit, current.packSize);
    if (unchanged) return current.stockPieces;
  }
  const pieces = toPieces(values.quantity, unit, packSize);
  return pieces > STOCK_PIECES_MAX ? null : pieces;
}

/** The store's products with these SKUs (any case), locked for the commit. */
async function existingProducts(
  db: Executor,
  storeId: number,
  rows: ImportRow[],
  lock: boolean,
): Promise<Map<string, ProductRow>> {
  const found = new Map<string, ProductRow>();
  for (const batch of batches(rows.map((row) => row.values.sku.toLowerCase()))) {
    const query = db
      .select()
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(sql`lower(${products.sku})`, batch)));
    for (const product of lock ? await query.for('update') : await query) {
      found.set(product.sku.toLowerCase(), product);
    }
  }
  return found;
}

async function plan(
  db: Executor,
  storeId: number,
  rows: ImportRow[],
  lock: boolean,
): Promise<Plan> {
  const result: Plan = { errors: [], creates: [], updates: [], existing: new Map() };
  result.existing = await existingProducts(db, storeId, rows, lock);
  for (const row of rows) {
    const current = result.existing.get(row.values.sku.toLowerCase());
    const pieces = stockAfter(row, current);
    if (pieces === null) {
      const { message } = productErrors.tooMuchStock();
      result.errors.push({ row: row.row, field: 'quantity', message });
    } else if (current) {
      result.updates.push({ row, current, values: updatedValues(row, current, pieces) });
    } else {
      result.creates.push({ row, values: newValues(row, pieces) });
    }
  }
  return result;
}

/** The category ids of the names the file uses (any case), creating those the store lacks. */
async function categoryIds(
  tx: Executor,
  storeId: number,
  rows: ImportRow[],
): Promise<Map<string, number>> {
  const names = new Map<string, string>();
  for (const { values } of rows) {
    const name = values.category;
    // The first spelling in the file names a new category.
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  const ids = new Map<string, number>();
  const keys = [...names.keys()];
  const load = async (batch: string[]) => {
    const found = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(and(eq(categories.storeId, storeId), inArray(sql`lower(${categories.name})`, batch)));
    for (const category of found) ids.set(category.name.toLowerCase(), category.id);
  };
  for (const batch of batches(keys)) await load(batch);
  const missing = keys.filter((key) => !ids.has(key));
  for (const batch of batches(missing)) {
    await tx
      .insert(categories)
      .values(batch.map((key) => ({ storeId, name: names.get(key)! })))
      .onConflictDoNothing();
    await load(batch);
  }
  return ids;
}

/** One UPDATE … FROM (VALUES …) for a batch of products. */
function updateStatement(
  batch: { current: ProductRow; values: ProductValues; categoryId: number | null }[],
  now: Date,
): SQL {
  const rows = batch.map(
    ({ current, values: v, categoryId }) =>
      sql`(${current.id}::int, ${v.name}::text, ${v.description}::text, ${v.sku}::text,
        ${v.barcode}::text, ${categoryId}::int, ${v.pieceBuyingPrice}::numeric,
        ${v.pieceSellingPrice}::numeric, ${v.packBuyingPrice}::numeric,
        ${v.packSellingPrice}::numeric, ${v.dozenBuyingPrice}::numeric,
        ${v.dozenSellingPrice}::numeric, ${v.stockPieces}::int, ${v.minQuantity}::int,
        ${v.packSize}::int, ${v.stockUnit}::text, ${v.isActive}::boolean)`,
  );
  return sql`update ${products} set
      name = v.name, description = v.description, sku = v.sku, barcode = v.barcode,
      category_id = v.category_id, piece_buying_price = v.piece_buying_price,
      piece_selling_price = v.piece_selling_price, pack_buying_price = v.pack_buying_price,
      pack_selling_price = v.pack_selling_price, dozen_buying_price = v.dozen_buying_price,
      dozen_selling_price = v.dozen_selling_price, stock_pieces = v.stock_pieces,
      min_quantity = v.min_quantity, pack_size = v.pack_size, stock_unit = v.stock_unit,
      is_active = v.is_active, updated_at = ${now.toISOString()}::timestamptz
    from (values ${sql.join(rows, sql`, `)}) as v(id, name, description, sku, barcode,
      category_id, piece_buying_price, piece_selling_price, pack_buying_price,
      pack_selling_price, dozen_buying_price, dozen_selling_price, stock_pieces, min_quantity,
      pack_size, stock_unit, is_active)
    where ${products.id} = v.id`;
}

async function write(
  tx: Executor,
  storeId: number,
  userId: number,
  rows: ImportRow[],
  { creates, updates }: Plan,
): Promise<void> {
  const categoryOf = await categoryIds(tx, storeId, rows);
  const categoryFor = (row: ImportRow, fallback: number | null) =>
    row.values.category ? categoryOf.get(row.values.category.toLowerCase())! : fallback;
  const movements: (typeof stockMovements.$inferInsert)[] = [];
  const now = new Date();

  for (const batch of batches(creates)) {
    const inserted = await tx
      .insert(products)
      .values(
        batch.map(({ row, values }) => ({
          ...values,
          storeId,
          categoryId: categoryFor(row, null),
        })),
      )
      .returning({ id: products.id, stockPieces: products.stockPieces });
    for (const product of inserted) {
      if (product.stockPieces === 0) continue;
      const change = { productId: product.id, changePieces: product.stockPieces };
      movements.push({ ...change, storeId, reason: 'import', userId });
    }
  }

  for (const batch of batches(updates)) {
    await tx.execute(
      updateStatement(
        batch.map(({ row, current, values }) => ({
          current,
          values,
          categoryId: categoryFor(row, current.categoryId),
        })),
        now,
      ),
    );
    for (const { current, values } of batch) {
      const change = values.stockPieces! - current.stockPieces;
      if (change === 0) continue;
      movements.push({
        productId: current.id,
        changePieces: change,
        storeId,
        reason: 'import',
        userId,
      });
    }
  }

  for (const batch of batches(movements)) await tx.insert(stockMovements).values(batch);
}

function result(
  file: ReturnType<typeof parseProductCsv>,
  planned: Plan,
  committed: boolean,
): ProductImportResult {
  const errors = [...file.errors, ...planned.errors].sort((a, b) => a.row - b.row);
  return {
    committed,
    total: file.total,
    created: planned.creates.length,
    updated: planned.updates.length,
    errors,
    preview: file.lines.slice(0, IMPORT_PREVIEW_ROWS).map((line) => ({
      ...line,
      action: planned.existing.has(line.sku.toLowerCase()) ? 'update' : 'create',
    })),
  };
}

const fileHasErrors = (errors: ImportError[]) =>
  badRequest(
    'products.import_invalid',
    IMPORT_MESSAGES.hasErrors,
    errors.map((error) => ({ path: importErrorPath(error), message: error.message })),
  );

/**
 * Preview (`commit` false): what the file would do, and every error. Commit: all of it in one
 * transaction with the store's products of those SKUs locked, or a 400 listing the errors and
 * nothing written.
 */
export async function importProducts(
  db: Database,
  storeId: number,
  userId: number,
  text: string,
  commit: boolean,
): Promise<ProductImportResult> {
  const file = parseProductCsv(text);
  if (!commit) return result(file, await plan(db, storeId, file.rows, false), false);
  if (file.errors.length > 0) throw fileHasErrors(file.errors);
  try {
    return await db.transaction(async (tx) => {
      const planned = await plan(tx, storeId, file.rows, true);
      if (planned.errors.length > 0) throw fileHasErrors(planned.errors);
      await write(tx, storeId, userId, file.rows, planned);
      return result(file, planned, true);
    });
  } catch (error) {
    // Another request created one of these SKUs after the lock was taken.
    if (isUniqueViolation(error, 'products_store_sku_unique')) throw productErrors.skuTaken();
    throw error;
  }
}
