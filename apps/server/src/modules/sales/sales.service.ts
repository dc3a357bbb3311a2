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
 *
 * The offline till (issue 22, docs/decisions/0012 "Server"): a device's `client_sale_id` makes
 * one sale per store (sent again: the first sale); `sold_at` is the sale's time (bounded: 5
 * minutes ahead, the store's offline_max_age_days back); an `offline` sale short of stock is
 * recorded below zero and flagged needs_review (write_sale, migration 0031).
 */
import { createHash } from 'node:crypto';
import { centsToDecimal } from '@duka/shared/money/money';
import type { UnitType } from '@duka/shared/money/units';
import type { ProductKind } from '@duka/shared/products/products.schemas';
import { spreadCartDiscount } from '@duka/shared/sales/discounts';
import { settlePayments, type SettledPart } from '@duka/shared/sales/payments';
import { SOLD_AT_FUTURE_MAX_MS, type ReviewReason } from '@duka/shared/sync/sync.schemas';
import type { TaxType } from '@duka/shared/tax/tax';
import type {
  CreateSaleInput,
  DiscountApproval,
  SaleListQuery,
} from '@duka/shared/sales/sales.schemas';
import {
  and,
  asc,
  count,
  eq,
  exists,
  gte,
  inArray,
  lt,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { AppError, isUniqueViolation, postgresErrorOf } from '../../lib/errors';
import { createListCache } from '../../lib/list-cache';
import { pageWindow } from '../../lib/paging';
import { endOfShopDay, startOfShopDay } from '../../lib/shop-day';
import type { AuthUser } from '../../lib/session';
import { customers } from '../customers/customers.table';
import {
  etimsInvoicesOfSales,
  etimsStoresOf,
  newInvoiceState,
  presentEtimsState,
} from '../etims/etims-read.service';
import { etimsInvoices } from '../etims/etims.table';
import { enqueueEtimsSend, queueEtimsSendAfterCommit } from '../etims/etims-send.service';
import { returnsOfSales } from '../returns/returns-read.service';
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
const CLIENT_SALE_ID_UNIQUE = 'sales_store_client_sale_id_unique';
/** numeric(12,2) holds up to 9,999,999,999.99. */
const TOTAL_MAX_CENTS = 999_999_999_999;

/**
 * Items, payments, customer, cashier and returns (issue 24) of several sales in six queries
 * (none per sale).
 */
export async function withParts(db: Executor, rows: SaleRow[]): Promise<SaleWithParts[]> {
  if (rows.length === 0) return [];
  const saleIds = rows.map((row) => row.id);
  const customerIds = [...new Set(rows.flatMap((row) => row.customerId ?? []))];
  const userIds = [
    ...new Set(
      rows.flatMap((row) =>
        [row.userId ?? [], row.discountApprovedBy ?? [], row.reviewedBy ?? []].flat(),
      ),
    ),
  ];
  const [itemRows, paymentRows, customerRows, userRows, returnsBySale, invoices, etimsStores] =
    await Promise.all([
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
      returnsOfSales(db, saleIds),
      etimsInvoicesOfSales(db, saleIds),
      etimsStoresOf(
        db,
        rows.map((row) => row.storeId),
      ),
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
    reviewer: approverOf(sale.reviewedBy),
    returns: returnsBySale.get(sale.id) ?? [],
    storeKraPin: etimsStores.get(sale.storeId)?.kraPin ?? null,
    etims: presentEtimsState(invoices.get(sale.id)),
  }));
}

/** Object keys as JSON strings: a sale's few keys, quoted once. */
const quotedKeys = new Map<string, string>();

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 1000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * A value as JSON with every object's keys in order: the same request, the same text. Every
 * sale with a key is hashed, so it is built as one string (no arrays of entries, numbers and
 * keys written directly); the text is the one the stored hashes were made from: keys sorted by
 * code unit, an undefined property left out (an undefined array element, which no parsed sale
 * has, as nothing), a number as JSON writes it.
 */
function canonicalJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(value);
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) text += ',';
      text += canonicalJson(value[index]) ?? '';
    }
    return `${text}]`;
  }
  const object = value as Record<string, unknown>;
  let text = '{';
  for (const key of Object.keys(object).sort()) {
    const inner = object[key];
    if (inner === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${quotedKey(key)}:${String(canonicalJson(inner))}`;
  }
  return `${text}}`;
}

/** How a sale travelled, which does not make it another sale (issue 22). */
const TRAVEL_FIELDS = ['sold_at', 'offline', 'device_receipt_number'] as const;

/**
 * What an Idempotency-Key is bound to (issue 20): the SHA-256 of the sale's request as the schema
 * read it (amounts in cents, defaults filled in), so "60" and 60.00 are the same sale and any
 * other line, price, customer or payment is a different one. A manager's approval counts by
 * its email alone: a fast hash of a password kept in the database could be guessed offline.
 */
export function saleRequestHash(input: CreateSaleInput): string {
  // What was sold, not when or how it travelled (issue 22, decisions/0012): a checkout that
  // timed out online and is sent again from the device's outbox with sold_at, offline and the
  // device's receipt number is the same sale. The client sale id is part of it.
  const request: Record<string, unknown> = {
    ...input,
    discount_approval: input.discount_approval?.email,
  };
  for (const field of TRAVEL_FIELDS) delete request[field];
  return createHash('sha256').update(canonicalJson(request)!).digest('hex');
}

/**
 * The sale already made in this store with the request's client sale id or Idempotency-Key
 * (the device sends both, equal): the one with the client sale id first.
 */
async function findEarlierSale(
  db: Executor,
  storeId: number,
  clientSaleId: string | undefined,
  key: string | undefined,
) {
  const matches = [
    ...(clientSaleId ? [eq(sales.clientSaleId, clientSaleId)] : []),
    ...(key ? [eq(sales.idempotencyKey, key)] : []),
  ];
  if (matches.length === 0) return undefined;
  const rows = await db
    .select()
    .from(sales)
    .where(and(eq(sales.storeId, storeId), or(...matches)))
    .limit(2);
  return rows.find((row) => clientSaleId && row.clientSaleId === clientSaleId) ?? rows[0];
}

/**
 * An earlier sale answers a request only when it was made from the same request (its hash);
 * else 409, naming what was reused. (A sale written before keys were bound has no hash and is
 * answered as before.)
 */
export function checkSameSale(
  earlier: Pick<SaleRow, 'requestHash' | 'clientSaleId'>,
  input: CreateSaleInput,
): void {
  if (earlier.requestHash === null || earlier.requestHash === saleRequestHash(input)) return;
  throw input.client_sale_id !== undefined && earlier.clientSaleId === input.client_sale_id
    ? saleErrors.clientSaleIdReused()
    : saleErrors.idempotencyKeyReused();
}

/** The sales of a store already made with these client sale ids (POST /sales/sync). */
export async function findSalesByClientIds(
  db: Executor,
  storeId: number,
  clientSaleIds: string[],
): Promise<Map<string, Pick<SaleRow, 'id' | 'requestHash' | 'clientSaleId'>>> {
  if (clientSaleIds.length === 0) return new Map();
  const rows = await db
    .select({ id: sales.id, requestHash: sales.requestHash, clientSaleId: sales.clientSaleId })
    .from(sales)
    .where(and(eq(sales.storeId, storeId), inArray(sales.clientSaleId, clientSaleIds)));
  return new Map(rows.map((row) => [row.clientSaleId!, row]));
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
const saleCounts = createListCache<number>({ name: 'sales.counts' });

/**
 * GET /sales: newest first, one page, with the number of matching sales in all. `from` and
 * `to` are shop days, each inclusive: from 00:00 EAT of `from` to before 00:00 EAT of the day
 * after `to`.
 */
export async function listSales(
  db: Executor,
  storeId: number,
  query: Pick<
    SaleListQuery,
    'page' | 'pageSize' | 'from' | 'to' | 'payment_method' | 'needs_review' | 'etims_status'
  >,
): Promise<{ rows: SaleWithParts[]; total: number }> {
  const conditions: SQL[] = [eq(sales.storeId, storeId)];
  // Issue 22: the offline sales flagged and not yet reviewed (a partial index holds them);
  // needs_review=false: every other sale.
  if (query.needs_review !== undefined) conditions.push(eq(sales.needsReview, query.needs_review));
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
  // Issue 26: the sales whose invoice is in this eTIMS state; not_registered: none was written.
  if (query.etims_status) {
    const invoice = db
      .select({ one: sql`1` })
      .from(etimsInvoices)
      .where(
        and(
          eq(etimsInvoices.saleId, sales.id),
          eq(etimsInvoices.kind, 'sale'),
          query.etims_status === 'not_registered'
            ? undefined
            : eq(etimsInvoices.status, query.etims_status),
        ),
      );
    conditions.push(query.etims_status === 'not_registered' ? notExists(invoice) : exists(invoice));
  }
  const where = and(...conditions);
  // Counted at most every few seconds (lib/list-cache); a sale made here forgets the counts.
  const total = await saleCounts.get(
    db,
    storeId,
    `${query.from ?? ''}|${query.to ?? ''}|${query.payment_method ?? ''}|${query.needs_review ?? ''}|${query.etims_status ?? ''}`,
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

/**
 * POST /sales/{id}/review (issue 22): a manager marks an offline sale that took stock below the
 * server's count as reviewed — it leaves the needs-review list; its reasons stay on it. The
 * sale is locked so two managers never both review it; one that needs no review is 409.
 */
export async function reviewSale(
  db: Database,
  storeId: number,
  reviewer: Pick<AuthUser, 'id' | 'name'>,
  id: number,
  note: string | undefined,
  now: Date,
): Promise<SaleWithParts> {
  const row = await db.transaction(async (tx) => {
    const sale = await getSale(tx, storeId, id, true);
    if (!sale.needsReview) {
      throw sale.reviewedAt ? saleErrors.alreadyReviewed() : saleErrors.reviewNotNeeded();
    }
    const [updated] = await tx
      .update(sales)
      .set({
        needsReview: false,
        reviewedAt: now,
        reviewedBy: reviewer.id,
        reviewNote: note === undefined || note === '' ? null : note,
      })
      .where(eq(sales.id, sale.id))
      .returning();
    return updated!;
  });
  saleCounts.changed(storeId);
  return (await withParts(db, [row]))[0]!;
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
  return { lines, subtotal, total, payment, mpesa: mpesaPartsOf(input, payment.parts) };
}

/**
 * Issue 23: the M-Pesa parts of a sale as sent, in the order of its settled M-Pesa parts (a
 * part is never dropped but a cash one handed back whole as change): the payment each names
 * (mpesa_payment_id) and the field an error on it is reported on. An id on anything but an
 * M-Pesa part, or one id named twice, is a 400 on that field — before the database is asked.
 */
interface MpesaPartRef {
  paymentId: number | null;
  /** `mpesa_payment_id` / `mpesa_code`, or `payments.{i}.…`: where a problem with it is told. */
  field: string;
}

function mpesaPartsOf(input: CreateSaleInput, parts: readonly SettledPart[]): MpesaPartRef[] {
  const given = input.payments;
  if (given === undefined) {
    const id = input.mpesa_payment_id ?? null;
    if (id !== null && !parts.some((part) => part.method === 'mpesa')) {
      throw saleErrors.mpesaPaymentWithoutPart('mpesa_payment_id');
    }
    return parts
      .filter((part) => part.method === 'mpesa')
      .map(() => ({
        paymentId: id,
        field: id === null ? 'mpesa_code' : 'mpesa_payment_id',
      }));
  }
  if (input.mpesa_payment_id !== undefined) throw saleErrors.mpesaPaymentOnSplit();
  const refs: MpesaPartRef[] = [];
  const named = new Set<number>();
  for (const [index, part] of given.entries()) {
    const id = part.mpesa_payment_id ?? null;
    const field = `payments.${index}.mpesa_payment_id`;
    if (part.method !== 'mpesa') {
      if (id !== null) throw saleErrors.mpesaPaymentWithoutPart(field);
      continue;
    }
    if (id !== null) {
      if (named.has(id)) throw saleErrors.mpesaPaymentTwice(field);
      named.add(id);
    }
    refs.push({ paymentId: id, field: id === null ? `payments.${index}.mpesa_code` : field });
  }
  return refs;
}

/** Checks a manager's approval typed at the till (discount-approval.service.ts). */
export type ApproveDiscount = (approval: DiscountApproval) => Promise<{ id: number; name: string }>;

/**
 * sold_at (issue 22): at most 5 minutes ahead of the server's clock (a device's clock a little
 * fast is fine; a day ahead is a wrong date). Too old for the store is write_sale's check.
 */
function checkSoldAt(input: CreateSaleInput, now: Date): void {
  if (input.sold_at === undefined) return;
  if (new Date(input.sold_at).getTime() > now.getTime() + SOLD_AT_FUTURE_MAX_MS) {
    throw saleErrors.soldAtInFuture(now);
  }
}

/**
 * POST /sales. With a client sale id or an Idempotency-Key (a device sends both, equal), a sale
 * already made with either in this store is returned (`replayed`) instead of a second one —
 * also when the requests arrive together, a week apart, or once online and once from the
 * device's outbox (offline, with sold_at): the request hash binds what was sold, not when or
 * how it travelled. The same id with another sale is 409. A cashier (role sales) is held to
 * the store's discount cap; a manager's approval sent with the sale is checked by
 * `approveDiscount` first, and lifts it. `now` is the server's clock (sold_at's bounds).
 */
export async function createSale(
  db: Database,
  storeId: number,
  user: Pick<AuthUser, 'id' | 'name' | 'email' | 'role'>,
  input: CreateSaleInput,
  idempotencyKey: string | undefined,
  approveDiscount: ApproveDiscount,
  now: Date,
): Promise<{ sale: SaleWithParts; replayed: boolean }> {
  const clientSaleId = input.client_sale_id;
  const replay = async () => {
    const existing = await findEarlierSale(db, storeId, clientSaleId, idempotencyKey);
    if (!existing) return null;
    // An id belongs to one sale: another body with it is refused, never given that sale.
    checkSameSale(existing, input);
    return { sale: (await withParts(db, [existing]))[0]!, replayed: true };
  };
  const priced = priceSale(input);
  const capped = user.role === 'sales';
  try {
    // In here: a device whose clock runs ahead may send again a sale made without its time.
    checkSoldAt(input, now);
    const approver =
      capped && input.discount_approval ? await approveDiscount(input.discount_approval) : null;
    const written = await writeSale(
      db,
      storeId,
      user.id,
      input,
      priced,
      idempotencyKey ?? null,
      { capped, approvedBy: approver?.id ?? null },
      undefined,
      now,
    );
    saleCounts.changed(storeId);
    // Issue 26: a registered store's invoice to eTIMS, now that write_sale committed.
    // Never a 500 for a sale that was made: a failure is logged and the sweep sends it.
    if (written.etims.status === 'pending') {
      await queueEtimsSendAfterCommit(() => enqueueEtimsSend(db, now, storeId), storeId);
    }
    // The receipt from what was just written, not read back.
    return {
      sale: {
        ...written,
        user: { name: user.name, email: user.email },
        approver: written.sale.discountApprovedBy === null ? null : approver,
        reviewer: null,
      },
      replayed: false,
    };
  } catch (error) {
    // A retried id is not looked up before every sale (one round trip less for every sale):
    // the sale's insert meets a unique key (also when both requests arrive together, the
    // second waits for the first to commit), or the retry fails a check the first sale passed
    // (the stock it took is gone, the customer was removed since, sold_at has grown too old);
    // either way the sale already made with this id is the answer — when it was made from
    // the same request.
    if (
      (idempotencyKey || clientSaleId) &&
      (isUniqueViolation(error, IDEMPOTENCY_UNIQUE) ||
        isUniqueViolation(error, CLIENT_SALE_ID_UNIQUE) ||
        error instanceof AppError)
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

/** What write_sale answers (migration 0031): a row per line, in the lines' order. */
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
  received_at: string;
  needs_review: boolean;
  review_reasons: ReviewReason[];
  /** Issue 23 (migration 0037): the sale's M-Pesa check, its code, each part's link and code. */
  mpesa_verified: boolean | null;
  sale_mpesa_code: string | null;
  payment_mpesa_ids: (number | null)[];
  payment_codes: (string | null)[];
  /** Issue 24 (migration 0040): the seller's shift the sale joined, or null. */
  shift_id?: number | null;
  /**
   * Issue 26 (migration 0043): the invoice number, the delivery fee's VAT, the line's tax letter
   * and VAT, the buyer's and the store's KRA PIN, and whether the store sends to eTIMS.
   */
  /** Minus the sale's id: its number is given at commit (migration 0045, invoiceNumberOf). */
  invoice_no: number;
  delivery_tax: string;
  tax_type: TaxType;
  tax_amount: string;
  buyer_kra_pin: string | null;
  store_kra_pin: string | null;
  etims_registered: boolean;
}

/**
 * The invoice number write_sale's sale took at its commit (migration 0045: a deferred trigger,
 * so the store's counter is held for the commit alone). Inside a caller's transaction (the demo
 * seed) the commit is later: the number is taken now, and held until that commit.
 */
async function invoiceNumberOf(db: Executor, saleId: number): Promise<number> {
  if ('rollback' in db) {
    await db.execute(sql`SET CONSTRAINTS sales_number_at_commit IMMEDIATE`);
  }
  const [row] = await executeNamed<{ invoice_no: number }>(
    db,
    'duka_sale_invoice_no',
    'select invoice_no from sales where id = $1',
    [saleId],
  );
  return row!.invoice_no;
}

/** The sale as one jsonb value (migration 0027): a new field is a new key, not a parameter. */
const WRITE_SALE = 'select * from write_sale($1::jsonb)';

/** write_sale's own errors (its SQLSTATE, with the line or the product in DETAIL) as the API's. */
function saleErrorOf(
  error: unknown,
  lines: PricedLine[],
  parts: readonly SettledPart[],
  mpesa: readonly MpesaPartRef[],
): AppError | undefined {
  const found = postgresErrorOf(error);
  // Issue 24 (migration 0040): the store requires an open shift and the seller has none.
  if (found?.code === 'DK013') return saleErrors.openShiftFirst();
  if (found?.code.startsWith('DK01') || found?.code === 'DK008' || found?.code === 'DK009') {
    // Issue 23: DETAIL names the part by its ordinal among the parts (DK010: the sale).
    const [ordinal, amount] = String(found.detail).split(':');
    const mpesaIndex = parts
      .slice(0, Number(ordinal))
      .filter((part) => part.method === 'mpesa').length;
    const field = mpesa[mpesaIndex - 1]?.field ?? 'mpesa_payment_id';
    if (found.code === 'DK008') return saleErrors.mpesaPaymentNotFound(field);
    if (found.code === 'DK009') return saleErrors.mpesaPaymentNotPaid(field);
    if (found.code === 'DK010') return saleErrors.mpesaPaymentUsed(Number(found.detail));
    if (found.code === 'DK011') return saleErrors.mpesaPaymentShort(field, amount ?? '0');
    if (found.code === 'DK012') return saleErrors.mpesaPaymentTwice(field);
  }
  if (found?.code === 'DK001') return saleErrors.customerNotFound();
  const line = lines[Number(found?.detail)];
  if (found?.code === 'DK002' && line)
    return saleErrors.productNotFound(line.index, line.productId);
  if (found?.code === 'DK003') return saleErrors.insufficientStock(String(found.detail));
  if (found?.code === 'DK004') return saleErrors.discountNeedsApproval(Number(found.detail));
  if (found?.code === 'DK005') return saleErrors.creditLimitExceeded();
  if (found?.code === 'DK006') return saleErrors.creditNeedsNamedCustomer();
  if (found?.code === 'DK007') return saleErrors.soldAtTooOld(Number(found.detail));
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
  /** The server's clock, which an offline sale's age is measured from (else the database's). */
  now?: Date,
): Promise<Omit<SaleWithParts, 'user' | 'approver'>> {
  const { lines, payment } = priced;
  const mpesaRefs = [...priced.mpesa];
  const clientSaleId = input.client_sale_id ?? null;
  const requestHash =
    idempotencyKey === null && clientSaleId === null ? null : saleRequestHash(input);
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
    // Issue 22 (migration 0031): the device's sale.
    client_sale_id: clientSaleId,
    sold_at: input.sold_at ?? null,
    checked_at: now ? now.toISOString() : null,
    offline: input.offline === true,
    device_receipt_number: input.device_receipt_number ?? null,
    // Issue 26 (migration 0043): the buyer's PIN for the invoice.
    buyer_kra_pin: input.buyer_kra_pin ?? null,
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
      // Issue 23: the payment an M-Pesa part names, the k-th M-Pesa part's.
      mpesa_payment_id: part.method === 'mpesa' ? (mpesaRefs.shift()?.paymentId ?? null) : null,
    })),
  };
  let written: WrittenLine[];
  try {
    written = await executeNamed<WrittenLine>(db, 'duka_write_sale_json', WRITE_SALE, [
      JSON.stringify(sent),
    ]);
  } catch (error) {
    throw saleErrorOf(error, lines, payment.parts, priced.mpesa) ?? error;
  }
  const first = written[0]!;
  const invoiceNo = await invoiceNumberOf(db, first.sale_id);
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
    mpesaCode: first.sale_mpesa_code,
    mpesaVerified: first.mpesa_verified,
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
    receivedAt: new Date(first.received_at),
    clientSaleId,
    offline: input.offline === true,
    deviceReceiptNumber: input.device_receipt_number ?? null,
    needsReview: first.needs_review,
    reviewReasons: first.review_reasons,
    reviewedAt: null,
    reviewedBy: null,
    reviewNote: null,
    returnedAmount: '0',
    shiftId: first.shift_id ?? null,
    invoiceNo,
    deliveryTax: first.delivery_tax,
    buyerKraPin: first.buyer_kra_pin,
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
      returnedQuantity: 0,
      taxType: row.tax_type,
      taxAmount: row.tax_amount,
    };
  });
  const payments: SalePaymentRow[] = payment.parts.map((part, index) => ({
    id: first.payment_ids[index]!,
    saleId: sale.id,
    storeId,
    method: part.method,
    amount: centsToDecimal(part.amount),
    mpesaCode: first.payment_codes[index] ?? null,
    mpesaPaymentId: first.payment_mpesa_ids[index] ?? null,
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
    storeKraPin: first.store_kra_pin,
    etims: newInvoiceState(first.etims_registered),
  };
}
