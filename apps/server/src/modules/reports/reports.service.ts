/**
 * The reports (spec §2 Reports, §3 Reports; PRODUCT.md §4; issue 9). Every figure is an SQL
 * aggregate (sum, count, max … group by) over the store's rows — no report loads sales, lines,
 * products or expenses into JavaScript to add them up. Money is summed as `numeric` and leaves
 * the database as a decimal string with two places, read here into a number.
 *
 * Which sales count: every sale of the store except cancelled ones. Which lines count for
 * product performance: every line except the delivery service (SKU SRV001, a fee, not a
 * product). Days are shop days in Africa/Nairobi (lib/shop-day.ts).
 */
import { STOCK_STATUS_LABELS, stockStatus } from '@duka/shared/products/stock-status';
import type {
  ExpensesSummary,
  InventoryReport,
  InventoryReportQuery,
  PerformanceReport,
  PerformanceReportQuery,
  ReportRangeQuery,
  SalesSummary,
} from '@duka/shared/reports/reports.schemas';
import { PAYMENT_METHODS } from '@duka/shared/sales/sales.schemas';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../lib/like';
import { endOfShopDay, SHOP_DAY_INTERVAL, startOfShopDay } from '../../lib/shop-day';
import { expenses } from '../expenses/expenses.table';
import { products } from '../products/products.table';
import { DELIVERY_SERVICE_SKU } from '../sales/sales.service';
import { saleItems, sales } from '../sales/sales.table';

/** A numeric aggregate as it leaves PostgreSQL ('1234.50', or null over no rows) → 1234.5. */
function amount(value: string | number | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** The range applies only when both days are set (spec §2 Reports). */
function bothDays(range: { start?: string; end?: string }): { start: string; end: string } | null {
  return range.start && range.end ? { start: range.start, end: range.end } : null;
}

/** The store's sales that count, within the range when both days are set. */
function countedSales(storeId: number, range: { start?: string; end?: string }): SQL {
  const conditions: SQL[] = [eq(sales.storeId, storeId), ne(sales.status, 'cancelled')];
  const days = bothDays(range);
  if (days) {
    conditions.push(gte(sales.createdAt, startOfShopDay(days.start)));
    conditions.push(lt(sales.createdAt, endOfShopDay(days.end)));
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
    ne(products.sku, DELIVERY_SERVICE_SKU),
  ];
  if (query.q) {
    const pattern = containsPattern(query.q.toLowerCase());
    conditions.push(
      or(
        sql`lower(${products.name}) like ${pattern}`,
        sql`lower(${products.sku}) like ${pattern}`,
      ) as SQL,
    );
  }
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
 * changes do not rewrite history), average price per piece (revenue ÷ pieces) and the last sale.
 * Every active product is listed, those not sold in the range with zeros and lastSold null
 * (the web shows 'Never'); an inactive product appears only when it sold in the range. Sorted
 * in SQL, descending, then by name.
 */
export async function performanceReport(
  db: Executor,
  storeId: number,
  query: PerformanceReportQuery,
): Promise<PerformanceReport> {
  const lineWhere = and(
    countedSales(storeId, query),
    ne(saleItems.productSku, DELIVERY_SERVICE_SKU),
  ) as SQL;
  // The range's lines summed per product once, in a CTE read by the page, the count of listed
  // products and the totals alike — not one pass over the lines per figure.
  const lines = db.$with('lines').as(
    db
      .select({
        productId: saleItems.productId,
        pieces: sql<number>`sum(${saleItems.pieces})::integer`.as('pieces'),
        revenue: sql<string>`sum(${saleItems.total})`.as('revenue'),
        profit:
          sql<string>`sum(${saleItems.total} - ${saleItems.quantity} * ${saleItems.buyingPrice})`.as(
            'profit',
          ),
        // ISO 8601 in UTC, formatted by PostgreSQL so both drivers give the same text.
        lastSold:
          sql<string>`to_char(max(${sales.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
            'last_sold',
          ),
      })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .where(lineWhere)
      .groupBy(saleItems.productId),
  );

  const listed = and(
    eq(products.storeId, storeId),
    ne(products.sku, DELIVERY_SERVICE_SKU),
    or(eq(products.isActive, true), isNotNull(lines.productId)),
  );
  const pieces = sql<number>`coalesce(${lines.pieces}, 0)`;
  const revenue = sql<string>`coalesce(${lines.revenue}, 0)::numeric(18, 2)`;
  const profit = sql<string>`coalesce(${lines.profit}, 0)::numeric(18, 2)`;
  const averagePrice = sql<string>`coalesce(round(${lines.revenue} / nullif(${lines.pieces}, 0), 2), 0)::numeric(18, 2)`;
  const sortKey: Record<PerformanceReportQuery['sort'], SQL> = {
    revenue: desc(revenue),
    profit: desc(profit),
    quantity: desc(pieces),
    lastSold: sql`${lines.lastSold} desc nulls last`,
  };
  // Totals over every line of the range (a deleted product's lines too).
  const totalRevenue = sql<string>`(select coalesce(sum(revenue), 0)::numeric(18, 2) from lines)`;
  const totalProfit = sql<string>`(select coalesce(sum(profit), 0)::numeric(18, 2) from lines)`;

  const rows = await db
    .with(lines)
    .select({
      productId: products.id,
      productName: products.name,
      productSku: products.sku,
      quantity: pieces,
      revenue,
      profit,
      averagePrice,
      lastSold: lines.lastSold,
      // Counted before LIMIT: every listed product, not only this page's.
      listedCount: sql<number>`count(*) over ()`.mapWith(Number),
      totalRevenue,
      totalProfit,
    })
    .from(products)
    .leftJoin(lines, eq(lines.productId, products.id))
    .where(listed)
    .orderBy(sortKey[query.sort], sql`lower(${products.name})`, asc(products.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // A page past the end has no row to carry the count and totals: ask for them alone.
  const [totals] = rows.length
    ? rows
    : await db
        .with(lines)
        .select({ listedCount: count().mapWith(Number), totalRevenue, totalProfit })
        .from(products)
        .leftJoin(lines, eq(lines.productId, products.id))
        .where(listed);

  return {
    products: rows.map((row) => ({
      productId: row.productId,
      productName: row.productName,
      productSku: row.productSku,
      quantity: Number(row.quantity),
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
 * GET /reports/sales-summary: money taken (sale totals, delivery fees included) per payment
 * method — amounts in KSh, not counts, for the "Sales by Payment Method" card and chart — the
 * total and number of sales, and revenue and count per shop day (Africa/Nairobi), oldest first.
 */
export async function salesSummary(
  db: Executor,
  storeId: number,
  query: ReportRangeQuery,
): Promise<SalesSummary> {
  const where = countedSales(storeId, query);
  const day = sql<string>`to_char((${sales.createdAt} at time zone 'UTC') + interval '${sql.raw(SHOP_DAY_INTERVAL)}', 'YYYY-MM-DD')`;
  // One pass over the range's sales for all three figures: grouping sets by payment method,
  // by day and overall; grouping() tells the rows apart (1: a method, 2: a day, 3: overall).
  const groups = await db
    .select({
      set: sql<number>`grouping(${sales.paymentMethod}, ${day})`.mapWith(Number),
      method: sales.paymentMethod,
      date: day,
      total: sql<string>`coalesce(sum(${sales.totalAmount}), 0)::numeric(18, 2)`,
      count: count(),
    })
    .from(sales)
    .where(where)
    .groupBy(sql`grouping sets ((${sales.paymentMethod}), (${day}), ())`)
    .orderBy(day);
  const methods = groups.filter((row) => row.set === 1);
  const days = groups.filter((row) => row.set === 2);
  const totals = groups.find((row) => row.set === 3);
  const paymentMethods = Object.fromEntries(
    PAYMENT_METHODS.map((method) => [method, 0]),
  ) as SalesSummary['paymentMethods'];
  for (const row of methods) paymentMethods[row.method] = amount(row.total);
  return {
    paymentMethods,
    totalSales: amount(totals?.total),
    count: totals?.count ?? 0,
    byDay: days.map((row) => ({ date: row.date, revenue: amount(row.total), count: row.count })),
  };
}

/** GET /reports/expenses-summary: the store's expenses in the range, in all and per category. */
export async function expensesSummary(
  db: Executor,
  storeId: number,
  query: ReportRangeQuery,
): Promise<ExpensesSummary> {
  const conditions: SQL[] = [eq(expenses.storeId, storeId)];
  const days = bothDays(query);
  if (days) {
    conditions.push(gte(expenses.date, days.start));
    conditions.push(lte(expenses.date, days.end));
  }
  const where = and(...conditions);
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
