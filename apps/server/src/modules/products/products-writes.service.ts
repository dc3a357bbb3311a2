/**
 * The catalogue's writes (spec §3): creating, editing and deleting a product. Its stock is
 * changed through the stock ledger (modules/stock), which writes the movement of every change.
 */
import {
  forbiddenProductChanges,
  stockPiecesAfter,
  type PRODUCT_PRICE_LABELS,
  type ProductAsStored,
} from '@duka/shared/auth/product-changes';
import type { Role } from '@duka/shared/auth/roles';
import { centsToDecimal } from '@duka/shared/money/money';
import { toPieces } from '@duka/shared/money/units';
import {
  DEFAULT_STOCK_REASON,
  STOCK_PIECES_MAX,
  type CreateProductInput,
  type UpdateProductInput,
} from '@duka/shared/products/products.schemas';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { assertCategoryForProduct } from '../categories/categories.service';
import {
  addProductImages,
  productImageFiles,
  removeImageFiles,
  withImageFiles,
  type ImageUpload,
} from './product-images.service';
import { productErrors } from './products.errors';
import { products, type ProductRow } from './products.table';
import { stockMovements } from './stock-movements.table';
import { applyStock } from '../stock/stock-ledger.service';
import { catalogueChanged, getProduct } from './products-catalogue.service';
import type { ProductWithCategory } from './products.presenters';

function stockPieces(quantity: number, unit: ProductRow['stockUnit'], packSize: number) {
  const pieces = toPieces(quantity, unit, packSize);
  if (pieces > STOCK_PIECES_MAX) throw productErrors.tooMuchStock();
  return pieces;
}

const blankToNull = (value: string | undefined) => (value ? value : null);

/**
 * Insert a product inside the caller's transaction; its opening stock goes in through the
 * stock ledger as an 'initial' movement (so stock always equals the sum of its movements).
 * The demo seed uses this too, with the day its shop opened (`at`); a transfer's receipt
 * (issue 25) creates a product the destination lacks with no category when it has none of
 * that name (`category_id` null).
 */
export async function insertProduct(
  tx: Executor,
  storeId: number,
  userId: number | null,
  input: Omit<CreateProductInput, 'category_id'> & { category_id: number | null },
  at?: Date,
): Promise<ProductRow> {
  if (input.category_id !== null) await assertCategoryForProduct(tx, storeId, input.category_id);
  // A service has no stock: its quantity is not read.
  const pieces =
    input.kind === 'service' ? 0 : stockPieces(input.quantity, input.stock_unit, input.pack_size);
  const [row] = await tx
    .insert(products)
    .values({
      storeId,
      name: input.name,
      description: input.description,
      sku: input.sku,
      barcode: blankToNull(input.barcode),
      categoryId: input.category_id,
      pieceBuyingPrice: centsToDecimal(input.piece_buying_price),
      pieceSellingPrice: centsToDecimal(input.piece_selling_price),
      packBuyingPrice: centsToDecimal(input.pack_buying_price),
      packSellingPrice: centsToDecimal(input.pack_selling_price),
      dozenBuyingPrice: centsToDecimal(input.dozen_buying_price),
      dozenSellingPrice: centsToDecimal(input.dozen_selling_price),
      minQuantity: input.min_quantity,
      packSize: input.pack_size,
      stockUnit: input.stock_unit,
      isActive: input.is_active,
      ...(at ? { createdAt: at, updatedAt: at } : {}),
      kind: input.kind,
      taxType: input.tax_type,
    })
    .returning();
  const stock = await applyStock(tx, storeId, [{ productId: row!.id, changePieces: pieces }], {
    reason: 'initial',
    userId,
    at,
  });
  return { ...row!, stockPieces: stock.get(row!.id) ?? row!.stockPieces };
}

async function withSkuCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'products_store_sku_unique')) throw productErrors.skuTaken();
    throw error;
  }
}

const NO_IMAGES: ImageUpload = { uploadDir: '', images: [] };

/** Each price field of the API and its column. */
export const PRICE_COLUMNS = [
  ['piece_buying_price', 'pieceBuyingPrice'],
  ['piece_selling_price', 'pieceSellingPrice'],
  ['pack_buying_price', 'packBuyingPrice'],
  ['pack_selling_price', 'packSellingPrice'],
  ['dozen_buying_price', 'dozenBuyingPrice'],
  ['dozen_selling_price', 'dozenSellingPrice'],
] as const satisfies readonly (readonly [keyof typeof PRODUCT_PRICE_LABELS, keyof ProductRow])[];

/** A stored product in the terms of the edit policy (auth/product-changes.ts). */
export function productAsStored(row: ProductRow): ProductAsStored {
  const stored: ProductAsStored = {
    stock_pieces: row.stockPieces,
    stock_unit: row.stockUnit,
    pack_size: row.packSize,
    kind: row.kind,
    tax_type: row.taxType,
  };
  for (const [field, column] of PRICE_COLUMNS) stored[field] = row[column];
  return stored;
}

/** An edit in the policy's terms: prices back from cents to shillings, as stored. */
function asEdit(input: UpdateProductInput): Record<string, unknown> {
  const edit: Record<string, unknown> = { ...input };
  for (const [field] of PRICE_COLUMNS) {
    const cents = input[field];
    if (cents !== undefined) edit[field] = centsToDecimal(cents);
  }
  return edit;
}

/**
 * Refuses a change of prices, stock or kind by a role that may not make it (issue 20): 403
 * naming the fields, each field with its own error.
 */
export function assertMayChange(role: Role, current: ProductRow, input: UpdateProductInput) {
  const refused = forbiddenProductChanges(role, productAsStored(current), asEdit(input));
  if (refused.length > 0) throw productErrors.managerOnly(refused);
}

/**
 * POST /products: the product, its initial stock movement and its photos, in one transaction;
 * the photos' files are removed again if it fails.
 */
export async function createProduct(
  db: Database,
  storeId: number,
  userId: number,
  input: CreateProductInput,
  upload: ImageUpload = NO_IMAGES,
): Promise<ProductWithCategory> {
  return withImageFiles(upload.uploadDir, (writer) =>
    withSkuCheck(() =>
      db.transaction(async (tx) => {
        const row = await insertProduct(tx, storeId, userId, input);
        await addProductImages(tx, writer, storeId, row.id, upload.images);
        return getProduct(tx, 'admin', storeId, row.id);
      }),
    ),
  ).finally(catalogueChanged);
}

/**
 * PUT /products/{id}. The row is locked while the new stock is worked out, so two edits at
 * once cannot lose a change. `quantity` is read in the stock unit the product has after the
 * update; the same unit and the quantity it reports already leave the exact pieces alone (a
 * form sending every field back does not round away pieces sold singly). A different stock
 * writes an 'adjustment' movement with the difference in pieces and the reason sent
 * ('correction' when none). A cashier's change of a price or the stock is 403, checked on the
 * locked row (assertMayChange). Photos sent with it are added after the existing ones, in the
 * same transaction. A product becoming a service gives up its
 * stock (an adjustment); changing the kind is manager-only like prices and stock (issue 20).
 */
export async function updateProduct(
  db: Database,
  storeId: number,
  actor: { id: number; role: Role },
  id: number,
  input: UpdateProductInput,
  upload: ImageUpload = NO_IMAGES,
): Promise<ProductWithCategory> {
  return withImageFiles(upload.uploadDir, (writer) =>
    withSkuCheck(() =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(products)
          .where(and(eq(products.id, id), eq(products.storeId, storeId)))
          .for('update');
        if (!current) throw productErrors.notFound();
        assertMayChange(actor.role, current, input);
        const kind = input.kind ?? current.kind;
        if (input.category_id !== undefined)
          await assertCategoryForProduct(tx, storeId, input.category_id);

        // A service has no stock: a product becoming one gives its stock up (an adjustment).
        const pieces = kind === 'service' ? 0 : stockPiecesAfter(productAsStored(current), input);
        if (pieces > STOCK_PIECES_MAX) throw productErrors.tooMuchStock();

        const changes: Partial<typeof products.$inferInsert> = { updatedAt: new Date() };
        if (input.name !== undefined) changes.name = input.name;
        if (input.description !== undefined) changes.description = input.description;
        if (input.sku !== undefined) changes.sku = input.sku;
        if (input.barcode !== undefined) changes.barcode = blankToNull(input.barcode);
        if (input.category_id !== undefined) changes.categoryId = input.category_id;
        for (const [field, column] of PRICE_COLUMNS) {
          const cents = input[field];
          if (cents !== undefined) changes[column] = centsToDecimal(cents);
        }
        if (input.min_quantity !== undefined) changes.minQuantity = input.min_quantity;
        if (input.pack_size !== undefined) changes.packSize = input.pack_size;
        if (input.stock_unit !== undefined) changes.stockUnit = input.stock_unit;
        if (input.is_active !== undefined) changes.isActive = input.is_active;
        if (input.tax_type !== undefined) changes.taxType = input.tax_type;
        changes.kind = kind;

        // The stock moves through the ledger, which moves goods only: a product becoming a
        // service gives its stock up before it becomes one, a service becoming goods takes its
        // stock after.
        const adjust = () =>
          applyStock(tx, storeId, [{ productId: id, changePieces: pieces - current.stockPieces }], {
            reason: 'adjustment',
            note: input.stock_reason ?? DEFAULT_STOCK_REASON,
            userId: actor.id,
          });
        if (kind === 'service') await adjust();
        await tx.update(products).set(changes).where(eq(products.id, id));
        if (kind !== 'service') await adjust();
        await addProductImages(tx, writer, storeId, id, upload.images);
        return getProduct(tx, 'admin', storeId, id);
      }),
    ),
  );
}

/**
 * DELETE /products/{id}. A product with stock history beyond its 'initial' movement (a sale,
 * a receipt, an adjustment…) is deactivated instead, so that history keeps its product (and
 * its photos); otherwise it is deleted with its initial movement and its photos, whose files
 * are removed once the deletion is committed. True when it was deactivated.
 */
export async function deleteProduct(
  db: Database,
  uploadDir: string,
  storeId: number,
  id: number,
): Promise<boolean> {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.storeId, storeId)))
      .for('update');
    if (!current) throw productErrors.notFound();
    const [history] = await tx
      .select({ n: count() })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, id), ne(stockMovements.reason, 'initial')));
    if ((history?.n ?? 0) > 0) {
      await tx
        .update(products)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(products.id, id));
      return { deactivated: true, files: [] };
    }
    const files = await productImageFiles(tx, id);
    await tx.delete(products).where(eq(products.id, id));
    return { deactivated: false, files };
  });
  await removeImageFiles(uploadDir, outcome.files);
  return outcome.deactivated;
}
