/**
 * Sales at the till (spec §3, §4 Checkout; PRODUCT.md §3, §4b; issue 7).
 *
 * A sale is written in one transaction: the customer read and the products locked in id order
 * (no deadlocks between two tills), then the sale row (a concurrent retry with the same
 * Idempotency-Key meets its unique index and returns this sale), the stock taken in pieces with
 * a 'sale' movement per line, and the lines with the buying price of their unit at that moment.
 * A line that would take a product below zero refuses the whole sale with 409 and writes
 * nothing.
 */
import { centsToDecimal, storedMoneyToNumber } from '@duka/shared/money/money';
import { toPieces, type UnitType } from '@duka/shared/money/units';
import type {
  CreateSaleInput,
  Sale,
  SaleItem,
  SaleListQuery,
} from '@duka/shared/sales/sales.schemas';
import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { createListCache } from '../../lib/list-cache';
import { pageWindow } from '../../lib/paging';
import { endOfShopDay, startOfShopDay } from '../../lib/shop-day';
import { customers, type CustomerRow } from '../customers/customers.table';
import { findCustomer, isUsableCustomer } from '../customers/customers.service';
import { earnForSale } from '../customers/loyalty.service';
import { products, type ProductRow } from '../products/products.table';
import { stockMovements } from '../products/stock-movements.table';
import { buyingPriceOf } from '../products/unit-prices.service';
import { users } from '../users/users.table';
import { saleErrors } from './sales.errors';
import { saleItems, sales, type SaleItemRow, type SaleRow } from './sales.table';

const IDEMPOTENCY_UNIQUE = 'sales_store_idempotency_key_unique';
/** numeric(12,2) holds up to 9,999,999,999.99. */
const TOTAL_MAX_CENTS = 999_999_999_999;
/** The delivery-service product (spec §4 Cart): a service, never counted in stock. */
export const DELIVERY_SERVICE_SKU = 'SRV001';

export interface SaleWithParts {
  sale: SaleRow;
  items: SaleItemRow[];
  customer: Pick<CustomerRow, 'name' | 'email' | 'phone'> | null;
  user: { name: string; email: string } | null;
}

/** A money column as the API gives it (shared/money: the stored text read as a number). */
const money = storedMoneyToNumber;

export function presentSaleItem(row: SaleItemRow): SaleItem {
  return {
    id: row.id,
    product_id: row.productId,
    Product: { name: row.productName, sku: row.productSku },
    quantity: row.quantity,
    unit_type: row.unitType,
    unit_price: money(row.unitPrice),
    total: money(row.total),
    buying_price: money(row.buyingPrice),
  };
}

export function presentSale({ sale, items, customer, user }: SaleWithParts): Sale {
  return {
    id: sale.id,
    createdAt: sale.createdAt.toISOString(),
    total_amount: money(sale.totalAmount),
    subtotal: money(sale.subtotal),
    delivery_fee: money(sale.deliveryFee),
    payment_method: sale.paymentMethod,
    status: sale.status,
    payment_status: sale.paymentStatus,
    amount_paid: money(sale.amountPaid),
    change_amount: money(sale.changeAmount),
    mpesa_code: sale.mpesaCode,
    receipt_status: { sms: sale.receiptSmsAt !== null, whatsapp: sale.receiptWhatsappAt !== null },
    customer_id: sale.customerId,
    Customer: customer,
    User: user,
    items: items.map(presentSaleItem),
  };
}

/** Items, customer and cashier of several sales in three queries (no query per sale). */
export async function withParts(db: Executor, rows: SaleRow[]): Promise<SaleWithParts[]> {
  if (rows.length === 0) return [];
  const saleIds = rows.map((row) => row.id);
  const customerIds = [...new Set(rows.flatMap((row) => row.customerId ?? []))];
  const userIds = [...new Set(rows.flatMap((row) => row.userId ?? []))];
  const [itemRows, customerRows, userRows] = await Promise.all([
    db
      .select()
      .from(saleItems)
      .where(inArray(saleItems.saleId, saleIds))
      .orderBy(asc(saleItems.id)),
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
  return rows.map((sale) => ({
    sale,
    items: itemRows.filter((item) => item.saleId === sale.id),
    customer: sale.customerId === null ? null : (customerById.get(sale.customerId) ?? null),
    user: sale.userId === null ? null : (userById.get(sale.userId) ?? null),
  }));
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
  if (query.payment_method) conditions.push(eq(sales.paymentMethod, query.payment_method));
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
  totalCents: number;
}

/** Line totals and the sale total in cents, checked against what the till sent. */
function priceSale(input: CreateSaleInput) {
  const lines: PricedLine[] = input.items.map((item, index) => {
    const totalCents = item.quantity * item.unit_price;
    if (item.total !== undefined && item.total !== totalCents) {
      throw saleErrors.lineTotalMismatch(index);
    }
    return {
      index,
      productId: item.product_id,
      quantity: item.quantity,
      unitType: item.unit_type,
      unitPriceCents: item.unit_price,
      totalCents,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const total = subtotal + input.delivery_fee;
  if (total > TOTAL_MAX_CENTS) throw saleErrors.totalTooLarge();
  if (input.total !== total) throw saleErrors.totalMismatch(total);
  // Cash: what was tendered (at least the total) and the change. M-Pesa: the exact total.
  const paid = input.payment_method === 'cash' ? (input.amount_paid ?? total) : total;
  if (paid < total) throw saleErrors.amountTooLow();
  if (paid > TOTAL_MAX_CENTS) throw saleErrors.totalTooLarge();
  return { lines, subtotal, total, paid, change: paid - total };
}

/**
 * POST /sales. With an Idempotency-Key, a sale already made with that key in this store is
 * returned (`replayed`) instead of a second one — also when both requests arrive together.
 */
export async function createSale(
  db: Database,
  storeId: number,
  user: { id: number; name: string; email: string },
  input: CreateSaleInput,
  idempotencyKey?: string,
): Promise<{ sale: SaleWithParts; replayed: boolean }> {
  const replay = async () => {
    const existing = idempotencyKey ? await findSaleByKey(db, storeId, idempotencyKey) : undefined;
    return existing ? { sale: (await withParts(db, [existing]))[0]!, replayed: true } : null;
  };
  const priced = priceSale(input);
  try {
    const written = await db.transaction((tx) =>
      writeSale(tx, storeId, user.id, input, priced, idempotencyKey ?? null),
    );
    saleCounts.changed();
    // The receipt from what was just written, not read back.
    return {
      sale: { ...written, user: { name: user.name, email: user.email } },
      replayed: false,
    };
  } catch (error) {
    // A retried key is not looked up before every sale (one round trip less for every sale):
    // the sale's insert meets the unique key (also when both requests arrive together, the
    // second waits for the first to commit), or the retry fails a check the first sale passed
    // (the stock it took is gone, the customer was removed since); either way the sale
    // already made with this key is the answer.
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

/** Writes the sale inside the caller's transaction. The demo seed uses this too. */
export async function insertSale(
  tx: Executor,
  storeId: number,
  userId: number | null,
  input: CreateSaleInput,
  priced: ReturnType<typeof priceSale> = priceSale(input),
  idempotencyKey: string | null = null,
  createdAt?: Date,
): Promise<SaleRow> {
  return (await writeSale(tx, storeId, userId, input, priced, idempotencyKey, createdAt)).sale;
}

/** insertSale, returning what the receipt shows too: its lines and its customer. */
async function writeSale(
  tx: Executor,
  storeId: number,
  userId: number | null,
  input: CreateSaleInput,
  priced: ReturnType<typeof priceSale>,
  idempotencyKey: string | null,
  createdAt?: Date,
): Promise<Omit<SaleWithParts, 'user'>> {
  // The customer and every product of the sale in one round trip (issue 10), the products
  // locked in id order before their stock is read. No row: the customer is not the store's
  // (then that is the error), or none of the products is. Named, as the sale's insert: the
  // text is the same for every sale (the ids are one array), so PostgreSQL parses it once per
  // connection.
  const ids = [...new Set(priced.lines.map((line) => line.productId))].sort((a, b) => a - b);
  const locked = await tx
    .select({ customer: customers, product: products })
    .from(customers)
    .innerJoin(
      products,
      and(eq(products.storeId, storeId), sql`${products.id} = any(${sql.param(ids)}::integer[])`),
    )
    .where(isUsableCustomer(storeId, input.customer_id))
    .orderBy(asc(products.id))
    .for('update', { of: products })
    .prepare('duka_sale_lock')
    .execute();
  const customer = locked[0]?.customer ?? (await findCustomer(tx, storeId, input.customer_id));
  if (!customer) throw saleErrors.customerNotFound();
  const byId = new Map(locked.map(({ product }) => [product.id, product]));

  const [sale] = await tx
    .insert(sales)
    .values({
      storeId,
      customerId: customer.id,
      userId,
      subtotal: centsToDecimal(priced.subtotal),
      deliveryFee: centsToDecimal(input.delivery_fee),
      totalAmount: centsToDecimal(priced.total),
      paymentMethod: input.payment_method,
      status: input.status,
      paymentStatus: input.payment_status,
      amountPaid: centsToDecimal(priced.paid),
      changeAmount: centsToDecimal(priced.change),
      mpesaCode: input.payment_method === 'mpesa' && input.mpesa_code ? input.mpesa_code : null,
      idempotencyKey,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning()
    .prepare(createdAt ? 'duka_sale_insert_at' : 'duka_sale_insert')
    .execute();

  const piecesTaken = new Map<number, number>();
  const lines = priced.lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product || !product.isActive) throw saleErrors.productNotFound(line.index, line.productId);
    const pieces = toPieces(line.quantity, line.unitType, product.packSize);
    if (product.sku !== DELIVERY_SERVICE_SKU) {
      piecesTaken.set(product.id, (piecesTaken.get(product.id) ?? 0) + pieces);
    }
    return { line, product, pieces };
  });
  for (const [productId, pieces] of piecesTaken) {
    const product = byId.get(productId)!;
    if (product.stockPieces < pieces) throw saleErrors.insufficientStock(product.name);
  }
  // The new stock, the lines and the movements in one statement (one round trip, not three):
  // the rows are locked and checked above.
  const soldAt = sale!.createdAt;
  const itemValues: Omit<SaleItemRow, 'id'>[] = lines.map(({ line, product, pieces }) => ({
    saleId: sale!.id,
    storeId,
    soldAt,
    productId: product.id,
    productName: product.name,
    productSku: product.sku,
    unitType: line.unitType,
    quantity: line.quantity,
    pieces,
    unitPrice: centsToDecimal(line.unitPriceCents),
    buyingPrice: buyingPriceOf(product, line.unitType),
    total: centsToDecimal(line.totalCents),
  }));
  const lineIds = await writeLines(tx, storeId, userId, itemValues, piecesTaken, byId);
  const items: SaleItemRow[] = itemValues.map((item, index) => ({ id: lineIds[index]!, ...item }));
  // Loyalty: the goods earn points — not the delivery fee, nor a delivery line (SRV001) the
  // till added — in this same transaction.
  const goodsCents = lines
    .filter(({ product }) => product.sku !== DELIVERY_SERVICE_SKU)
    .reduce((sum, { line }) => sum + line.totalCents, 0);
  await earnForSale(tx, customer, { id: sale!.id, goodsCents }, userId, createdAt);
  return {
    sale: sale!,
    items: items.sort((a, b) => a.id - b.id),
    customer: { name: customer.name, email: customer.email, phone: customer.phone },
  };
}

/**
 * For a sale whose products are locked and checked: every product's new stock, the sale's
 * lines and one 'sale' movement per line of a stocked product, as one statement with
 * data-modifying CTEs (one round trip, not three). Its columns come as arrays (unnest), so
 * its text is the same for every sale, however many lines (drizzle's raw statements cannot
 * be named, so PostgreSQL still parses it each time). Returns the lines' ids, in the order given (unnest keeps the arrays' order, and
 * the serial ids are drawn in it).
 */
async function writeLines(
  tx: Executor,
  storeId: number,
  userId: number | null,
  items: Omit<SaleItemRow, 'id'>[],
  piecesTaken: Map<number, number>,
  byId: Map<number, ProductRow>,
): Promise<number[]> {
  const array = <T>(values: T[]) => sql.param(values);
  const stocked = [...piecesTaken];
  const moved = items.filter((item) => piecesTaken.has(item.productId!));
  const { saleId, soldAt } = items[0]!;
  const statement = tx.execute(sql`
    with stock as (
      update ${products} set stock_pieces = taken.stock, updated_at = now()
      from unnest(${array(stocked.map(([id]) => id))}::integer[],
        ${array(stocked.map(([id, pieces]) => byId.get(id)!.stockPieces - pieces))}::integer[])
        as taken (id, stock)
      where ${products.id} = taken.id),
    moves as (
      insert into ${stockMovements} (store_id, product_id, change_pieces, reason, reference, user_id)
      select ${storeId}::integer, m.product_id, m.change, 'sale', ${`SALE-${saleId}`},
        ${userId}::integer
      from unnest(${array(moved.map((item) => item.productId))}::integer[],
        ${array(moved.map((item) => -item.pieces))}::integer[]) as m (product_id, change))
    insert into ${saleItems} (sale_id, store_id, sold_at, product_id, product_name, product_sku,
      unit_type, quantity, pieces, unit_price, buying_price, total)
    select ${saleId}::integer, ${storeId}::integer, ${soldAt.toISOString()}::timestamptz, v.*
    from unnest(${array(items.map((item) => item.productId))}::integer[],
      ${array(items.map((item) => item.productName))}::text[],
      ${array(items.map((item) => item.productSku))}::text[],
      ${array(items.map((item) => item.unitType))}::text[],
      ${array(items.map((item) => item.quantity))}::integer[],
      ${array(items.map((item) => item.pieces))}::integer[],
      ${array(items.map((item) => item.unitPrice))}::numeric[],
      ${array(items.map((item) => item.buyingPrice))}::numeric[],
      ${array(items.map((item) => item.total))}::numeric[])
      as v (product_id, product_name, product_sku, unit_type, quantity, pieces, unit_price,
        buying_price, total)
    returning id`);
  // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects.
  const result: unknown = await statement;
  return (result as { rows: { id: number }[] }).rows.map((row) => row.id).sort((a, b) => a - b);
}
