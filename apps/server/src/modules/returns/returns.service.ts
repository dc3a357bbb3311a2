/**
 * Returns and refunds (issue 24; docs/decisions/0014 "Returns"). A manager takes lines of a
 * sale back — each restocked or written off as damaged — and refunds them in cash from the
 * drawer, M-Pesa sent back by hand, or off the customer's credit balance.
 *
 * One transaction writes all of it or none of it. Locks, in the order every other writer takes
 * them, so nothing deadlocks: the returned lines' products first, in id order (write_sale
 * locks a sale's products before its customer, for the credit and the points), then
 * the sale's named customer (repayments lock the customer before its sales), then the sale row
 * — two managers returning the same line queue there, and the second reads what the first
 * left — then the sale's lines, then for a refund off credit the customer's other unpaid sales.
 * The stock ledger takes the products' locks again, already held.
 *
 * Amounts are in integer cents. A line's refund is its charged total pro rata: what q more of
 * its units bring back is ⌊total × (r + q) / n⌋ − ⌊total × r / n⌋ (r already returned of n),
 * which is unit price × q for every line sold at its price, and never more than the line was
 * charged when a cart discount was spread over it — a line returned whole in any number of
 * returns refunds exactly its total.
 */
import { createHash } from 'node:crypto';
import { centsToDecimal, toCents } from '@duka/shared/money/money';
import type { CreateReturnInput, SaleReturn } from '@duka/shared/returns/returns.schemas';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { lowerBalance, settleSalesDue } from '../customers/customer-accounts.service';
import { customers } from '../customers/customers.table';
import { recordLoyalty } from '../customers/loyalty.service';
import { loyaltyTransactions } from '../customers/loyalty.table';
import { queueEtimsSend, queueEtimsSendAfterCommit } from '../etims/etims-send.service';
import { products } from '../products/products.table';
import { getSale } from '../sales/sales.service';
import { saleItems, sales, type SaleItemRow } from '../sales/sales.table';
import { shifts } from '../shifts/shifts.table';
import { applyStock, type StockMove } from '../stock/stock-ledger.service';
import { returnErrors } from './returns.errors';
import { presentSaleReturn } from './returns.presenters';
import { returnById } from './returns-read.service';
import { saleReturnItems, saleReturns } from './returns.table';

const RETURN_KEY_UNIQUE = 'sale_returns_store_idempotency_key_unique';

/** Stored numeric text → cents (the columns are never null or malformed). */
const cents = (stored: string) => toCents(stored)!;

/**
 * What an Idempotency-Key of a return is bound to: the sale and the return as the schema read
 * it — its lines in the order sent, the method, the M-Pesa code (only an M-Pesa refund keeps
 * one), the reason — not the store a super_admin named.
 */
export function returnRequestHash(saleId: number, input: CreateReturnInput): string {
  const request = [
    saleId,
    input.items.map((item) => [item.sale_item_id, item.quantity, item.restock]),
    input.refund_method,
    input.refund_method === 'mpesa' ? (input.mpesa_code ?? null) : null,
    input.reason,
  ];
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * POST /sales/{id}/returns. With an Idempotency-Key, a return already made with it in this
 * store is the answer (`replayed`) — also when both requests arrive together: the second waits
 * for the sale's lock, then meets the key's unique index (or a line the first already took
 * back, 409) and answers the first. The key sent with another body is refused (409).
 */
export async function createReturn(
  db: Database,
  storeId: number,
  userId: number,
  saleId: number,
  input: CreateReturnInput,
  idempotencyKey: string | undefined,
  /** The app's clock (the eTIMS send it queues). */
  now: Date = new Date(),
): Promise<{ saleReturn: SaleReturn; replayed: boolean }> {
  const requestHash = idempotencyKey === undefined ? null : returnRequestHash(saleId, input);
  const replay = async () => {
    if (idempotencyKey === undefined) return null;
    const [earlier] = await db
      .select({ id: saleReturns.id, requestHash: saleReturns.requestHash })
      .from(saleReturns)
      .where(and(eq(saleReturns.storeId, storeId), eq(saleReturns.idempotencyKey, idempotencyKey)))
      .limit(1);
    if (!earlier) return null;
    if (earlier.requestHash !== requestHash) throw returnErrors.idempotencyKeyReused();
    return { saleReturn: presentSaleReturn((await returnById(db, earlier.id))!), replayed: true };
  };

  const earlier = await replay();
  if (earlier) return earlier;
  try {
    const id = await db.transaction((tx) =>
      writeReturn(tx, storeId, userId, saleId, input, {
        idempotencyKey: idempotencyKey ?? null,
        requestHash,
      }),
    );
    // Issue 26: its credit note (a registered store's) to eTIMS, now that it committed; never
    // a 500 for a return that was made (logged, and the sweep sends it).
    await queueEtimsSendAfterCommit(() => queueEtimsSend(db, storeId, now), storeId);
    return { saleReturn: presentSaleReturn((await returnById(db, id))!), replayed: false };
  } catch (error) {
    if (
      idempotencyKey !== undefined &&
      (isUniqueViolation(error, RETURN_KEY_UNIQUE) || error instanceof AppError)
    ) {
      const raced = await replay();
      if (raced) return raced;
    }
    throw error;
  }
}

export interface WriteReturnOptions {
  idempotencyKey?: string | null;
  requestHash?: string | null;
  /** When it happened, if not now (the demo seed's history). */
  at?: Date;
}

/** What a line gives back: its refund and buying value in cents, and its pieces. */
interface ReturnedLine {
  index: number;
  line: SaleItemRow;
  quantity: number;
  restock: boolean;
  amount: number;
  buyingValue: number;
  pieces: number;
}

/** A line's charged total pro rata, cumulative: see the module's comment. */
function refundOf(line: SaleItemRow, already: number, quantity: number): number {
  const total = BigInt(cents(line.total));
  const sold = BigInt(line.quantity);
  return Number((total * BigInt(already + quantity)) / sold - (total * BigInt(already)) / sold);
}

/**
 * The drawer a cash refund comes out of: the refunding person's own open shift in the store;
 * else — a manager with no drawer of their own, called to the counter — the open shift the sale
 * was rung up in, whose cashier hands the money over. Neither open: no shift's. Read for share,
 * as a pay-out reads it, so a close waits for the refund and its Z report counts it.
 */
async function refundShift(
  tx: Executor,
  storeId: number,
  userId: number | null,
  saleShiftId: number | null,
): Promise<number | null> {
  const openShift = async (which: SQL) => {
    const [row] = await tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.storeId, storeId), isNull(shifts.closedAt), which))
      .limit(1)
      .for('share');
    return row?.id ?? null;
  };
  const own = userId === null ? null : await openShift(eq(shifts.userId, userId));
  if (own !== null) return own;
  return saleShiftId === null ? null : openShift(eq(shifts.id, saleShiftId));
}

/**
 * The products of the lines coming back, locked in id order before the customer — as write_sale
 * takes a sale's products before its customer, and as the stock ledger (restocked lines) and
 * the monthly sums' trigger on sale_return_items (every line, written off too: migration 0039)
 * take them again below — so a return and a credit or points-earning sale of the same customer
 * and product wait for each other instead of deadlocking. Lines not of the sale are left to the
 * checks below.
 */
async function lockReturnedProducts(
  tx: Executor,
  storeId: number,
  saleId: number,
  input: CreateReturnInput,
): Promise<void> {
  const lines = await tx
    .select({ productId: saleItems.productId })
    .from(saleItems)
    .where(
      and(
        eq(saleItems.saleId, saleId),
        inArray(
          saleItems.id,
          input.items.map((item) => item.sale_item_id),
        ),
        isNotNull(saleItems.productId),
      ),
    );
  const ids = [...new Set(lines.map((line) => line.productId!))];
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update');
}

/**
 * Writes one return in the caller's transaction (the demo seed uses it too); its id. Every
 * refusal throws before anything the caller could keep: the transaction rolls back whole.
 */
export async function writeReturn(
  tx: Executor,
  storeId: number,
  userId: number | null,
  saleId: number,
  input: CreateReturnInput,
  options: WriteReturnOptions = {},
): Promise<number> {
  // The sale's customer and its lines' products never change: read them first to lock the
  // products, then the customer, before the sale.
  const found = await getSale(tx, storeId, saleId);
  await lockReturnedProducts(tx, storeId, found.id, input);
  const customer =
    found.customerId === null
      ? undefined
      : (
          await tx
            .select({
              id: customers.id,
              storeId: customers.storeId,
              isWalkIn: customers.isWalkIn,
              balance: customers.balance,
              loyaltyPoints: customers.loyaltyPoints,
            })
            .from(customers)
            .where(and(eq(customers.id, found.customerId), eq(customers.isWalkIn, false)))
            .for('update')
        )[0];

  const sale = await getSale(tx, storeId, saleId, true);
  if (sale.status === 'cancelled') throw returnErrors.saleCancelled();
  const lines = await tx
    .select()
    .from(saleItems)
    .where(eq(saleItems.saleId, sale.id))
    .orderBy(asc(saleItems.id))
    .for('update');
  const lineById = new Map(lines.map((line) => [line.id, line]));

  const returned: ReturnedLine[] = input.items.map((item, index) => {
    const line = lineById.get(item.sale_item_id);
    if (!line) throw returnErrors.notThisSale(index);
    const left = line.quantity - line.returnedQuantity;
    if (item.quantity > left) throw returnErrors.overReturn(index, left, line.productName);
    // A deleted product has no shelf to go back on: the manager writes it off instead.
    if (item.restock && line.productKind === 'goods' && line.productId === null) {
      throw returnErrors.productGone(index, line.productName);
    }
    return {
      index,
      line,
      quantity: item.quantity,
      restock: item.restock,
      amount: refundOf(line, line.returnedQuantity, item.quantity),
      buyingValue: cents(line.buyingPrice) * item.quantity,
      // What left the shelf for this quantity (the line's pieces are quantity × unit size).
      pieces: Math.floor((line.pieces * item.quantity) / line.quantity),
    };
  });
  const amount = returned.reduce((sum, part) => sum + part.amount, 0);
  const buyingValue = returned.reduce((sum, part) => sum + part.buyingValue, 0);

  // The refund's own checks, before anything is written.
  if (input.refund_method === 'credit') {
    if (!customer) throw returnErrors.creditNeedsCustomer();
    if (cents(customer.balance) < amount) throw returnErrors.creditTooLarge(customer.balance);
  }
  const shiftId =
    input.refund_method === 'cash' ? await refundShift(tx, storeId, userId, sale.shiftId) : null;

  const pointsReversed = customer
    ? await pointsToTakeBack(tx, storeId, sale.id, lines, returned, customer.loyaltyPoints)
    : 0;

  const [row] = await tx
    .insert(saleReturns)
    .values({
      storeId,
      saleId: sale.id,
      customerId: sale.customerId,
      amount: centsToDecimal(amount),
      buyingValue: centsToDecimal(buyingValue),
      refundMethod: input.refund_method,
      mpesaCode: input.refund_method === 'mpesa' ? (input.mpesa_code ?? null) : null,
      reason: input.reason,
      pointsReversed,
      userId,
      shiftId,
      idempotencyKey: options.idempotencyKey ?? null,
      requestHash: options.requestHash ?? null,
      // Its time once the sale is locked, so a sale's returns' times run in their order.
      createdAt: options.at ?? sql`clock_timestamp()`,
    })
    .returning({ id: saleReturns.id, createdAt: saleReturns.createdAt });
  const returnId = row!.id;
  const at = row!.createdAt;

  await tx.insert(saleReturnItems).values(
    returned.map((part) => ({
      returnId,
      saleItemId: part.line.id,
      productId: part.line.productId,
      storeId,
      quantity: part.quantity,
      pieces: part.pieces,
      amount: centsToDecimal(part.amount),
      buyingValue: centsToDecimal(part.buyingValue),
      restock: part.restock,
      returnedAt: at,
    })),
  );
  for (const part of returned) {
    part.line.returnedQuantity += part.quantity;
    await tx
      .update(saleItems)
      .set({ returnedQuantity: part.line.returnedQuantity })
      .where(eq(saleItems.id, part.line.id));
  }
  const whole = lines.every((line) => line.returnedQuantity === line.quantity);
  await tx
    .update(sales)
    .set({
      returnedAmount: centsToDecimal(cents(sale.returnedAmount) + amount),
      status: whole ? 'returned' : 'partially_returned',
    })
    .where(eq(sales.id, sale.id));

  // Restocked goods come back in pieces: one 'return' movement per product (a service's line
  // takes no stock; the ledger leaves services out).
  const moves: StockMove[] = returned
    .filter((part) => part.restock && part.line.productKind === 'goods' && part.pieces > 0)
    .map((part) => ({ productId: part.line.productId!, changePieces: part.pieces }));
  await applyStock(tx, storeId, moves, {
    reason: 'return',
    reference: `SALE-${sale.id}`,
    userId,
    at: options.at,
  });

  if (input.refund_method === 'credit' && amount > 0) {
    await settleSalesDue(tx, storeId, customer!.id, amount, sale.id);
    await lowerBalance(tx, {
      storeId,
      customerId: customer!.id,
      amount,
      type: 'refund',
      saleId: sale.id,
      repaymentId: null,
      method: 'credit',
      mpesaCode: null,
      createdAt: at,
    });
  }
  if (pointsReversed > 0) {
    await recordLoyalty(
      tx,
      customer!,
      { points: -pointsReversed, kind: 'return', saleId: sale.id },
      userId,
      at,
    );
  }
  return returnId;
}

/**
 * Loyalty points earned on the returned part (issue 24): what the sale earned ('earn') less
 * what the goods still kept after this return would earn at the store's rate (points_earned,
 * the rule write_sale uses) less what earlier returns of the sale already took — never more
 * than the customer has now (they may have spent them: the balance never goes below zero).
 */
async function pointsToTakeBack(
  tx: Executor,
  storeId: number,
  saleId: number,
  lines: readonly SaleItemRow[],
  returned: readonly ReturnedLine[],
  balance: number,
): Promise<number> {
  const [earned] = await tx
    .select({ points: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)::integer` })
    .from(loyaltyTransactions)
    .where(and(eq(loyaltyTransactions.saleId, saleId), eq(loyaltyTransactions.kind, 'earn')));
  if (!earned || earned.points <= 0 || balance <= 0) return 0;
  // The goods kept: each goods line's total less its refunds so far, this return's included.
  const now = new Map(returned.map((part) => [part.line.id, part.quantity]));
  let kept = 0n;
  for (const line of lines) {
    if (line.productKind !== 'goods') continue;
    const back = line.returnedQuantity + (now.get(line.id) ?? 0);
    kept += BigInt(cents(line.total)) - BigInt(refundOf(line, 0, back));
  }
  const result = await tx.execute(sql`
    select points_earned(${kept.toString()}::bigint, st.loyalty_points_per_100)::integer as keep,
      (select coalesce(sum(r.points_reversed), 0)::integer from sale_returns r
        where r.sale_id = ${saleId}) as taken
    from stores st where st.id = ${storeId}`);
  const [row] = (result as { rows: { keep: number; taken: number }[] }).rows;
  const due = earned.points - Number(row?.keep ?? 0) - Number(row?.taken ?? 0);
  return Math.max(0, Math.min(due, balance));
}
