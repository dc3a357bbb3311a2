/**
 * Sales at the till (spec §3, §4 Checkout; PRODUCT.md §3, §4b; issue 7).
 *
 * A sale is written by one statement, write_sale (migration 0027, the sale as one jsonb value),
 * so all of it or none of it is: the customer checked and the products locked in id order (no
 * deadlocks between two tills), the stock taken through the stock ledger (stock_apply: one
 * 'sale' movement per product), the sale row (a concurrent retry with the same Idempotency-Key
 * meets its unique index and returns this sale), its payment parts, the lines with the buying
 * price of their unit at that moment, and a named customer's loyalty points. A line that would
 * take a product below zero refuses the whole sale with 409 and writes nothing.
 *
 * Discounts (issue 20, docs/decisions/0004): write_sale keeps on each line the list price of
 * its unit and its discount, and refuses (DK004 → 403) a cashier's line more than the store's
 * cap below list unless a manager approved; a whole-cart discount is spread over the lines
 * here, before, so every line carries its own part.
 *
 * Payments (issue 21, docs/decisions/0009): one method for the total, or parts (cash, M-Pesa,
 * credit) whose rules are shared/sales/payments, checked here; a credit part needs a named
 * customer (DK006 → 400) within their credit limit (DK005 → 409), which write_sale checks with
 * the customer's row locked, adding it to what they owe.
 */
import { createHash } from 'node:crypto';
import { centsToDecimal } from '@duka/shared/money/money';
import type { UnitType } from '@duka/shared/money/units';
import type { ProductKind } from '@duka/shared/products/products.schemas';
import { spreadCartDiscount } from '@duka/shared/sales/discounts';
import { settlePayments } from '@duka/shared/sales/payments';
import type {
  CreateSaleInput,
  DiscountApproval,
  SaleListQuery,
} from '@duka/shared/sales/sales.schemas';
import { and, asc, count, eq, exists, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { AppError, isUniqueViolation, postgresErrorOf } from '../../lib/errors';
import { createListCache } from '../../lib/list-cache';
import { pageWindow } from '../../lib/paging';
import { endOfShopDay, startOfShopDay } from '../../lib/shop-day';
import type { AuthUser } from '../../lib/session';
import { customers } from '../customers/customers.table';
import { users } from '../users/users.table';
import { saleErrors } from './sales.errors';
import type { SaleWithParts } from './sales.presenters';
import {
  saleItems,
  salePayments,
  sales,
  type SaleItemRow,
  type SalePaymentRow,
  type SaleRow,
} from './sales.table';

export type { SaleWithParts } from './sales.presenters';

const IDEMPOTENCY_UNIQUE = 'sales_store_idempotency_key_unique';
/** numeric(12,2) holds up to 9,999,999,999.99. */
const TOTAL_MAX_CENTS = 999_999_999_999;

/** Items, payments, customer and cashier of several sales in four queries (none per sale). */
export async function withParts(db: Executor, rows: SaleRow[]): Promise<SaleWithParts[]> {
  if (rows.length === 0) return [];
  const saleIds = rows.map((row) => row.id);
  const customerIds = [...new Set(rows.flatMap((row) => row.customerId ?? []))];
  const userIds = [
    ...new Set(rows.flatMap((row) => [row.userId ?? [], row.discountApprovedBy ?? []].flat())),
  ];
  const [itemRows, paymentRows, customerRows, userRows] = await Promise.all([
    db
      .select()
      .from(saleItems)
      .where(inArray(saleItems.saleId, saleIds))
      .orderBy(asc(saleItems.id)),
    db
      .select()
      .from(salePayments)
      .where(inArray(salePayments.saleId, saleIds))
      .orderBy(asc(salePayments.id)),
    customerIds.length
      ? db
          .select({
            id: customers.id,
            name: customers.name,
            email: customers.email,
            phone: customers.phone,
          })
          .from(customers)
          .where(inArray(customers.id, customerIds))
      : [],
    userIds.length
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
  ]);
  const customerById = new Map(customerRows.map(({ id, ...customer }) => [id, customer]));
  const userById = new Map(userRows.map(({ id, ...user }) => [id, user]));
  const approverOf = (id: number | null) => {
    const found = id === null ? undefined : userById.get(id);
    return found ? { id: id!, name: found.name } : null;
  };
  return rows.map((sale) => ({
    sale,
    items: itemRows.filter((item) => item.saleId === sale.id),
    payments: paymentRows.filter((payment) => payment.saleId === sale.id),
    customer: sale.customerId === null ? null : (customerById.get(sale.customerId) ?? null),
    user: sale.userId === null ? null : (userById.get(sale.userId) ?? null),
    approver: approverOf(sale.discountApprovedBy),
  }));
}

/** A value as JSON with every object's keys in order: the same request, the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What an Idempotency-Key is bound to (issue 20): the SHA-256 of the sale's request as the schema
 * read it (amounts in cents, defaults filled in), so "60" and 60.00 are the same sale and any
 * other line, price, customer or payment is a different one. A manager's approval counts by
 * its email alone: a fast hash of a password kept in the database could be guessed offline.
 */
export function saleRequestHash(input: CreateSaleInput): string {
  const request = { ...input, discount_approval: input.discount_approval?.email };
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

async function findSaleByKey(db: Executor, storeId: number, key: string) {
  const [row] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.storeId, storeId), eq(sales.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function getSale(
  db: Executor,
  storeId: number,
  id: number,
  lock = false,
): Promise<SaleRow> {
  const query = db
    .select()
    .from(sales)
    .where(and(eq(sales.id, id), eq(sales.storeId, storeId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw saleErrors.notFound();
  return row;
}

export async function getSaleWithParts(
  db: Executor,
  storeId: number,
  id: number,
): Promise<SaleWithParts> {
  return (await withParts(db, [await getSale(db, storeId, id)]))[0]!;
}

/** The sales list's counts (lib/list-cache). */
const saleCounts = createListCache<number>();

/**
 * GET /sales: newest first, one page, with the number of matching sales in all. `from` and
 * `to` are shop days, each inclusive: from 00:00 EAT of `from` to before 00:00 EAT of the day
 * after `to`.
 */
export async function listSales(
  db: Executor,
  storeId: number,
  query: Pick<SaleListQuery, 'page' | 'pageSize' | 'from' | 'to' | 'payment_method'>,
): Promise<{ rows: SaleWithParts[]; total: number }> {
  const conditions: SQL[] = [eq(sales.storeId, storeId)];
  if (query.from) conditions.push(gte(sales.createdAt, startOfShopDay(query.from)));
  if (query.to) {
    conditions.push(lt(sales.createdAt, endOfShopDay(query.to)));
  }
  const method = query.payment_method;
  if (method === 'split') conditions.push(eq(sales.paymentMethod, 'split'));
  else if (method) {
    // Cash, M-Pesa or credit: every sale with a part of that method, a split sale's included
    // (decision 0009); a sale of total 0 has no part, only its method.
    conditions.push(
      or(
        eq(sales.paymentMethod, method),
        exists(
          db
            .select({ one: sql`1` })
            .from(salePayments)
            .where(and(eq(salePayments.saleId, sales.id), eq(salePayments.method, method))),
        ),
      )!,
    );
  }
  const where = and(...conditions);
  // Counted at most every few seconds (lib/list-cache); a sale made here forgets the counts.
  const total = await saleCounts.get(
    db,
    storeId,
    `${query.from ?? ''}|${query.to ?? ''}|${query.payment_method ?? ''}`,
    async () => {
      const [totals] = await db.select({ n: count() }).from(sales).where(where);
      return totals?.n ?? 0;
    },
  );
  // Newest first, in the order of sales_store_created_idx (its columns are DESC NULLS LAST,
  // the same order as DESC for these NOT NULL columns, but only the same words let PostgreSQL
  // walk the index). The page's ids come from the index, walked from the nearer end
  // (lib/paging), then those rows alone.
  const window = pageWindow(total, query.page, query.pageSize);
  const order = window.reverse
    ? [sql`${sales.createdAt} asc nulls first`, sql`${sales.id} asc nulls first`]
    : newestFirst;
  const pageIds = db
    .select({ id: sales.id })
    .from(sales)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  const rows =
    window.limit === 0
      ? []
      : await db
          .select()
          .from(sales)
          .where(inArray(sales.id, pageIds))
          .orderBy(...newestFirst);
  return { rows: await withParts(db, rows), total };
}

const newestFirst = [
  sql`${sales.createdAt} desc nulls last`,
  sql`${sales.id} desc nulls last`,
] as const;

interface PricedLine {
  index: number;
  productId: number;
  quantity: number;
  unitType: UnitType;
  unitPriceCents: number;
  /** What the line is charged: quantity × unit price, less its part of a cart discount. */
  totalCents: number;
}

/**
 * Line totals and the sale total in cents, checked against what the till sent. A whole-cart
 * discount (at most the lines' sum) comes off the lines in proportion to their totals.
 */
function priceSale(input: CreateSaleInput) {
  const gross = input.items.map((item, index) => {
    const totalCents = item.quantity * item.unit_price;
    if (item.total !== undefined && item.total !== totalCents) {
      throw saleErrors.lineTotalMismatch(index);
    }
    return totalCents;
  });
  const goods = gross.reduce((sum, line) => sum + line, 0);
  if (input.cart_discount > goods) throw saleErrors.cartDiscountTooLarge();
  const shares = spreadCartDiscount(gross, input.cart_discount);
  const lines: PricedLine[] = input.items.map((item, index) => ({
    index,
    productId: item.product_id,
    quantity: item.quantity,
    unitType: item.unit_type,
    unitPriceCents: item.unit_price,
    totalCents: gross[index]! - shares[index]!,
  }));
  const subtotal = goods - input.cart_discount;
  const total = subtotal + input.delivery_fee;
  if (total > TOTAL_MAX_CENTS) throw saleErrors.totalTooLarge();
  if (input.total !== total) throw saleErrors.totalMismatch(total);
  // How it is paid (issue 21): the parts, cash net of change (shared/sales/payments).
  const settled = settlePayments(total, input);
  if (!settled.ok) throw saleErrors.payment(settled.problem);
  const payment = settled.value;
  if (payment.tendered > TOTAL_MAX_CENTS) throw saleErrors.totalTooLarge();
  return { lines, subtotal, total, payment };
}

/** Checks a manager's approval typed at the till (discount-approval.service.ts). */
export type ApproveDiscount = (approval: DiscountApproval) => Promise<{ id: number; name: string }>;

/**
 * POST /sales. With an Idempotency-Key, a sale already made with that key in this store is
 * returned (`replayed`) instead of a second one — also when both requests arrive together.
 * A cashier (role sales) is held to the store's discount cap; a manager's approval sent with
 * the sale is checked by `approveDiscount` first, and lifts it.
 */
export async function createSale(
  db: Database,
  storeId: number,
  user: Pick<AuthUser, 'id' | 'name' | 'email' | 'role'>,
  input: CreateSaleInput,
  idempotencyKey: string | undefined,
  approveDiscount: ApproveDiscount,
): Promise<{ sale: SaleWithParts; replayed: boolean }> {
  const replay = async () => {
    const existing = idempotencyKey ? await findSaleByKey(db, storeId, idempotencyKey) : undefined;
    if (!existing) return null;
    // A key belongs to one request: another body with it is refused, never given that sale.
    // (A sale written before keys were bound has no hash and is answered as before.)
    if (existing.requestHash !== null && existing.requestHash !== saleRequestHash(input)) {
      throw saleErrors.idempotencyKeyReused();
    }
    return { sale: (await withParts(db, [existing]))[0]!, replayed: true };
  };
  const priced = priceSale(input);
  const capped = user.role === 'sales';
  try {
    const approver =
      capped && input.discount_approval ? await approveDiscount(input.discount_approval) : null;
    const written = await writeSale(db, storeId, user.id, input, priced, idempotencyKey ?? null, {
      capped,
      approvedBy: approver?.id ?? null,
    });
    saleCounts.changed();
    // The receipt from what was just written, not read back.
    return {
      sale: {
        ...written,
        user: { name: user.name, email: user.email },
        approver: written.sale.discountApprovedBy === null ? null : approver,
      },
      replayed: false,
    };
  } catch (error) {
    // A retried key is not looked up before every sale (one round trip less for every sale):
    // the sale's insert meets the unique key (also when both requests arrive together, the
    // second waits for the first to commit), or the retry fails a check the first sale passed
    // (the stock it took is gone, the customer was removed since); either way the sale
    // already made with this key is the answer — when it was made from the same request.
    if (
      idempotencyKey &&
      (isUniqueViolation(error, IDEMPOTENCY_UNIQUE) || error instanceof AppError)
    ) {
      const earlier = await replay();
      if (earlier) return earlier;
    }
    throw error;
  }
}

/** Writes a sale (in the caller's transaction, if it has one). The demo seed uses this. */
export async function insertSale(
  tx: Executor,
  storeId: number,
  userId: number | null,
  input: CreateSaleInput,
  priced: ReturnType<typeof priceSale> = priceSale(input),
  idempotencyKey: string | null = null,
  createdAt?: Date,
  // The demo seed's discounted sales are a cashier's, one approved by a manager.
  cap: { capped: boolean; approvedBy: number | null } = { capped: false, approvedBy: null },
): Promise<SaleRow> {
  return (await writeSale(tx, storeId, userId, input, priced, idempotencyKey, cap, createdAt)).sale;
}

/** What write_sale answers (migration 0027): a row per line, in the lines' order. */
interface WrittenLine {
  sale_id: number;
  created_at: string;
  line_id: number;
  product_name: string;
  product_sku: string;
  pieces: number;
  buying_price: string;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  list_price: string;
  discount: string;
  discount_total: string;
  discount_approved_by: number | null;
  product_kind: ProductKind;
  /** The payment parts' ids, in the parts' order. */
  payment_ids: number[];
  balance_due: string;
  payment_status: string;
}

/** The sale as one jsonb value (migration 0027): a new field is a new key, not a parameter. */
const WRITE_SALE = 'select * from write_sale($1::jsonb)';

/** write_sale's own errors (its SQLSTATE, with the line or the product in DETAIL) as the API's. */
function saleErrorOf(error: unknown, lines: PricedLine[]): AppError | undefined {
  const found = postgresErrorOf(error);
  if (found?.code === 'DK001') return saleErrors.customerNotFound();
  const line = lines[Number(found?.detail)];
  if (found?.code === 'DK002' && line)
    return saleErrors.productNotFound(line.index, line.productId);
  if (found?.code === 'DK003') return saleErrors.insufficientStock(String(found.detail));
  if (found?.code === 'DK004') return saleErrors.discountNeedsApproval(Number(found.detail));
  if (found?.code === 'DK005') return saleErrors.creditLimitExceeded();
  if (found?.code === 'DK006') return saleErrors.creditNeedsNamedCustomer();
  return undefined;
}

/**
 * insertSale, returning what the receipt shows too: its lines, its payment parts and its
 * customer. One call of write_sale (migration 0027) does the whole sale in one statement, so it
 * needs no transaction of its own: the customer checked, the products locked in id order and
 * checked (active), the stock taken through the stock ledger (stock_apply: enough stock, one
 * 'sale' movement per product), the cashier's discount cap, a credit part within the customer's
 * limit and added to what they owe, the sale's row, its parts, the lines with the buying price
 * of their unit, and a named customer's loyalty points. The sale's row and lines are then what
 * was sent and what it answered.
 */
async function writeSale(
  db: Executor,
  storeId: number,
  userId: number | null,
  input: CreateSaleInput,
  priced: ReturnType<typeof priceSale>,
  idempotencyKey: string | null,
  cap: { capped: boolean; approvedBy: number | null },
  createdAt?: Date,
): Promise<Omit<SaleWithParts, 'user' | 'approver'>> {
  const { lines, payment } = priced;
  const requestHash = idempotencyKey === null ? null : saleRequestHash(input);
  const amountPaid = centsToDecimal(payment.tendered);
  const change = centsToDecimal(payment.change);
  const sent = {
    store_id: storeId,
    customer_id: input.customer_id,
    user_id: userId,
    subtotal: centsToDecimal(priced.subtotal),
    delivery_fee: centsToDecimal(input.delivery_fee),
    total: centsToDecimal(priced.total),
    payment_method: payment.method,
    status: input.status,
    payment_status: input.payment_status,
    amount_paid: amountPaid,
    change,
    mpesa_code: payment.mpesaCode,
    idempotency_key: idempotencyKey,
    request_hash: requestHash,
    created_at: createdAt ? createdAt.toISOString() : null,
    capped: cap.capped,
    approved_by: cap.approvedBy,
    items: lines.map((line) => ({
      product_id: line.productId,
      unit_type: line.unitType,
      quantity: line.quantity,
      unit_price: centsToDecimal(line.unitPriceCents),
      total: centsToDecimal(line.totalCents),
    })),
    payments: payment.parts.map((part) => ({
      method: part.method,
      amount: centsToDecimal(part.amount),
      mpesa_code: part.mpesa_code,
    })),
  };
  let written: WrittenLine[];
  try {
    written = await executeNamed<WrittenLine>(db, 'duka_write_sale_json', WRITE_SALE, [
      JSON.stringify(sent),
    ]);
  } catch (error) {
    throw saleErrorOf(error, lines) ?? error;
  }
  const first = written[0]!;
  const soldAt = new Date(first.created_at);
  const sale: SaleRow = {
    id: first.sale_id,
    storeId,
    customerId: input.customer_id,
    userId,
    subtotal: sent.subtotal,
    deliveryFee: sent.delivery_fee,
    totalAmount: sent.total,
    paymentMethod: payment.method,
    status: input.status,
    paymentStatus: first.payment_status,
    amountPaid,
    changeAmount: change,
    mpesaCode: payment.mpesaCode,
    balanceDue: first.balance_due,
    discountTotal: first.discount_total,
    discountApprovedBy: first.discount_approved_by,
    idempotencyKey,
    requestHash,
    receiptSmsAt: null,
    receiptWhatsappAt: null,
    receiptSmsState: null,
    receiptSmsError: null,
    createdAt: soldAt,
    receivedAt: soldAt,
    clientSaleId: null,
    offline: false,
    deviceReceiptNumber: null,
    needsReview: false,
    reviewReasons: [],
    reviewedAt: null,
    reviewedBy: null,
  };
  const items: SaleItemRow[] = written.map((row, index) => {
    const line = lines[index]!;
    return {
      id: row.line_id,
      saleId: sale.id,
      storeId,
      soldAt,
      productId: line.productId,
      productName: row.product_name,
      productSku: row.product_sku,
      productKind: row.product_kind,
      unitType: line.unitType,
      quantity: line.quantity,
      pieces: row.pieces,
      unitPrice: centsToDecimal(line.unitPriceCents),
      buyingPrice: row.buying_price,
      total: centsToDecimal(line.totalCents),
      listPrice: row.list_price,
      discount: row.discount,
    };
  });
  const payments: SalePaymentRow[] = payment.parts.map((part, index) => ({
    id: first.payment_ids[index]!,
    saleId: sale.id,
    storeId,
    method: part.method,
    amount: centsToDecimal(part.amount),
    mpesaCode: part.mpesa_code,
    createdAt: soldAt,
  }));
  return {
    sale,
    items,
    payments,
    customer: {
      name: first.customer_name,
      email: first.customer_email,
      phone: first.customer_phone,
    },
  };
}
