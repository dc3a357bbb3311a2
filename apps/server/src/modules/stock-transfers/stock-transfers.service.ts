/**
 * Stock transfers between the stores of a chain (issue 25; decisions/0016 "Transfers"). The
 * sender's stock leaves at once ('transfer_out'), the destination's enters when it receives
 * ('transfer_in', into its product with the same SKU — created, inactive, when it has none), and
 * a cancel brings it back to the sender ('transfer_cancel'); each through the stock ledger, all
 * referenced 'TRANSFER-{id}', so a product's stock stays the sum of its movements and its
 * history can name the other store.
 *
 * Locks, in one order so nothing deadlocks: a send locks the sender's products (id order) and
 * inserts a new transfer; a receive or a cancel locks the transfer's row FOR UPDATE first — two
 * receives at once, or a receive and a cancel, queue there and the second finds it no longer in
 * transit (409) — then the products the ledger moves, in id order.
 */
import { toCents } from '@duka/shared/money/money';
import { toPieces } from '@duka/shared/money/units';
import { STOCK_PIECES_MAX } from '@duka/shared/products/products.schemas';
import { DEFAULT_TAX_TYPE } from '@duka/shared/tax/tax';
import type {
  CreateStockTransferInput,
  ReceiveStockTransferInput,
  StockTransferListQuery,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { categories } from '../categories/categories.table';
import { catalogueChanged } from '../products/products-catalogue.service';
import { insertProduct } from '../products/products-writes.service';
import { pieceBuyingPriceSql } from '../products/piece-buying-price.service';
import { products } from '../products/products.table';
import { applyStock, lockStock } from '../stock/stock-ledger.service';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';
import { transferErrors } from './stock-transfers.errors';
import type { Ref, TransferWithDetails } from './stock-transfers.presenters';
import {
  stockTransferItems,
  stockTransfers,
  type StockTransferItemRow,
  type StockTransferRow,
} from './stock-transfers.table';

/** What a transfer's movements are referenced by. */
export const transferReference = (id: number) => `TRANSFER-${id}`;

/** When it happened, if not now (the demo seed's history). */
export interface TransferWriteOptions {
  at?: Date;
}

const fromStore = alias(stores, 'transfer_from_store');
const toStore = alias(stores, 'transfer_to_store');
const sender = alias(users, 'transfer_sender');
const receiver = alias(users, 'transfer_receiver');
const canceller = alias(users, 'transfer_canceller');

function ref(id: number | null, name: string | null): Ref | null {
  return id !== null && name !== null ? { id, name } : null;
}

const withDetails = (db: Executor) =>
  db
    .select({
      transfer: stockTransfers,
      fromName: fromStore.name,
      toName: toStore.name,
      senderName: sender.name,
      receiverName: receiver.name,
      cancellerName: canceller.name,
    })
    .from(stockTransfers)
    .innerJoin(fromStore, eq(fromStore.id, stockTransfers.fromStoreId))
    .innerJoin(toStore, eq(toStore.id, stockTransfers.toStoreId))
    .leftJoin(sender, eq(sender.id, stockTransfers.sentBy))
    .leftJoin(receiver, eq(receiver.id, stockTransfers.receivedBy))
    .leftJoin(canceller, eq(canceller.id, stockTransfers.cancelledBy));

type Joined = Awaited<ReturnType<ReturnType<typeof withDetails>['where']>>[number];

/** The transfers' rows with their lines (one read of the lines for all of them). */
async function withItems(db: Executor, found: Joined[]): Promise<TransferWithDetails[]> {
  const ids = found.map(({ transfer }) => transfer.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(stockTransferItems)
          .where(inArray(stockTransferItems.transferId, ids))
          .orderBy(asc(stockTransferItems.id));
  const byTransfer = new Map<number, StockTransferItemRow[]>();
  for (const line of lines) {
    const list = byTransfer.get(line.transferId) ?? [];
    list.push(line);
    byTransfer.set(line.transferId, list);
  }
  return found.map(({ transfer, fromName, toName, senderName, receiverName, cancellerName }) => ({
    row: transfer,
    fromStore: { id: transfer.fromStoreId, name: fromName },
    toStore: { id: transfer.toStoreId, name: toName },
    sentBy: ref(transfer.sentBy, senderName),
    receivedBy: ref(transfer.receivedBy, receiverName),
    cancelledBy: ref(transfer.cancelledBy, cancellerName),
    items: byTransfer.get(transfer.id) ?? [],
  }));
}

/** Either side of the transfer may read it: the sender or the destination. */
const onEitherSide = (storeId: number): SQL =>
  or(eq(stockTransfers.fromStoreId, storeId), eq(stockTransfers.toStoreId, storeId))!;

/** GET /stock-transfers/{id}: the transfer if the store sends or receives it, else 404. */
export async function getTransfer(
  db: Executor,
  storeId: number,
  id: number,
): Promise<TransferWithDetails> {
  const found = await withDetails(db).where(and(eq(stockTransfers.id, id), onEitherSide(storeId)));
  const [transfer] = await withItems(db, found);
  if (!transfer) throw transferErrors.notFound();
  return transfer;
}

/** GET /stock-transfers: one side of the store's transfers, newest first, paged. */
export async function listTransfers(
  db: Executor,
  storeId: number,
  query: StockTransferListQuery,
): Promise<{ data: TransferWithDetails[]; total: number }> {
  const side =
    query.direction === 'incoming'
      ? eq(stockTransfers.toStoreId, storeId)
      : eq(stockTransfers.fromStoreId, storeId);
  const where = and(side, query.status ? eq(stockTransfers.status, query.status) : undefined);
  const [totalRow] = await db.select({ n: count() }).from(stockTransfers).where(where);
  const found = await withDetails(db)
    .where(where)
    .orderBy(desc(stockTransfers.sentAt), desc(stockTransfers.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { data: await withItems(db, found), total: totalRow?.n ?? 0 };
}

/**
 * POST /stock-transfers: in one transaction, the sender's products locked in id order and
 * checked (the store's, goods), the destination checked (another active store), the transfer
 * and its lines written, and the stock taken off the sender ('transfer_out'). Its id.
 */
export async function sendTransfer(
  db: Database,
  fromStoreId: number,
  userId: number | null,
  input: CreateStockTransferInput,
  options: TransferWriteOptions = {},
): Promise<number> {
  return db.transaction((tx) => writeSend(tx, fromStoreId, userId, input, options));
}

/** The send inside the caller's transaction (the demo seed uses it too). */
export async function writeSend(
  tx: Executor,
  fromStoreId: number,
  userId: number | null,
  input: CreateStockTransferInput,
  options: TransferWriteOptions = {},
): Promise<number> {
  if (input.to_store_id === fromStoreId) throw transferErrors.sameStore();
  const [destination] = await tx
    .select({ id: stores.id, isActive: stores.isActive })
    .from(stores)
    .where(eq(stores.id, input.to_store_id))
    .limit(1);
  if (!destination || !destination.isActive) throw transferErrors.destinationNotFound();

  const locked = await lockStock(
    tx,
    fromStoreId,
    input.items.map((item) => item.product_id),
  );
  const byId = new Map(locked.map((row) => [row.id, row]));
  const lines = input.items.map((item, index) => {
    const product = byId.get(item.product_id);
    if (!product) throw transferErrors.productNotFound(index);
    if (product.kind !== 'goods') throw transferErrors.service(index);
    return {
      product,
      quantity: item.quantity,
      unitType: item.unit_type,
      pieces: toPieces(item.quantity, item.unit_type, product.packSize),
    };
  });
  // The sender's buying price of one piece (the delivery note's value), to four decimals.
  const prices = new Map(
    (
      await tx
        .select({ id: products.id, price: sql<string>`round(${pieceBuyingPriceSql}, 4)::text` })
        .from(products)
        .where(inArray(products.id, [...byId.keys()]))
    ).map((row) => [row.id, row.price]),
  );
  // Before anything is written: a line no stock could hold is short whatever the shelf holds.
  for (const line of lines) {
    if (line.pieces > line.product.stockPieces) {
      throw transferErrors.insufficientStock(line.product.name);
    }
  }

  const [transfer] = await tx
    .insert(stockTransfers)
    .values({
      // The transfer is the sender's (issue 27): store_id = from_store_id, held by a check.
      storeId: fromStoreId,
      fromStoreId,
      toStoreId: destination.id,
      note: input.note ?? '',
      sentBy: userId,
      ...(options.at ? { sentAt: options.at } : {}),
    })
    .returning({ id: stockTransfers.id });
  const id = transfer!.id;
  await tx.insert(stockTransferItems).values(
    lines.map((line) => ({
      transferId: id,
      storeId: fromStoreId,
      productId: line.product.id,
      sku: line.product.sku,
      name: line.product.name,
      quantity: line.quantity,
      unitType: line.unitType,
      pieces: line.pieces,
      pieceBuyingPrice: prices.get(line.product.id) ?? '0',
    })),
  );
  await applyStock(
    tx,
    fromStoreId,
    lines.map((line) => ({ productId: line.product.id, changePieces: -line.pieces })),
    {
      reason: 'transfer_out',
      reference: transferReference(id),
      userId,
      at: options.at,
      errors: { tooLittleStock: (name) => transferErrors.insufficientStock(name) },
    },
  );
  return id;
}

/**
 * The transfer's row locked FOR UPDATE on the store's side (`side`), 403 when the store is on
 * the other side (`refused`), 404 when on neither, 409 when no longer in transit.
 */
async function lockInTransit(
  tx: Executor,
  storeId: number,
  id: number,
  side: 'to' | 'from',
  refused: () => Error,
): Promise<StockTransferRow> {
  const mine = side === 'to' ? stockTransfers.toStoreId : stockTransfers.fromStoreId;
  const theirs = side === 'to' ? stockTransfers.fromStoreId : stockTransfers.toStoreId;
  const [row] = await tx
    .select()
    .from(stockTransfers)
    .where(and(eq(stockTransfers.id, id), eq(mine, storeId)))
    .for('update');
  if (!row) {
    const [other] = await tx
      .select({ id: stockTransfers.id })
      .from(stockTransfers)
      .where(and(eq(stockTransfers.id, id), eq(theirs, storeId)))
      .limit(1);
    throw other ? refused() : transferErrors.notFound();
  }
  if (row.status !== 'in_transit') throw transferErrors.notInTransit();
  return row;
}

/** The destination store's category of that name (any case), or null. */
async function categoryNamed(
  tx: Executor,
  storeId: number,
  categoryId: number | null,
): Promise<number | null> {
  if (categoryId === null) return null;
  const [source] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!source) return null;
  const [found] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(eq(categories.storeId, storeId), sql`lower(${categories.name}) = lower(${source.name})`),
    )
    .limit(1);
  return found?.id ?? null;
}

async function productWithSku(tx: Executor, storeId: number, sku: string) {
  const [found] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), sql`lower(${products.sku}) = lower(${sku})`))
    .limit(1);
  return found?.id;
}

/**
 * The destination's product for a line: the one with the line's SKU (any case), else a new one
 * made from the sender's product (or the line's snapshot, the sender's deleted) — inactive,
 * no stock, the destination's category of the same name. Created in a savepoint: another
 * transfer creating the same SKU at once wins the unique index, and its product is used.
 */
async function destinationProduct(
  tx: Executor,
  toStoreId: number,
  userId: number | null,
  line: StockTransferItemRow,
  at: Date | undefined,
): Promise<{ id: number; created: boolean }> {
  const existing = await productWithSku(tx, toStoreId, line.sku);
  if (existing !== undefined) return { id: existing, created: false };
  const [source] =
    line.productId === null
      ? []
      : await tx.select().from(products).where(eq(products.id, line.productId)).limit(1);
  const cents = (stored: string | undefined) => (stored === undefined ? 0 : (toCents(stored) ?? 0));
  const perUnit = line.pieces / line.quantity;
  const input = {
    name: source?.name ?? line.name,
    description: source?.description ?? '',
    sku: source?.sku ?? line.sku,
    barcode: source?.barcode ?? '',
    category_id: await categoryNamed(tx, toStoreId, source?.categoryId ?? null),
    // The line's piece price (4 decimals) to the cent, when only the snapshot is left: read
    // as decimal text (a double of 1.005 × 100 is 100.4999…).
    piece_buying_price: cents(source ? source.pieceBuyingPrice : line.pieceBuyingPrice),
    piece_selling_price: cents(source?.pieceSellingPrice),
    pack_buying_price: cents(source?.packBuyingPrice),
    pack_selling_price: cents(source?.packSellingPrice),
    dozen_buying_price: cents(source?.dozenBuyingPrice),
    dozen_selling_price: cents(source?.dozenSellingPrice),
    quantity: 0,
    min_quantity: source?.minQuantity ?? 0,
    pack_size: source?.packSize ?? (line.unitType === 'pack' ? perUnit : 1),
    stock_unit: source?.stockUnit ?? line.unitType,
    is_active: false,
    kind: 'goods' as const,
    // The sender's tax letter: the goods are the same (the receiving manager checks the price).
    tax_type: source?.taxType ?? DEFAULT_TAX_TYPE,
  };
  try {
    const row = await tx.transaction((savepoint) =>
      insertProduct(savepoint, toStoreId, userId, input, at),
    );
    return { id: row.id, created: true };
  } catch (error) {
    if (!isUniqueViolation(error, 'products_store_sku_unique')) throw error;
    const raced = await productWithSku(tx, toStoreId, line.sku);
    if (raced === undefined) throw error;
    return { id: raced, created: false };
  }
}

/**
 * POST /stock-transfers/{id}/receive: in one transaction, the transfer locked (only the
 * destination, only in transit), each line's arrival recorded with its difference and its
 * destination product (found by SKU or created), and the stock added there ('transfer_in').
 * A product made there has the catalogue's lists read again, as any product write does.
 */
export async function receiveTransfer(
  db: Database,
  toStoreId: number,
  userId: number | null,
  id: number,
  input: ReceiveStockTransferInput,
  options: TransferWriteOptions = {},
): Promise<void> {
  let created = false;
  try {
    await db.transaction(async (tx) => {
      created = await writeReceive(tx, toStoreId, userId, id, input, options);
    });
  } finally {
    if (created) catalogueChanged(toStoreId);
  }
}

/** The receive inside the caller's transaction; true when a product was created. */
export async function writeReceive(
  tx: Executor,
  toStoreId: number,
  userId: number | null,
  id: number,
  input: ReceiveStockTransferInput,
  options: TransferWriteOptions = {},
): Promise<boolean> {
  const transfer = await lockInTransit(tx, toStoreId, id, 'to', transferErrors.notReceiver);
  const lines = await tx
    .select()
    .from(stockTransferItems)
    .where(eq(stockTransferItems.transferId, transfer.id))
    .orderBy(asc(stockTransferItems.id));

  const counted = new Map<number, number>();
  (input.items ?? []).forEach((item, index) => {
    if (!lines.some((line) => line.productId === item.product_id)) {
      throw transferErrors.notInTransfer(index);
    }
    counted.set(item.product_id, item.received_quantity);
  });
  const received = lines.map((line) => {
    const quantity =
      line.productId !== null && counted.has(line.productId)
        ? counted.get(line.productId)!
        : line.quantity;
    const pieces = quantity * (line.pieces / line.quantity);
    if (pieces > STOCK_PIECES_MAX) {
      const index = (input.items ?? []).findIndex((item) => item.product_id === line.productId);
      throw transferErrors.tooMuchReceived(Math.max(index, 0));
    }
    return { line, quantity, pieces };
  });

  let created = false;
  const targets: (number | null)[] = received.map(() => null);
  // In SKU order: a product made here holds its SKU's unique-index entry until commit, so two
  // receives making the same new SKUs in opposite orders would each wait for the other.
  const bySku = [...received.keys()].sort((a, b) => {
    const [x, y] = [received[a]!.line.sku.toLowerCase(), received[b]!.line.sku.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  for (const index of bySku) {
    const { line, pieces } = received[index]!;
    // Nothing arrived: the line enters the product with its SKU if there is one, and no product
    // is made for it.
    const found =
      pieces > 0
        ? await destinationProduct(tx, toStoreId, userId, line, options.at)
        : { id: (await productWithSku(tx, toStoreId, line.sku)) ?? null, created: false };
    created ||= found.created;
    targets[index] = found.id;
  }
  // The destination's products locked in id order (the ledger's), then checked: a service has
  // no stock to receive into, and no stock may grow beyond what the ledger holds.
  const ids = targets.filter((target): target is number => target !== null);
  const locked = await lockStock(tx, toStoreId, [...new Set(ids)]);
  for (const product of locked) {
    if (product.kind !== 'goods') throw transferErrors.destinationService(product.sku);
    const arriving = received.reduce(
      (sum, { pieces }, index) => sum + (targets[index] === product.id ? pieces : 0),
      0,
    );
    if (product.stockPieces + arriving > STOCK_PIECES_MAX) {
      const line = received.find((_, index) => targets[index] === product.id)!.line;
      const index = (input.items ?? []).findIndex((item) => item.product_id === line.productId);
      throw transferErrors.destinationStockTooLarge(Math.max(index, 0));
    }
  }

  const at = options.at ?? sql`clock_timestamp()`;
  for (const [index, { line, quantity, pieces }] of received.entries()) {
    await tx
      .update(stockTransferItems)
      .set({
        toProductId: targets[index] ?? null,
        receivedQuantity: quantity,
        receivedPieces: pieces,
        differencePieces: pieces - line.pieces,
      })
      .where(eq(stockTransferItems.id, line.id));
  }
  await tx
    .update(stockTransfers)
    .set({ status: 'received', receivedBy: userId, receivedAt: at })
    .where(eq(stockTransfers.id, transfer.id));
  await applyStock(
    tx,
    toStoreId,
    received
      .map(({ pieces }, index) => ({ productId: targets[index] ?? 0, changePieces: pieces }))
      .filter((move) => move.changePieces > 0),
    { reason: 'transfer_in', reference: transferReference(transfer.id), userId, at: options.at },
  );
  return created;
}

/**
 * POST /stock-transfers/{id}/cancel: in one transaction, the transfer locked (only the sender,
 * only in transit), its stock back on each of the sender's products that still exists
 * ('transfer_cancel') and the transfer cancelled.
 */
export async function cancelTransfer(
  db: Database,
  fromStoreId: number,
  userId: number | null,
  id: number,
  options: TransferWriteOptions = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const transfer = await lockInTransit(tx, fromStoreId, id, 'from', transferErrors.notSender);
    const lines = await tx
      .select()
      .from(stockTransferItems)
      .where(eq(stockTransferItems.transferId, transfer.id));
    // The sender's products locked in id order (the ledger's) and read: the stock coming back
    // may not take one beyond what the ledger holds (it may have been restocked meanwhile).
    const back = new Map(
      lines.flatMap((line) => (line.productId === null ? [] : [[line.productId, line.pieces]])),
    );
    for (const product of await lockStock(tx, fromStoreId, [...back.keys()])) {
      if (product.stockPieces + back.get(product.id)! > STOCK_PIECES_MAX) {
        throw transferErrors.cancelStockTooLarge();
      }
    }
    await tx
      .update(stockTransfers)
      .set({
        status: 'cancelled',
        cancelledBy: userId,
        cancelledAt: options.at ?? sql`clock_timestamp()`,
      })
      .where(eq(stockTransfers.id, transfer.id));
    await applyStock(
      tx,
      fromStoreId,
      lines
        .filter((line) => line.productId !== null)
        .map((line) => ({ productId: line.productId!, changePieces: line.pieces })),
      {
        reason: 'transfer_cancel',
        reference: transferReference(transfer.id),
        userId,
        at: options.at,
      },
    );
  });
}
