/**
 * Purchase orders of a store (spec §3, §4, §7; PRODUCT.md §1, §2). Every query is filtered by
 * the acting store, so another store's order is simply not found (404). Receiving adds what
 * arrived to stock (in pieces, units.ts) with a 'purchase_order' movement per line, in one
 * transaction with the order row locked and then its products in id order; each line keeps how
 * much has arrived, so nothing is received twice or beyond what was ordered (issue 20).
 */
import { can } from '@duka/shared/auth/permissions';
import type { Role } from '@duka/shared/auth/roles';
import { centsToDecimal, toCents } from '@duka/shared/money/money';
import { toPieces } from '@duka/shared/money/units';
import { STOCK_PIECES_MAX } from '@duka/shared/products/products.schemas';
import {
  PURCHASE_ORDER_ITEMS_MAX,
  PURCHASE_ORDER_TRANSITIONS,
  RECEIVABLE_STATUSES,
  type CreatePurchaseOrderInput,
  type ReceivePurchaseOrderInput,
  type PurchaseOrderItemInput,
  type PurchaseOrderStatus,
} from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { applyStock, lockStock, type StockMove } from '../stock/stock-ledger.service';
import { products } from '../products/products.table';
import { suppliers } from '../suppliers/suppliers.table';
import { purchaseOrderErrors } from './purchase-orders.errors';
import {
  purchaseOrderItems,
  purchaseOrders,
  type PurchaseOrderItemRow,
  type PurchaseOrderRow,
} from './purchase-orders.table';

/** numeric(12,2) holds at most this many cents. */
const TOTAL_MAX_CENTS = 999_999_999_999n;

type SupplierContact = { name: string; email: string; phone: string } | null;
export type OrderWithParts = PurchaseOrderRow & {
  supplier: SupplierContact;
  items: PurchaseOrderItemRow[];
};

async function withParts(db: Executor, rows: PurchaseOrderRow[]): Promise<OrderWithParts[]> {
  if (rows.length === 0) return [];
  const supplierIds = [
    ...new Set(rows.flatMap((r) => (r.supplierId === null ? [] : [r.supplierId]))),
  ];
  const supplierRows = supplierIds.length
    ? await db
        .select({
          id: suppliers.id,
          name: suppliers.name,
          email: suppliers.email,
          phone: suppliers.phone,
        })
        .from(suppliers)
        .where(inArray(suppliers.id, supplierIds))
    : [];
  const itemRows = await db
    .select()
    .from(purchaseOrderItems)
    .where(
      inArray(
        purchaseOrderItems.purchaseOrderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(purchaseOrderItems.id));
  return rows.map((row) => {
    const supplier = supplierRows.find((s) => s.id === row.supplierId);
    return {
      ...row,
      supplier: supplier
        ? { name: supplier.name, email: supplier.email, phone: supplier.phone }
        : null,
      items: itemRows.filter((item) => item.purchaseOrderId === row.id),
    };
  });
}

/** GET /purchase-orders: newest first. */
export async function listPurchaseOrders(db: Executor, storeId: number): Promise<OrderWithParts[]> {
  const rows = await db
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.storeId, storeId))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id));
  return withParts(db, rows);
}

async function findOrder(db: Executor, storeId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.storeId, storeId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw purchaseOrderErrors.notFound();
  return row;
}

export async function getPurchaseOrder(
  db: Executor,
  storeId: number,
  id: number,
): Promise<OrderWithParts> {
  const [order] = await withParts(db, [await findOrder(db, storeId, id)]);
  return order!;
}

/** GET /purchase-orders/{id}/items. */
export async function listPurchaseOrderItems(
  db: Executor,
  storeId: number,
  id: number,
): Promise<PurchaseOrderItemRow[]> {
  await findOrder(db, storeId, id);
  return db
    .select()
    .from(purchaseOrderItems)
    .where(eq(purchaseOrderItems.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderItems.id));
}

/**
 * POST /purchase-orders. The supplier and every product must be the store's (400 naming the
 * field otherwise); the total is the sum of quantity × buying price, whatever the client sent.
 */
export async function createPurchaseOrder(
  db: Database,
  storeId: number,
  userId: number,
  input: CreatePurchaseOrderInput,
): Promise<OrderWithParts> {
  return db.transaction((tx) => insertPurchaseOrder(tx, storeId, userId, input));
}

/** Creates a pending order inside the caller's transaction. The demo seed uses this too. */
export async function insertPurchaseOrder(
  tx: Executor,
  storeId: number,
  userId: number | null,
  input: CreatePurchaseOrderInput,
): Promise<OrderWithParts> {
  const [supplier] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.id, input.supplier_id),
        eq(suppliers.storeId, storeId),
        // A deleted supplier that old orders name is kept as inactive; new orders skip it.
        eq(suppliers.status, 'active'),
      ),
    )
    .limit(1);
  if (!supplier) throw purchaseOrderErrors.supplierNotFound();
  const productIds = [...new Set(input.items.map((item) => item.product_id))];
  const found = await tx
    .select({ id: products.id, name: products.name, kind: products.kind })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.storeId, storeId)));
  const byId = new Map(found.map((p) => [p.id, p]));
  const names = new Map(found.map((p) => [p.id, p.name]));
  input.items.forEach((item, index) => {
    const product = byId.get(item.product_id);
    if (!product) throw purchaseOrderErrors.productNotFound(index, item.product_id);
    if (product.kind === 'service') {
      throw purchaseOrderErrors.serviceOrdered(`items.${index}.product_id`, product.name);
    }
  });
  const total = input.items.reduce(
    (sum, item) => sum + BigInt(item.buying_price) * BigInt(item.quantity),
    0n,
  );
  if (total > TOTAL_MAX_CENTS) {
    throw purchaseOrderErrors.totalTooLarge();
  }
  const [order] = await tx
    .insert(purchaseOrders)
    .values({
      storeId,
      supplierId: input.supplier_id,
      expectedDeliveryDate: input.expected_delivery_date,
      notes: input.notes,
      total: centsToDecimal(Number(total)),
      createdBy: userId,
    })
    .returning();
  await tx.insert(purchaseOrderItems).values(
    input.items.map((item) => ({
      purchaseOrderId: order!.id,
      storeId,
      productId: item.product_id,
      orderedProductId: item.product_id,
      productName: names.get(item.product_id)!,
      unitType: item.unit_type,
      quantity: item.quantity,
      buyingPrice: centsToDecimal(item.buying_price),
      sellingPrice: centsToDecimal(item.selling_price),
    })),
  );
  return (await withParts(tx, [order!]))[0]!;
}

/**
 * POST /purchase-orders/{id}/items: one more line on a pending order (409 once it was approved,
 * rejected or received, or when the product is already on it); the total is summed again from
 * every line. The order row is locked, so two additions cannot lose one another's total.
 */
export async function addPurchaseOrderItem(
  db: Database,
  storeId: number,
  id: number,
  item: PurchaseOrderItemInput,
): Promise<OrderWithParts> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, storeId, id, true);
    if (order.status !== 'pending') throw purchaseOrderErrors.notPending(order.status);
    const [product] = await tx
      .select({ id: products.id, name: products.name, kind: products.kind })
      .from(products)
      .where(and(eq(products.id, item.product_id), eq(products.storeId, storeId)))
      .limit(1);
    if (!product) throw purchaseOrderErrors.itemProductNotFound(item.product_id);
    if (product.kind === 'service')
      throw purchaseOrderErrors.serviceOrdered('product_id', product.name);
    const lines = await tx
      .select()
      .from(purchaseOrderItems)
      .where(eq(purchaseOrderItems.purchaseOrderId, order.id));
    if (lines.some((line) => line.productId === product.id)) {
      throw purchaseOrderErrors.alreadyOnOrder();
    }
    if (lines.length >= PURCHASE_ORDER_ITEMS_MAX) throw purchaseOrderErrors.tooManyItems();
    const total = lines.reduce(
      (sum, line) => sum + BigInt(toCents(line.buyingPrice) ?? 0) * BigInt(line.quantity),
      BigInt(item.buying_price) * BigInt(item.quantity),
    );
    if (total > TOTAL_MAX_CENTS) throw purchaseOrderErrors.totalTooLarge();
    await tx.insert(purchaseOrderItems).values({
      purchaseOrderId: order.id,
      storeId,
      productId: product.id,
      orderedProductId: product.id,
      productName: product.name,
      unitType: item.unit_type,
      quantity: item.quantity,
      buyingPrice: centsToDecimal(item.buying_price),
      sellingPrice: centsToDecimal(item.selling_price),
    });
    const [updated] = await tx
      .update(purchaseOrders)
      .set({ total: centsToDecimal(Number(total)) })
      .where(eq(purchaseOrders.id, order.id))
      .returning();
    return (await withParts(tx, [updated!]))[0]!;
  });
}

/** The capability a move to `status` needs (PRODUCT.md §1). */
function capabilityFor(status: PurchaseOrderStatus) {
  return status === 'received' ? 'purchase-orders:receive' : 'purchase-orders:approve';
}

/**
 * PUT /purchase-orders/{id}/status. pending → approved | rejected (approve capability);
 * approved or partially_received → received (receive capability), which adds to stock what
 * remains of every line. Anything else: 409. The order row is locked for the whole change, so
 * a second or concurrent receive sees 'received' and gets 409.
 */
export async function changePurchaseOrderStatus(
  db: Database,
  storeId: number,
  user: { id: number; role: Role },
  id: number,
  status: PurchaseOrderStatus,
): Promise<OrderWithParts> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, storeId, id, true);
    if (!can(user.role, capabilityFor(status))) throw purchaseOrderErrors.forbidden();
    if (!PURCHASE_ORDER_TRANSITIONS[order.status].includes(status)) {
      throw purchaseOrderErrors.badTransition(order.status, status);
    }
    if (status === 'received') {
      await receiveItems(tx, storeId, user.id, order.id);
      return setStatus(tx, order.id, 'received');
    }
    return setStatus(tx, order.id, status);
  });
}

async function setStatus(tx: Executor, orderId: number, status: PurchaseOrderStatus) {
  const update: Partial<PurchaseOrderRow> = { status };
  if (status === 'received') update.receivedAt = new Date();
  const [updated] = await tx
    .update(purchaseOrders)
    .set(update)
    .where(eq(purchaseOrders.id, orderId))
    .returning();
  return (await withParts(tx, [updated!]))[0]!;
}

/**
 * POST /purchase-orders/{id}/receive (issue 20): one delivery. Adds what arrived of each line
 * named (a line not on the order is a 400; more than remains of it a 409, nothing written),
 * and answers the order `received` when every line has all arrived or `close` ends it short,
 * else `partially_received`. Only an approved or partly received order (409 otherwise).
 */
export async function receivePurchaseOrder(
  db: Database,
  storeId: number,
  userId: number,
  id: number,
  input: ReceivePurchaseOrderInput,
): Promise<OrderWithParts> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, storeId, id, true);
    if (!RECEIVABLE_STATUSES.includes(order.status)) {
      throw purchaseOrderErrors.notReceivable(order.status);
    }
    const lines = await orderLines(tx, order.id);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const arriving = new Map<number, number>();
    input.items.forEach((item, index) => {
      const line = byId.get(item.item_id);
      if (!line) throw purchaseOrderErrors.itemNotOnOrder(index, item.item_id);
      const remaining = line.quantity - line.receivedQuantity;
      if (item.received_quantity > remaining) {
        throw purchaseOrderErrors.overReceipt(index, line.productName, remaining);
      }
      arriving.set(line.id, item.received_quantity);
    });
    const after = await receiveLines(tx, storeId, userId, order.id, lines, arriving);
    const complete = after.every((line) => line.receivedQuantity === line.quantity);
    return setStatus(tx, order.id, complete || input.close ? 'received' : 'partially_received');
  });
}

function orderLines(tx: Executor, orderId: number) {
  return tx
    .select()
    .from(purchaseOrderItems)
    .where(eq(purchaseOrderItems.purchaseOrderId, orderId))
    .orderBy(asc(purchaseOrderItems.id));
}

/**
 * Receives what remains of every line of the order, inside the caller's transaction (which
 * holds the order row locked, or, in the demo seed, owns it). The demo seed may instead name
 * what arrived of each line (`quantities`, in the lines' order) and when (`at`).
 */
export async function receiveItems(
  tx: Executor,
  storeId: number,
  userId: number | null,
  orderId: number,
  demo: { at?: Date; quantities?: readonly number[] } = {},
) {
  const lines = await orderLines(tx, orderId);
  const arriving = new Map(
    lines.map((line, i) => [
      line.id,
      demo.quantities?.[i] ?? line.quantity - line.receivedQuantity,
    ]),
  );
  await receiveLines(tx, storeId, userId, orderId, lines, arriving, demo.at);
}

/**
 * Adds `arriving` (line id → units) to the lines' products' stock through the stock ledger (a
 * 'purchase_order' movement per product), and to the lines' received quantities; the lines as
 * they are after.
 */
async function receiveLines(
  tx: Executor,
  storeId: number,
  userId: number | null,
  orderId: number,
  lines: PurchaseOrderItemRow[],
  arriving: Map<number, number>,
  at?: Date,
): Promise<PurchaseOrderItemRow[]> {
  const received = lines.filter((line) => (arriving.get(line.id) ?? 0) > 0);
  for (const line of received) {
    if (line.productId === null)
      throw purchaseOrderErrors.receivedProductGone(line.orderedProductId);
  }
  const productIds = [...new Set(received.map((line) => line.productId!))];
  // Locked in id order, as the stock ledger locks them, so a delivery and a sale touching the
  // same products cannot deadlock; read before the ledger adds, for this order's own bounds.
  const stock = new Map(
    (await lockStock(tx, storeId, productIds)).map((product) => [product.id, product]),
  );
  const pieces = new Map([...stock.values()].map((product) => [product.id, product.stockPieces]));
  const moves: StockMove[] = [];
  for (const line of received) {
    const product = stock.get(line.productId!);
    if (!product) throw purchaseOrderErrors.receivedProductGone(line.orderedProductId);
    if (product.kind === 'service') throw purchaseOrderErrors.serviceReceived(product.name);
    const added = toPieces(arriving.get(line.id)!, line.unitType, product.packSize);
    const total = pieces.get(product.id)! + added;
    if (total > STOCK_PIECES_MAX) throw purchaseOrderErrors.tooMuchStock(product.id);
    pieces.set(product.id, total);
    moves.push({ productId: product.id, changePieces: added });
  }
  // One 'purchase_order' movement per product, with what all its lines brought.
  await applyStock(tx, storeId, moves, {
    reason: 'purchase_order',
    reference: `PO-${orderId}`,
    userId,
    at,
  });
  const after: PurchaseOrderItemRow[] = [];
  for (const line of lines) {
    const units = arriving.get(line.id) ?? 0;
    if (units === 0) {
      after.push(line);
      continue;
    }
    const [updated] = await tx
      .update(purchaseOrderItems)
      .set({ receivedQuantity: line.receivedQuantity + units })
      .where(eq(purchaseOrderItems.id, line.id))
      .returning();
    after.push(updated!);
  }
  return after;
}
