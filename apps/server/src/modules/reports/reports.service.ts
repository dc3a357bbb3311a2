/**
 * The reports (spec §2 Reports, §3 Reports; PRODUCT.md §4; issue 9). Every figure is an SQL
 * aggregate (sum, count, max … group by) over the store's rows — no report loads sales, lines,
 * products or expenses into JavaScript to add them up. Money is summed as `numeric` and leaves
 * the database as a decimal string with two places, read here into a number.
 *
 * Which sales count: every sale of the store except cancelled ones. Which lines count for
 * product performance: every line of goods — not a service's (the delivery: a fee, not a
 * product), by the kind the product had when sold (sale_items.product_kind). Days are shop days in Africa/Nairobi (lib/shop-day.ts). Profit is gross profit on
 * the goods (revenue − cost at the kept buying prices) and that less the range's expenses.
 *
 * Returns (issue 24) count on the shop day they were made, not their sale's — as the refund
 * leaves the drawer that day, and so a closed month's figures never change when an old sale comes
 * back: product performance, profit and top sellers take the returned lines' pieces, refunds and
 * profit off (return_lines_counted, migration 0039); the sales summary takes each refund off the
 * method it was paid back by and gives the range's returns. A return of a cancelled sale counts
 * no more than its sale.
 */
import { STOCK_STATUS_LABELS, stockStatus } from '@duka/shared/products/stock-status';
import {
  DISCOUNT_REPORT_ROWS,
  type DiscountsReport,
  type ExpensesSummary,
  type InventoryReport,
  type InventoryReportQuery,
  type PerformanceReport,
  type PerformanceReportQuery,
  type ProfitReport,
  type ReportRangeQuery,
  type SalesSummary,
} from '@duka/shared/reports/reports.schemas';
import {
  PAYMENT_PART_METHODS,
  REPAYMENT_METHODS,
  type PaymentPartMethod,
  type RepaymentMethod,
} from '@duka/shared/sales/sales.schemas';
import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  gte,
  isNotNull,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../lib/like';
import {
  endOfShopDay,
  SHOP_DAY_INTERVAL,
  splitIntoMonths,
  startOfShopDay,
} from '../../lib/shop-day';
import { expenses } from '../expenses/expenses.table';
import { products } from '../products/products.table';
import { customerRepayments } from '../customers/customer-accounts.table';
import { saleItems, salePayments, sales } from '../sales/sales.table';
import { users } from '../users/users.table';
import { saleReturnItems, saleReturns } from '../returns/returns.table';
import {
  productSalesMonthly,
  returnLinesCounted,
  saleLinesCounted,
} from './product-sales-monthly.table';

/** A numeric aggregate as it leaves PostgreSQL ('1234.50', or null over no rows) → 1234.5. */
function amount(value: string | number | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** The range applies only when both days are set (spec §2 Reports). */
function bothDays(range: { start?: string; end?: string }): { start: string; end: string } | null {
  return range.start && range.end ? { start: range.start, end: range.end } : null;
}

/** The store's sales that count, within the range when both days are set. */
export function countedSales(storeId: number, range: { start?: string; end?: string }): SQL {
  const conditions: SQL[] = [eq(sales.storeId, storeId), ne(sales.status, 'cancelled')];
  const days = bothDays(range);
  if (days) {
    conditions.push(gte(sales.createdAt, startOfShopDay(days.start)));
    conditions.push(lt(sales.createdAt, endOfShopDay(days.end)));
  }
  return and(...conditions) as SQL;
}

/**
 * The store's returns that count (issue 24), within the range when both days are set: by the
 * day the return was made, not its sale's; a return of a cancelled sale counts no more than the
 * sale.
 */
export function countedReturns(storeId: number, range: { start?: string; end?: string }): SQL {
  const conditions: SQL[] = [
    eq(saleReturns.storeId, storeId),
    not(
      exists(
        sql`(select 1 from ${sales} where ${sales.id} = ${saleReturns.saleId} and ${sales.status} = 'cancelled')`,
      ),
    ),
  ];
  const days = bothDays(range);
  if (days) {
    conditions.push(gte(saleReturns.createdAt, startOfShopDay(days.start)));
    conditions.push(lt(saleReturns.createdAt, endOfShopDay(days.end)));
  }
  return and(...conditions) as SQL;
}

/** The store's expenses, within the range when both days are set (an expense's date is a shop day). */
function countedExpenses(storeId: number, range: { start?: string; end?: string }): SQL {
  const conditions: SQL[] = [eq(expenses.storeId, storeId)];
  const days = bothDays(range);
  if (days) {
    conditions.push(gte(expenses.date, days.start));
    conditions.push(lte(expenses.date, days.end));
  }
  return and(...conditions) as SQL;
}

/**
 * GET /reports/inventory: the store's active products (not the delivery service), by name.
 * Price is the piece selling price (spec §3: "In reports, price is taken from the piece
 * price"), so value = pieces on the shelf × piece selling price — stock at what it sells for,
 * not at cost. The summary covers every matching product, summed in SQL.
 */
export async function inventoryReport(
  db: Executor,
  storeId: number,
  query: InventoryReportQuery,
): Promise<InventoryReport> {
  const conditions: SQL[] = [
    eq(products.storeId, storeId),
    eq(products.isActive, true),
    eq(products.kind, 'goods'),
  ];
  // Name, SKU or barcode, from the products' one trigram-indexed search text (migration 0014).
  if (query.q)
    conditions.push(sql`${products.searchText} like ${containsPattern(query.q.toLowerCase())}`);
  const where = and(...conditions);
  const value = sql<string>`(${products.stockPieces} * ${products.pieceSellingPrice})::numeric(16, 2)`;
  const [rows, [summary]] = await Promise.all([
    db
      .select({
        productId: products.id,
        name: products.name,
        sku: products.sku,
        price: products.pieceSellingPrice,
        quantity: products.stockPieces,
        stockUnit: products.stockUnit,
        packSize: products.packSize,
        value,
      })
      .from(products)
      .where(where)
      .orderBy(sql`lower(${products.name})`, asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        productCount: count(),
        totalValue: sql<string>`coalesce(sum(${products.stockPieces} * ${products.pieceSellingPrice}), 0)::numeric(18, 2)`,
      })
      .from(products)
      .where(where),
  ]);
  return {
    products: rows.map((row) => ({
      productId: row.productId,
      name: row.name,
      sku: row.sku,
      price: amount(row.price),
      quantity: row.quantity,
      stockUnit: row.stockUnit,
      packSize: row.packSize,
      status: STOCK_STATUS_LABELS[stockStatus(row.quantity)],
      value: amount(row.value),
    })),
    summary: {
      productCount: summary?.productCount ?? 0,
      totalValue: amount(summary?.totalValue),
    },
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * GET /reports/product-performance: per product, over the range — pieces sold, revenue (Σ line
 * totals), profit (Σ line total − quantity × the buying price kept on the line, so later price
 * changes do not rewrite history), each less the lines returned in the range (their refunds and
 * buying values), average price per piece (revenue ÷ pieces) and the last sale.
 * Every active product is listed, those not sold in the range with zeros and lastSold null
 * (the web shows 'Never'); an inactive product appears only when it sold in the range. Sorted
 * in SQL, descending, then by name.
 */
export async function performanceReport(
  db: Executor,
  storeId: number,
  query: PerformanceReportQuery,
): Promise<PerformanceReport> {
  // Read-only, in a transaction of its own so the settings below are this report's only.
  return db.transaction(async (tx) => {
    await tx.execute(REPORT_SETTINGS);
    return performanceOf(tx, storeId, query);
  });
}

/**
 * For the length of the report's transaction (set_config(…, true) is SET LOCAL), in one round
 * trip (issue 10):
 * - work_mem 64 MB: a year of a busy store is summed into one group per product (50,000 in the
 *   bench), and the default 4 MB made that aggregate spill to disk and sort there. A report is
 *   one manager waiting, not a till, so it may use more.
 * - no parallel workers: they made it slower (≈ 320 ms against 265 ms for a year), as the
 *   planner cannot estimate the groups of a UNION and sorts the workers' partial sums.
 * - no JIT: PostgreSQL compiled a query this size to machine code first, ≈ 55 ms before the
 *   first row, more than it saves on 300,000 rows.
 */
const REPORT_SETTINGS = sql`select set_config('work_mem', '64MB', true),
  set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`;

/** Sold rows, a product's sums in cents: from the lines that count in a span of time… */
function linesSold(db: Executor, storeId: number, from: Date, to: Date, when: SQL) {
  return db
    .select({
      productId: sql<number>`${saleLinesCounted.productId}`.as('product_id'),
      pieces: sql<number>`${saleLinesCounted.pieces}`.as('pieces'),
      revenueCents: sql<number>`${saleLinesCounted.revenueCents}`.as('revenue_cents'),
      profitCents: sql<number>`${saleLinesCounted.profitCents}`.as('profit_cents'),
      soldAt: sql<Date>`${saleLinesCounted.soldAt}`.as('sold_at'),
    })
    .from(saleLinesCounted)
    .where(
      and(
        eq(saleLinesCounted.storeId, storeId),
        gte(saleLinesCounted.soldAt, from),
        lt(saleLinesCounted.soldAt, to),
        when,
      ),
    )
    .$dynamic();
}
type SoldRows = ReturnType<typeof linesSold>;

/**
 * … less the returned rows made in that span (issue 24: a return counts on the day it was made,
 * as its refund leaves the drawer that day), their sums negative and no last sale …
 */
function linesReturned(db: Executor, storeId: number, from: Date, to: Date, when: SQL): SoldRows {
  const query = db
    .select({
      productId: sql<number>`${returnLinesCounted.productId}`.as('product_id'),
      pieces: sql<number>`${returnLinesCounted.pieces}`.as('pieces'),
      revenueCents: sql<number>`${returnLinesCounted.revenueCents}`.as('revenue_cents'),
      profitCents: sql<number>`${returnLinesCounted.profitCents}`.as('profit_cents'),
      soldAt: sql<Date>`null::timestamptz`.as('sold_at'),
    })
    .from(returnLinesCounted)
    .where(
      and(
        eq(returnLinesCounted.storeId, storeId),
        gte(returnLinesCounted.returnedAt, from),
        lt(returnLinesCounted.returnedAt, to),
        when,
      ),
    )
    .$dynamic();
  return query as unknown as SoldRows;
}

/** … or from product_sales_monthly (sales less returns), for whole shop months. */
function monthsSold(db: Executor, where: SQL): SoldRows {
  const query = db
    .select({
      productId: sql<number>`${productSalesMonthly.productId}`.as('product_id'),
      pieces: sql<number>`${productSalesMonthly.pieces}`.as('pieces'),
      revenueCents: sql<number>`${productSalesMonthly.revenueCents}`.as('revenue_cents'),
      profitCents: sql<number>`${productSalesMonthly.profitCents}`.as('profit_cents'),
      soldAt: sql<Date>`${productSalesMonthly.lastSoldAt}`.as('sold_at'),
    })
    .from(productSalesMonthly)
    .where(where)
    .$dynamic();
  // The same columns, of the same types, as linesSold's.
  return query as unknown as SoldRows;
}

/**
 * Product performance's order: the chosen figure, highest first (never sold last, for the last
 * sale), then by name and id — of the sums and the product wherever the query holds them.
 */
function performanceOrder(
  sort: PerformanceReportQuery['sort'],
  sums: { pieces: unknown; revenueCents: unknown; profitCents: unknown; lastSold: unknown },
  product: { name: unknown; id: unknown },
): SQL[] {
  const figure: Record<PerformanceReportQuery['sort'], SQL> = {
    revenue: sql`coalesce(${sums.revenueCents}, 0) desc`,
    profit: sql`coalesce(${sums.profitCents}, 0) desc`,
    quantity: sql`coalesce(${sums.pieces}, 0) desc`,
    lastSold: sql`${sums.lastSold} desc nulls last`,
  };
  return [figure[sort], sql`lower(${product.name})`, sql`${product.id}`];
}

/**
 * What each product sold in the range (all time when no range), net of the returns made in the
 * range: pieces, revenue and profit in integer cents and the last sale, one row per product, as
 * the CTEs `sold` and `lines` — product performance and the profit report read the same sums.
 */
function soldByProduct(db: Executor, storeId: number, range: { start?: string; end?: string }) {
  // The range's whole shop months come from product_sales_monthly (a row per product and
  // month, kept by triggers), the pieces of months at its ends from there too or from the
  // lines themselves (sale_items_store_sold_idx: each line carries its sale's store and
  // time), as below. All are summed per product once, in a CTE read by the page, the count of
  // listed products and the totals alike. Money stays in integer cents until the page's rows
  // are formatted.
  const days = bothDays(range);
  const split = days ? splitIntoMonths(days.start, days.end) : null;
  const parts: SoldRows[] = [];
  if (!split || split.months) {
    const conditions: SQL[] = [eq(productSalesMonthly.storeId, storeId)];
    if (split?.months) {
      conditions.push(gte(productSalesMonthly.month, split.months.from));
      conditions.push(lt(productSalesMonthly.month, split.months.to));
    }
    parts.push(monthsSold(db, and(...conditions) as SQL));
  }
  // A piece of a month is read from the month's sums when nothing was sold or returned in the
  // rest of that month (a range ending today: the current month, however busy), else from its
  // sold and returned lines. Either way the figures are exact; PostgreSQL checks the condition
  // once and runs one of the two.
  for (const piece of split?.pieces ?? []) {
    const changedOutside = or(
      exists(
        db
          .select({ one: sql`1` })
          .from(saleItems)
          .where(
            and(
              eq(saleItems.storeId, storeId),
              or(
                ...piece.outside.map(([from, to]) =>
                  and(gte(saleItems.soldAt, from), lt(saleItems.soldAt, to)),
                ),
              ),
            ),
          ),
      ),
      exists(
        db
          .select({ one: sql`1` })
          .from(saleReturnItems)
          .where(
            and(
              eq(saleReturnItems.storeId, storeId),
              or(
                ...piece.outside.map(([from, to]) =>
                  and(gte(saleReturnItems.returnedAt, from), lt(saleReturnItems.returnedAt, to)),
                ),
              ),
            ),
          ),
      ),
    ) as SQL;
    parts.push(
      monthsSold(
        db,
        and(
          eq(productSalesMonthly.storeId, storeId),
          eq(productSalesMonthly.month, piece.month),
          not(changedOutside),
        ) as SQL,
      ),
    );
    parts.push(linesSold(db, storeId, piece.from, piece.to, changedOutside));
    parts.push(linesReturned(db, storeId, piece.from, piece.to, changedOutside));
  }
  const [first, second, ...rest] = parts as [SoldRows, ...SoldRows[]];
  const sold = db.$with('sold').as(second ? unionAll(first, second, ...rest) : first);
  const lines = db.$with('lines').as(
    db
      .select({
        productId: sql<number>`${sold.productId}`.as('product_id'),
        // sum_bigint (migration 0013): integer sums without sum()'s 128-bit state per group.
        pieces: sql<number>`sum_bigint(${sold.pieces})`.as('pieces'),
        revenueCents: sql<number>`sum_bigint(${sold.revenueCents})`.as('revenue_cents'),
        profitCents: sql<number>`sum_bigint(${sold.profitCents})`.as('profit_cents'),
        lastSold: sql<Date>`max(${sold.soldAt})`.as('last_sold'),
      })
      .from(sold)
      .groupBy(sold.productId),
  );
  return { sold, lines };
}

async function performanceOf(
  db: Executor,
  storeId: number,
  query: PerformanceReportQuery,
): Promise<PerformanceReport> {
  const { sold, lines } = soldByProduct(db, storeId, query);

  const listed = and(
    eq(products.storeId, storeId),
    eq(products.kind, 'goods'),
    or(eq(products.isActive, true), isNotNull(lines.productId)),
  );
  // The page: every listed product (zeros for those not sold) sorted and counted before the
  // LIMIT; its few rows alone are then formatted.
  const page = db.$with('page').as(
    db
      .select({
        id: sql<number>`${products.id}`.as('id'),
        name: sql<string>`${products.name}`.as('name'),
        sku: sql<string>`${products.sku}`.as('sku'),
        pieces: sql<number>`coalesce(${lines.pieces}, 0)`.as('pieces'),
        revenueCents: sql<number>`coalesce(${lines.revenueCents}, 0)`.as('revenue_cents'),
        profitCents: sql<number>`coalesce(${lines.profitCents}, 0)`.as('profit_cents'),
        lastSold: sql<Date | null>`${lines.lastSold}`.as('last_sold'),
        listedCount: sql<number>`count(*) over ()`.as('listed_count'),
      })
      .from(products)
      .leftJoin(lines, eq(lines.productId, products.id))
      .where(listed)
      .orderBy(...performanceOrder(query.sort, lines, products))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  );
  // Totals over every line of the range (a deleted product's lines too).
  const totalRevenue = sql<string>`(select (coalesce(sum(revenue_cents), 0) / 100.0)::numeric(18, 2) from lines)`;
  const totalProfit = sql<string>`(select (coalesce(sum(profit_cents), 0) / 100.0)::numeric(18, 2) from lines)`;

  const rows = await db
    .with(sold, lines, page)
    .select({
      productId: page.id,
      productName: page.name,
      productSku: page.sku,
      quantity: sql<number>`${page.pieces}`.mapWith(Number),
      revenue: sql<string>`(${page.revenueCents} / 100.0)::numeric(18, 2)`,
      profit: sql<string>`(${page.profitCents} / 100.0)::numeric(18, 2)`,
      averagePrice: sql<string>`coalesce(round(${page.revenueCents} / 100.0 / nullif(${page.pieces}, 0), 2), 0)::numeric(18, 2)`,
      // ISO 8601 in UTC, formatted by PostgreSQL so both drivers give the same text.
      lastSold: sql<
        string | null
      >`to_char(${page.lastSold} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      listedCount: sql<number>`${page.listedCount}`.mapWith(Number),
      totalRevenue,
      totalProfit,
    })
    .from(page)
    .orderBy(...performanceOrder(query.sort, page, page));
  // A page past the end has no row to carry the count and totals: ask for them alone.
  const [totals] = rows.length
    ? rows
    : await db
        .with(sold, lines)
        .select({ listedCount: count().mapWith(Number), totalRevenue, totalProfit })
        .from(products)
        .leftJoin(lines, eq(lines.productId, products.id))
        .where(listed);

  return {
    products: rows.map((row) => ({
      productId: row.productId,
      productName: row.productName,
      productSku: row.productSku,
      quantity: row.quantity,
      revenue: amount(row.revenue),
      profit: amount(row.profit),
      averagePrice: amount(row.averagePrice),
      lastSold: row.lastSold ?? null,
    })),
    summary: {
      totalRevenue: amount(totals?.totalRevenue),
      totalProfit: amount(totals?.totalProfit),
      productCount: totals?.listedCount ?? 0,
    },
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * GET /reports/sales-summary: money taken per payment method — amounts in KSh, not counts, for
 * the "Sales by Payment Method" card and chart — by the parts of the sales (issue 21: a split
 * sale counts its cash net of change, its M-Pesa and its credit each under its own method,
 * delivery fees included) less the refunds of the range by theirs (issue 24: a cash refund off
 * cash, M-Pesa sent back off M-Pesa, a credit refund off credit), the repayments of credit
 * received in the range by method, the total of the sales less the range's returns, the number
 * of sales, the returns' total, and revenue (net) and count per shop day (Africa/Nairobi),
 * oldest first. A return counts on the day it was made, whenever its sale was.
 */
export async function salesSummary(
  db: Executor,
  storeId: number,
  query: ReportRangeQuery,
): Promise<SalesSummary> {
  const where = countedSales(storeId, query);
  // The range's sales are grouped once, by shop day, with one hash aggregate; the day and
  // overall figures are then rolled up from those few rows with grouping sets (1: a day,
  // 2: overall). Grouping sets straight over the sales sorted all of them per set, and
  // formatting every sale's day as text cost more than the sums (issue 10: 0.5 s → 0.15 s for
  // 200,000 sales).
  // The range's returns are grouped by their day the same way, their total taken off the day's.
  const shopDay = (at: unknown) =>
    sql<string>`((${at} at time zone 'UTC') + interval '${sql.raw(SHOP_DAY_INTERVAL)}')::date`;
  const day = shopDay(sales.createdAt);
  const returnDay = shopDay(saleReturns.createdAt);
  const byDay = db.$with('by_day').as(
    unionAll(
      db
        .select({
          day: day.as('day'),
          total: sql<string>`sum(${sales.totalAmount})`.as('total'),
          n: count().as('n'),
          returned: sql<string>`0::numeric`.as('returned'),
        })
        .from(sales)
        .where(where)
        .groupBy(day),
      db
        .select({
          day: returnDay.as('day'),
          total: sql<string>`-sum(${saleReturns.amount})`.as('total'),
          n: sql<number>`0`.as('n'),
          returned: sql<string>`sum(${saleReturns.amount})`.as('returned'),
        })
        .from(saleReturns)
        .where(countedReturns(storeId, query))
        .groupBy(returnDay),
    ),
  );
  const [groups, methods] = await Promise.all([
    db
      .with(byDay)
      .select({
        set: sql<number>`grouping(${byDay.day})`.mapWith(Number),
        date: sql<string>`to_char(${byDay.day}, 'YYYY-MM-DD')`,
        total: sql<string>`coalesce(sum(${byDay.total}), 0)::numeric(18, 2)`,
        count: sql<number>`coalesce(sum(${byDay.n}), 0)`.mapWith(Number),
        returned: sql<string>`coalesce(sum(${byDay.returned}), 0)::numeric(18, 2)`,
      })
      .from(byDay)
      .groupBy(sql`grouping sets ((${byDay.day}), ())`)
      .orderBy(byDay.day),
    paymentPartsAndRepayments(db, storeId, query),
  ]);
  const days = groups.filter((row) => row.set === 0);
  const totals = groups.find((row) => row.set === 1);
  const paymentMethods = Object.fromEntries(
    PAYMENT_PART_METHODS.map((method) => [method, 0]),
  ) as SalesSummary['paymentMethods'];
  const repayments = Object.fromEntries(
    REPAYMENT_METHODS.map((method) => [method, 0]),
  ) as SalesSummary['repayments'];
  for (const row of methods) {
    if (row.kind === 'part') paymentMethods[row.method as PaymentPartMethod] = amount(row.total);
    else repayments[row.method as RepaymentMethod] = amount(row.total);
  }
  return {
    paymentMethods,
    repayments,
    totalSales: amount(totals?.total),
    count: totals?.count ?? 0,
    returns: amount(totals?.returned),
    byDay: everyDay(
      days.map((row) => ({ date: row.date, revenue: amount(row.total), count: row.count })),
      bothDays(query),
    ),
  };
}

/**
 * The range's payment parts by method ('part') and repayments by method ('repayment'), in one
 * statement. A part carries its sale's store and time (sale_payments_store_created_idx), so the
 * parts are summed without reading their sales; the few cancelled sales' parts
 * (sales_store_cancelled_idx) are then taken off, and the range's refunds by their method
 * (sale_returns_store_created_idx; not those of a cancelled sale, whose parts no longer count).
 */
async function paymentPartsAndRepayments(
  db: Executor,
  storeId: number,
  range: ReportRangeQuery,
): Promise<{ kind: 'part' | 'repayment'; method: string; total: string }[]> {
  const days = bothDays(range);
  const start = days && startOfShopDay(days.start).toISOString();
  const end = days && endOfShopDay(days.end).toISOString();
  const within = (column: SQL) =>
    days ? sql`and ${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz` : sql``;
  const result: unknown = await db.execute(sql`
    select kind, method, sum(total)::numeric(18, 2)::text as total from (
      select 'part' as kind, p.method, sum(p.amount) as total
      from ${salePayments} p
      where p.store_id = ${storeId} ${within(sql`p.created_at`)}
      group by p.method
      union all
      select 'part', p.method, -sum(p.amount)
      from ${sales} s join ${salePayments} p on p.sale_id = s.id
      where s.store_id = ${storeId} and s.status = 'cancelled' ${within(sql`s.created_at`)}
      group by p.method
      union all
      select 'part', r.refund_method, -sum(r.amount)
      from ${saleReturns} r
      where r.store_id = ${storeId} ${within(sql`r.created_at`)}
        and not exists (select 1 from ${sales} s where s.id = r.sale_id and s.status = 'cancelled')
      group by r.refund_method
      union all
      select 'repayment', r.method, sum(r.amount)
      from ${customerRepayments} r
      where r.store_id = ${storeId} ${within(sql`r.created_at`)}
      group by r.method
    ) t
    group by kind, method`);
  // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects.
  return (result as { rows: { kind: 'part' | 'repayment'; method: string; total: string }[] }).rows;
}

/** The longest range whose every day is listed, sales or not: a year. */
export const FILLED_DAYS_MAX = 366;

/**
 * The days with sales (oldest first) and, between them, the days without as zero, so the chart
 * shows a day nobody bought anything (issue 20): every day of the range when it is at most a
 * year, else — or with no range — the days from the first sale to the last. The figures are
 * SQL's; only the empty days are made here, so a range of centuries costs no more than the
 * store's own days.
 */
export function everyDay(
  sold: SalesSummary['byDay'],
  range: { start: string; end: string } | null,
): SalesSummary['byDay'] {
  const span = range && dayNumber(range.end) - dayNumber(range.start) < FILLED_DAYS_MAX;
  const first = span ? range.start : sold[0]?.date;
  const last = span ? range.end : sold.at(-1)?.date;
  if (first === undefined || last === undefined) return [];
  const byDate = new Map(sold.map((day) => [day.date, day]));
  const filled: SalesSummary['byDay'] = [];
  for (let n = dayNumber(first); n <= dayNumber(last); n += 1) {
    const date = new Date(n * DAY_MS).toISOString().slice(0, 10);
    filled.push(byDate.get(date) ?? { date, revenue: 0, count: 0 });
  }
  return filled;
}

const DAY_MS = 86_400_000;
/** A calendar day (YYYY-MM-DD) as a count of days since 1970-01-01. */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * GET /reports/profit: over the range, the goods sold (the lines of product performance: not
 * the delivery service, not cancelled sales), their cost at the buying prices kept on each line
 * (so later price changes do not rewrite it), gross profit = revenue − cost, the expenses, and
 * profit after expenses = gross profit − expenses. All in integer cents, summed in SQL in one
 * statement.
 */
export async function profitReport(
  db: Executor,
  storeId: number,
  query: ReportRangeQuery,
): Promise<ProfitReport> {
  return db.transaction(async (tx) => {
    await tx.execute(REPORT_SETTINGS);
    const { sold, lines } = soldByProduct(tx, storeId, query);
    const spent = tx
      .select({ cents: sql`coalesce(sum(${expenses.amount}) * 100, 0)::bigint` })
      .from(expenses)
      .where(countedExpenses(storeId, query));
    const [sums] = await tx
      .with(sold, lines)
      .select({
        revenueCents: sql<number>`coalesce(sum(${lines.revenueCents}), 0)::bigint`.mapWith(Number),
        profitCents: sql<number>`coalesce(sum(${lines.profitCents}), 0)::bigint`.mapWith(Number),
        expenseCents: sql<number>`(${spent})`.mapWith(Number),
      })
      .from(lines);
    const { revenueCents = 0, profitCents = 0, expenseCents = 0 } = sums ?? {};
    return {
      revenue: revenueCents / 100,
      costOfGoods: (revenueCents - profitCents) / 100,
      grossProfit: profitCents / 100,
      expenses: expenseCents / 100,
      profitAfterExpenses: (profitCents - expenseCents) / 100,
    };
  });
}

/** GET /reports/expenses-summary: the store's expenses in the range, in all and per category. */
export async function expensesSummary(
  db: Executor,
  storeId: number,
  query: ReportRangeQuery,
): Promise<ExpensesSummary> {
  const where = countedExpenses(storeId, query);
  const [[totals], categories] = await Promise.all([
    db
      .select({
        total: sql<string>`coalesce(sum(${expenses.amount}), 0)::numeric(18, 2)`,
        count: count(),
      })
      .from(expenses)
      .where(where),
    db
      .select({
        category: expenses.category,
        total: sql<string>`sum(${expenses.amount})::numeric(18, 2)`,
      })
      .from(expenses)
      .where(where)
      .groupBy(expenses.category)
      .orderBy(expenses.category),
  ]);
  return {
    totalExpenses: amount(totals?.total),
    count: totals?.count ?? 0,
    byCategory: Object.fromEntries(categories.map((row) => [row.category, amount(row.total)])),
  };
}

/**
 * GET /reports/discounts (issue 20): the discounts kept on the sale lines of the range's
 * counted sales, summed in SQL per cashier (the sale's seller) and per product (the line's
 * product, by the name kept on the line), largest first.
 */
export async function discountsReport(
  db: Executor,
  storeId: number,
  query: ReportRangeQuery,
): Promise<DiscountsReport> {
  const discounted = and(countedSales(storeId, query), gt(saleItems.discount, '0'));
  const cents = sql<number>`(sum(${saleItems.discount}) * 100)::bigint`.mapWith(Number);
  const [byCashier, byProduct] = await Promise.all([
    db
      .select({
        userId: sales.userId,
        name: sql<string | null>`max(${users.name})`,
        sales: sql<number>`count(distinct ${sales.id})::integer`.mapWith(Number),
        cents,
      })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .leftJoin(users, eq(users.id, sales.userId))
      .where(discounted)
      .groupBy(sales.userId)
      .orderBy(sql`4 desc`, sales.userId)
      .limit(DISCOUNT_REPORT_ROWS),
    db
      .select({
        productId: saleItems.productId,
        name: sql<string>`max(${saleItems.productName})`,
        lines: sql<number>`count(*)::integer`.mapWith(Number),
        cents,
      })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .where(discounted)
      .groupBy(saleItems.productId)
      .orderBy(sql`4 desc`, saleItems.productId)
      .limit(DISCOUNT_REPORT_ROWS),
  ]);
  const [totals] = await db
    .select({ cents })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .where(discounted);
  return {
    total: (totals?.cents ?? 0) / 100,
    byCashier: byCashier.map((row) => ({
      user_id: row.userId,
      name: row.name ?? '',
      sales: row.sales,
      discount: row.cents / 100,
    })),
    byProduct: byProduct.map((row) => ({
      product_id: row.productId,
      name: row.name,
      lines: row.lines,
      discount: row.cents / 100,
    })),
  };
}
