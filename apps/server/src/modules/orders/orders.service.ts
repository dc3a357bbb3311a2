/**
 * Online orders (spec §3 Order; PRODUCT.md §4, §5; issue 8).
 *
 * Placing an order prices every line from the product's current selling price for its unit in
 * the caller's store — the client's `unit_price` is never read — in integer cents, and refuses
 * a line the shelf cannot cover (409) without taking any stock. Fulfilling takes the stock: in
 * one transaction the order row is locked (two fulfils of one order take stock once), then its
 * products in id order (as sales do, so orders and sales never oversell or deadlock), each
 * product's pieces taken with an 'order' movement, and the status changed last. A product short
 * of stock refuses the whole move with 409 and nothing changes.
 */
import { centsToDecimal, toCents } from '@duka/shared/money/money';
import { toPieces, type UnitType } from '@duka/shared/money/units';
import {
  canMoveOrder,
  type CreateOrderInput,
  type OrderStatus,
} from '@duka/shared/orders/orders.schemas';
import { QUANTITY_MAX } from '@duka/shared/products/products.schemas';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { applyStock, lockStock } from '../stock/stock-ledger.service';
import { products } from '../products/products.table';
import { sellingPriceOf } from '../products/unit-prices.service';
import { users } from '../users/users.table';
import { orderErrors } from './orders.errors';
import { orderItems, orders, type OrderItemRow, type OrderRow } from './orders.table';

/** numeric(12,2) holds up to 9,999,999,999.99. */
const TOTAL_MAX_CENTS = 999_999_999_999;

export interface OrderWithParts {
  order: OrderRow;
  items: OrderItemRow[];
  user: { name: string; email: string } | null;
}

/** Items and the person who placed them, for several orders in two queries (no N+1). */
export async function withParts(db: Executor, rows: OrderRow[]): Promise<OrderWithParts[]> {
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.id);
  const userIds = [...new Set(rows.flatMap((row) => row.userId ?? []))];
  const [itemRows, userRows] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id)),
    userIds.length
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
  ]);
  const userById = new Map(userRows.map(({ id, ...user }) => [id, user]));
  return rows.map((order) => ({
    order,
    items: itemRows.filter((item) => item.orderId === order.id),
    user: order.userId === null ? null : (userById.get(order.userId) ?? null),
  }));
}

/**
 * One order of the store; with `ownerId`, only if that person placed it. Anything else —
 * another store's, another shopper's — is 404.
 */
export async function getOrder(
  db: Executor,
  storeId: number,
  id: number,
  ownerId?: number,
  lock = false,
): Promise<OrderRow> {
  const conditions = [eq(orders.id, id), eq(orders.storeId, storeId)];
  if (ownerId !== undefined) conditions.push(eq(orders.userId, ownerId));
  const query = db
    .select()
    .from(orders)
    .where(and(...conditions))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw orderErrors.notFound();
  return row;
}

export async function getOrderWithParts(
  db: Executor,
  storeId: number,
  id: number,
  ownerId?: number,
): Promise<OrderWithParts> {
  return (await withParts(db, [await getOrder(db, storeId, id, ownerId)]))[0]!;
}

/** GET /orders: newest first, one page, with the number of matching orders in all. */
export async function listOrders(
  db: Executor,
  storeId: number,
  query: { page: number; pageSize: number; status?: OrderStatus; ownerId?: number },
): Promise<{ rows: OrderWithParts[]; total: number }> {
  const conditions: SQL[] = [eq(orders.storeId, storeId)];
  if (query.ownerId !== undefined) conditions.push(eq(orders.userId, query.ownerId));
  if (query.status) conditions.push(eq(orders.status, query.status));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows: await withParts(db, rows), total: totals?.n ?? 0 };
}

interface OrderLine {
  /** The first place this product and unit appear in the request (for field errors). */
  index: number;
  productId: number;
  unitType: UnitType;
  quantity: number;
}

/** The same product and unit twice is one line with the quantities added. */
function mergeLines(input: CreateOrderInput): OrderLine[] {
  const byKey = new Map<string, OrderLine>();
  input.items.forEach((item, index) => {
    const key = `${item.product_id}:${item.unit_type}`;
    const line = byKey.get(key);
    if (line) line.quantity += item.quantity;
    else {
      byKey.set(key, {
        index,
        productId: item.product_id,
        unitType: item.unit_type,
        quantity: item.quantity,
      });
    }
  });
  return [...byKey.values()];
}

/** POST /orders: the order, placed by `userId` in `storeId`, in one transaction. */
export async function createOrder(
  db: Database,
  storeId: number,
  userId: number,
  input: CreateOrderInput,
): Promise<OrderWithParts> {
  const row = await db.transaction((tx) => insertOrder(tx, storeId, userId, input));
  return (await withParts(db, [row]))[0]!;
}

/** Writes the order inside the caller's transaction. The demo seed uses this too. */
export async function insertOrder(
  tx: Executor,
  storeId: number,
  userId: number | null,
  input: CreateOrderInput,
  createdAt?: Date,
): Promise<OrderRow> {
  const lines = mergeLines(input);
  const ids = [...new Set(lines.map((line) => line.productId))].sort((a, b) => a - b);
  const found = await tx
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids)))
    .orderBy(asc(products.id));
  const byId = new Map(found.map((product) => [product.id, product]));

  let totalCents = 0;
  const piecesWanted = new Map<number, number>();
  const priced = lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product || !product.isActive || product.kind === 'service') {
      throw orderErrors.productUnavailable(line.index);
    }
    if (line.quantity > QUANTITY_MAX) {
      throw orderErrors.quantityTooLarge(line.index);
    }
    const unitPriceCents = toCents(sellingPriceOf(product, line.unitType)) ?? 0;
    // A unit the store does not sell (no selling price for it) cannot be ordered for nothing.
    if (unitPriceCents <= 0) throw orderErrors.unitNotSold(line.index);
    const lineCents = line.quantity * unitPriceCents;
    totalCents += lineCents;
    if (totalCents > TOTAL_MAX_CENTS) throw orderErrors.totalTooLarge();
    const pieces = toPieces(line.quantity, line.unitType, product.packSize);
    piecesWanted.set(product.id, (piecesWanted.get(product.id) ?? 0) + pieces);
    return { line, product, pieces, unitPriceCents, lineCents };
  });
  // Stock is not taken until fulfilment, but an order the shelf cannot cover now is refused.
  for (const [productId, pieces] of piecesWanted) {
    const product = byId.get(productId)!;
    if (product.stockPieces < pieces) throw orderErrors.insufficientStock(product.name);
  }

  const [order] = await tx
    .insert(orders)
    .values({
      storeId,
      userId,
      status: 'pending',
      totalAmount: centsToDecimal(totalCents),
      phone: input.phone ?? null,
      fulfilment: input.fulfilment,
      // A pickup goes nowhere: an address sent with one is not kept.
      address: input.fulfilment === 'delivery' ? (input.address ?? null) : null,
      ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
    })
    .returning();
  await tx.insert(orderItems).values(
    priced.map(({ line, product, pieces, unitPriceCents, lineCents }) => ({
      orderId: order!.id,
      storeId,
      productId: product.id,
      productName: product.name,
      productSku: product.sku,
      unitType: line.unitType,
      quantity: line.quantity,
      pieces,
      unitPrice: centsToDecimal(unitPriceCents),
      total: centsToDecimal(lineCents),
    })),
  );
  return order!;
}

/** PUT /orders/{id}/status, in one transaction. */
export async function updateOrderStatus(
  db: Database,
  storeId: number,
  userId: number,
  id: number,
  status: OrderStatus,
): Promise<OrderWithParts> {
  const row = await db.transaction((tx) => moveOrder(tx, storeId, userId, id, status));
  return (await withParts(db, [row]))[0]!;
}

/**
 * Moves the order inside the caller's transaction; fulfilling takes its stock. The demo seed
 * uses this too (`at`: when the move happened).
 */
export async function moveOrder(
  tx: Executor,
  storeId: number,
  userId: number | null,
  id: number,
  status: OrderStatus,
  at = new Date(),
): Promise<OrderRow> {
  // The order row first: a second, concurrent move of this order waits here, then sees the new
  // status and is refused.
  const order = await getOrder(tx, storeId, id, undefined, true);
  if (!canMoveOrder(order.status, status)) throw orderErrors.badTransition(order.status, status);
  if (status === 'fulfilled') await takeStock(tx, order, userId);
  const [moved] = await tx
    .update(orders)
    .set({ status, updatedAt: at })
    .where(eq(orders.id, order.id))
    .returning();
  return moved!;
}

async function takeStock(tx: Executor, order: OrderRow, userId: number | null): Promise<void> {
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const gone = lines.find((line) => line.productId === null);
  // The product was deleted since the order was placed: there is no stock left to take.
  if (gone) throw orderErrors.insufficientStock(gone.productName);

  const piecesTaken = new Map<number, number>();
  for (const line of lines) {
    piecesTaken.set(line.productId!, (piecesTaken.get(line.productId!) ?? 0) + line.pieces);
  }
  // Lock every product of the order, in id order (the stock ledger's), before reading its
  // stock: a product made a service since has none to take.
  const ids = [...piecesTaken.keys()].sort((a, b) => a - b);
  const byId = new Map(
    (await lockStock(tx, order.storeId, ids)).map((product) => [product.id, product]),
  );
  for (const productId of ids) {
    const product = byId.get(productId);
    const pieces = piecesTaken.get(productId)!;
    const name = lines.find((line) => line.productId === productId)!.productName;
    if (!product || product.kind === 'service' || product.stockPieces < pieces) {
      throw orderErrors.insufficientStock(product?.name ?? name);
    }
  }
  // One 'order' movement per product, with what all its lines took.
  await applyStock(
    tx,
    order.storeId,
    lines.map((line) => ({ productId: line.productId!, changePieces: -line.pieces })),
    {
      reason: 'order',
      reference: `ORDER-${order.id}`,
      userId,
      errors: { tooLittleStock: (name) => orderErrors.insufficientStock(name) },
    },
  );
}
