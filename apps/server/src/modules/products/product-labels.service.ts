/**
 * Shelf labels and barcode stickers (issue 25; decisions/0016 "Labels and internal barcodes"):
 * which products a sheet of labels holds and how many of each, and the store-internal EAN-13 a
 * product without a barcode is given.
 */
import { toPieces } from '@duka/shared/money/units';
import {
  internalEan13,
  LABEL_COPIES_MAX,
  type LabelsQuery,
} from '@duka/shared/products/labels.schemas';
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { purchaseOrderItems, purchaseOrders } from '../purchase-orders/purchase-orders.table';
import { getProduct } from './products-catalogue.service';
import { productErrors } from './products.errors';
import type { ProductWithCategory } from './products.presenters';
import { products, type ProductRow } from './products.table';

export interface LabelRow {
  product: ProductRow;
  copies: number;
}

/** The store's products among `ids`, in the order asked; an id of no product of the store is left out. */
async function productsOfStore(db: Executor, storeId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, ProductRow>();
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A purchase order's received products, in the order of its lines, each with the pieces that
 * arrived (a product on two lines adds both) as its copies: one sticker a piece on the shelf,
 * at most LABEL_COPIES_MAX. Lines nothing arrived on, and whose product was deleted, have none.
 */
async function receivedLabels(db: Executor, storeId: number, orderId: number) {
  const [order] = await db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, orderId), eq(purchaseOrders.storeId, storeId)));
  if (!order) throw productErrors.purchaseOrderNotFound();
  const lines = await db
    .select({
      productId: purchaseOrderItems.productId,
      unitType: purchaseOrderItems.unitType,
      received: purchaseOrderItems.receivedQuantity,
    })
    .from(purchaseOrderItems)
    .where(
      and(
        eq(purchaseOrderItems.purchaseOrderId, orderId),
        gt(purchaseOrderItems.receivedQuantity, 0),
        isNotNull(purchaseOrderItems.productId),
      ),
    )
    .orderBy(asc(purchaseOrderItems.id));
  const found = await productsOfStore(db, storeId, [...new Set(lines.map((l) => l.productId!))]);
  const pieces = new Map<number, number>();
  for (const line of lines) {
    const product = found.get(line.productId!);
    if (!product) continue;
    const arrived = toPieces(line.received, line.unitType, product.packSize);
    pieces.set(product.id, (pieces.get(product.id) ?? 0) + arrived);
  }
  return [...pieces].map(([id, count]) => ({
    product: found.get(id)!,
    copies: Math.min(Math.max(count, 1), LABEL_COPIES_MAX),
  }));
}

/**
 * GET /products/labels: the products asked for by id (one copy each), or a purchase order's
 * received products (another store's order: 404). Both read the store's rows only.
 */
export async function labelRows(
  db: Database,
  storeId: number,
  query: LabelsQuery,
): Promise<LabelRow[]> {
  if (query.purchase_order_id !== undefined) {
    return receivedLabels(db, storeId, query.purchase_order_id);
  }
  const ids = query.ids ?? [];
  const found = await productsOfStore(db, storeId, ids);
  return ids.flatMap((id) => {
    const product = found.get(id);
    return product ? [{ product, copies: 1 }] : [];
  });
}

/** Whether some product of the store carries `code` (any case: products_store_barcode_idx). */
async function barcodeTaken(tx: Executor, storeId: number, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.storeId, storeId), sql`lower(${products.barcode}) = ${code.toLowerCase()}`),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The next store-internal EAN-13 no product of the store carries: numbers come from one
 * sequence for every store (internal_barcode_seq), so two assignments never draw the same; a
 * number someone typed in by hand is skipped.
 */
async function nextFreeInternalBarcode(tx: Executor, storeId: number): Promise<string> {
  for (;;) {
    // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects; bigint as text.
    const result = await tx.execute(sql`select nextval('internal_barcode_seq')::text as n`);
    const [row] = (result as { rows: { n: string }[] }).rows;
    const code = internalEan13(Number(row!.n));
    if (!(await barcodeTaken(tx, storeId, code))) return code;
  }
}

/**
 * POST /products/{id}/barcode: a goods product without a barcode gets the next free internal
 * EAN-13. The row is locked, so two clicks at once give it one number (the second is 409). The
 * update goes through the products table like PUT's, so its sync_xid moves and offline tills
 * download the new barcode with their next delta.
 */
export async function assignInternalBarcode(
  db: Database,
  storeId: number,
  id: number,
): Promise<ProductWithCategory> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ kind: products.kind, barcode: products.barcode })
      .from(products)
      .where(and(eq(products.id, id), eq(products.storeId, storeId)))
      .for('update');
    if (!current) throw productErrors.notFound();
    if (current.kind === 'service') throw productErrors.serviceNoBarcode();
    if (current.barcode) throw productErrors.hasBarcode();
    const barcode = await nextFreeInternalBarcode(tx, storeId);
    await tx.update(products).set({ barcode, updatedAt: new Date() }).where(eq(products.id, id));
    return getProduct(tx, 'admin', storeId, id);
  });
}
