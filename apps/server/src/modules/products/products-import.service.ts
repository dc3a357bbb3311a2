/**
 * POST /products/import (issue 6): a preview that writes nothing, or a commit that writes the
 * whole file in one transaction — new SKUs created, existing ones (any case, this store only)
 * updated, missing categories created, an 'import' movement for every stock that changed — or
 * nothing at all when any line is wrong. Writes are set-based, in batches of BATCH rows.
 * A cashier's file may add products but not change an existing one's prices, stock or tax type
 * (issues 20, 26): each such cell is an error of the preview, and the commit is refused with 403.
 */
import {
  forbiddenProductChanges,
  MANAGER_ONLY_FIELD_MESSAGE,
} from '@duka/shared/auth/product-changes';
import type { Role } from '@duka/shared/auth/roles';
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
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError, badRequest, isUniqueViolation } from '../../lib/errors';
import { categories } from '../categories/categories.table';
import { productErrors } from './products.errors';
import { parseProductCsv, type ImportRow } from './products-csv';
import { PRICE_COLUMNS, productAsStored } from './products-writes.service';
import { products, type ProductRow } from './products.table';
import { applyStock, lockStock, type StockMove } from '../stock/stock-ledger.service';

/** Rows per INSERT / UPDATE statement. */
const BATCH = 1000;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'storeId' | 'categoryId'>;

interface Plan {
  errors: ImportError[];
  /** Cells a cashier may not change (a subset of `errors`). */
  refused: ImportError[];
  creates: { row: ImportRow; values: ProductValues }[];
  updates: { row: ImportRow; current: ProductRow; values: ProductValues }[];
  /** lower(sku) of the store's products the file names. */
  existing: Map<string, ProductRow>;
}

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
    kind: values.kind,
    // The file's letter, or B (the schema's default) when the line leaves it out.
    taxType: values.tax_type,
  };
  for (const [field, column] of PRICE_COLUMNS) row[column] = centsToDecimal(values[field]);
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
    kind: kindAfter({ values, given }, current),
    taxType: given.has('tax_type') ? values.tax_type : current.taxType,
    stockPieces,
  };
  for (const [field, column] of PRICE_COLUMNS) {
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
  // A service has no stock (a product becoming one gives its stock up, with a movement).
  if (kindAfter({ values, given }, current) === 'service') return 0;
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

/** The kind a line leaves: its own when it names one, else the product's (new: goods). */
function kindAfter({ values, given }: Pick<ImportRow, 'values' | 'given'>, current?: ProductRow) {
  return current && !given.has('kind') ? current.kind : values.kind;
}

/** `(select … )` of the texts, sent as one JSON parameter rather than one parameter each. */
const jsonTexts = (texts: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb))`;

/**
 * The store's products with these SKUs (any case); for the commit, locked in id order (the
 * stock ledger's order, so an import and a sale cannot deadlock) and read again once locked.
 */
async function existingProducts(
  db: Executor,
  storeId: number,
  rows: ImportRow[],
  lock: boolean,
): Promise<Map<string, ProductRow>> {
  const skus = rows.map((row) => row.values.sku.toLowerCase());
  const found = new Map<string, ProductRow>();
  for (const batch of batches(skus)) {
    const query = db
      .select()
      .from(products)
      .where(
        and(eq(products.storeId, storeId), sql`lower(${products.sku}) in ${jsonTexts(batch)}`),
      );
    for (const product of await query) found.set(product.sku.toLowerCase(), product);
  }
  if (!lock) return found;
  const ids = [...found.values()].map((product) => product.id);
  // A product whose SKU changed before the lock is no longer one of the file's.
  const wanted = new Set(skus);
  const locked = new Map<string, ProductRow>();
  for (const product of await lockStock(db, storeId, ids)) {
    if (wanted.has(product.sku.toLowerCase())) locked.set(product.sku.toLowerCase(), product);
  }
  return locked;
}

/** The manager-only cells of a line that would change an existing product (issue 20). */
function refusedCells(role: Role, { row, values, given }: ImportRow, current: ProductRow) {
  const edit: Record<string, unknown> = {};
  for (const [field] of PRICE_COLUMNS)
    if (given.has(field)) edit[field] = centsToDecimal(values[field]);
  if (given.has('quantity')) edit.quantity = values.quantity;
  if (given.has('stock_unit')) edit.stock_unit = values.stock_unit;
  if (given.has('pack_size')) edit.pack_size = values.pack_size;
  if (given.has('kind')) edit.kind = values.kind;
  if (given.has('tax_type')) edit.tax_type = values.tax_type;
  return forbiddenProductChanges(role, productAsStored(current), edit).map(
    (field): ImportError => ({
      row,
      field,
      message: MANAGER_ONLY_FIELD_MESSAGE,
    }),
  );
}

async function plan(
  db: Executor,
  role: Role,
  storeId: number,
  rows: ImportRow[],
  lock: boolean,
): Promise<Plan> {
  const result: Plan = { errors: [], refused: [], creates: [], updates: [], existing: new Map() };
  result.existing = await existingProducts(db, storeId, rows, lock);
  for (const row of rows) {
    const current = result.existing.get(row.values.sku.toLowerCase());
    const pieces = stockAfter(row, current);
    if (pieces === null) {
      const { message } = productErrors.tooMuchStock();
      result.errors.push({ row: row.row, field: 'quantity', message });
    } else if (current) {
      const refused = refusedCells(role, row, current);
      result.refused.push(...refused);
      result.errors.push(...refused);
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
      .where(
        and(eq(categories.storeId, storeId), sql`lower(${categories.name}) in ${jsonTexts(batch)}`),
      );
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

/** The columns an import writes, with their SQL types: one JSON record per product. */
const RECORD_COLUMNS = [
  ['name', 'text'],
  ['description', 'text'],
  ['sku', 'text'],
  ['barcode', 'text'],
  ['category_id', 'int'],
  ['piece_buying_price', 'numeric'],
  ['piece_selling_price', 'numeric'],
  ['pack_buying_price', 'numeric'],
  ['pack_selling_price', 'numeric'],
  ['dozen_buying_price', 'numeric'],
  ['dozen_selling_price', 'numeric'],
  ['min_quantity', 'int'],
  ['pack_size', 'int'],
  ['stock_unit', 'text'],
  ['is_active', 'boolean'],
  ['kind', 'text'],
  ['tax_type', 'text'],
] as const;
const COLUMN_NAMES = sql.raw(RECORD_COLUMNS.map(([name]) => name).join(', '));
const RECORD_FIELDS = sql.raw(RECORD_COLUMNS.map(([name]) => `r.${name}`).join(', '));
const RECORD_TYPE = sql.raw(RECORD_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', '));

function record(values: ProductValues, categoryId: number | null) {
  return {
    name: values.name,
    description: values.description,
    sku: values.sku,
    barcode: values.barcode,
    category_id: categoryId,
    piece_buying_price: values.pieceBuyingPrice,
    piece_selling_price: values.pieceSellingPrice,
    pack_buying_price: values.packBuyingPrice,
    pack_selling_price: values.packSellingPrice,
    dozen_buying_price: values.dozenBuyingPrice,
    dozen_selling_price: values.dozenSellingPrice,
    min_quantity: values.minQuantity,
    pack_size: values.packSize,
    stock_unit: values.stockUnit,
    is_active: values.isActive,
    kind: values.kind,
    tax_type: values.taxType,
  };
}

/**
 * A batch travels as one JSON parameter read with jsonb_to_recordset: one statement and one
 * parameter for a thousand products (a parameter per value is several times slower to send
 * and plan, on PGlite above all).
 */
const recordset = (records: object[], extra = '') =>
  sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${RECORD_TYPE}${sql.raw(extra)})`;

async function insertBatch(
  tx: Executor,
  storeId: number,
  batch: { values: ProductValues; categoryId: number | null }[],
) {
  // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects.
  const result: unknown = await tx.execute(sql`
    insert into ${products} (store_id, ${COLUMN_NAMES})
    select ${storeId}, ${RECORD_FIELDS}
    from ${recordset(batch.map(({ values, categoryId }) => record(values, categoryId)))}
    returning id, sku`);
  return (result as { rows: { id: number; sku: string }[] }).rows;
}

async function updateBatch(
  tx: Executor,
  storeId: number,
  batch: { id: number; values: ProductValues; categoryId: number | null }[],
  now: Date,
) {
  const assignments = sql.raw(RECORD_COLUMNS.map(([name]) => `${name} = r.${name}`).join(', '));
  const records = batch.map(({ id, values, categoryId }) => ({
    ...record(values, categoryId),
    id,
  }));
  await tx.execute(sql`
    update ${products} set ${assignments}, updated_at = ${now.toISOString()}::timestamptz
    from ${recordset(records, ', id int')}
    where ${products.id} = r.id and ${products.storeId} = ${storeId}`);
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
  const now = new Date();
  // The stock moves through the ledger ('import' movements), which moves goods only: a product
  // becoming a service gives its stock up before its row becomes one; every other change
  // (a new product's opening stock among them) after the rows are written.
  const before: StockMove[] = [];
  const after: StockMove[] = [];
  for (const { current, values } of updates) {
    const change = values.stockPieces! - current.stockPieces;
    if (change !== 0)
      (values.kind === 'service' ? before : after).push({
        productId: current.id,
        changePieces: change,
      });
  }
  const ledger = { reason: 'import', userId } as const;
  await applyStock(tx, storeId, before, ledger);

  const opening: StockMove[] = [];
  for (const batch of batches(creates)) {
    const pieces = new Map(
      batch.map(({ values }) => [values.sku.toLowerCase(), values.stockPieces!]),
    );
    const inserted = await insertBatch(
      tx,
      storeId,
      batch.map(({ row, values }) => ({ values, categoryId: categoryFor(row, null) })),
    );
    for (const product of inserted) {
      opening.push({ productId: product.id, changePieces: pieces.get(product.sku.toLowerCase())! });
    }
  }

  for (const batch of batches(updates)) {
    await updateBatch(
      tx,
      storeId,
      batch.map(({ row, current, values }) => ({
        id: current.id,
        values,
        categoryId: categoryFor(row, current.categoryId),
      })),
      now,
    );
  }
  await applyStock(tx, storeId, [...opening, ...after], ledger);
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

/** A cashier's file that changes prices or stock of existing products (issue 20). */
const cashierMayNotChange = (refused: ImportError[]) =>
  new AppError(
    403,
    'products.manager_only',
    IMPORT_MESSAGES.managerOnly,
    refused.map((error) => ({ path: importErrorPath(error), message: error.message })),
  );

/**
 * Preview (`commit` false): what the file would do, and every error. Commit: all of it in one
 * transaction with the store's products of those SKUs locked, or a 400 listing the errors and
 * nothing written.
 */
export async function importProducts(
  db: Database,
  actor: { id: number; role: Role },
  storeId: number,
  text: string,
  commit: boolean,
): Promise<ProductImportResult> {
  const userId = actor.id;
  const file = parseProductCsv(text);
  if (!commit) return result(file, await plan(db, actor.role, storeId, file.rows, false), false);
  if (file.errors.length > 0) throw fileHasErrors(file.errors);
  try {
    return await db.transaction(async (tx) => {
      const planned = await plan(tx, actor.role, storeId, file.rows, true);
      if (planned.refused.length > 0) throw cashierMayNotChange(planned.refused);
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
