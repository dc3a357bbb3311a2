import { bigint, date, integer, pgTable, pgView, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';

/**
 * What each product sold in each shop month (Africa/Nairobi), summed from the sale lines less
 * the returned lines (issue 24: a return counts in the month it was made, not the sale's): the
 * product performance report reads a range's whole months from here and only the days at its
 * edges from the lines, so a year is ~12 rows a product instead of every line (issue 10).
 *
 * Written by PostgreSQL itself, never by the application: triggers on `sale_items` (insert,
 * update, delete), on `sale_return_items` (insert, update, delete) and on `sales` (a sale
 * cancelled or restored) keep it equal to the lines that count less the returned lines — a line of a cancelled sale and a service's line (the delivery) do not — whatever path
 * changed them (checkout, a product deleted, a seed, a migration). See migration
 * 0013_product_sales_monthly and 0039_reports_returns. `product_id` 0 holds the lines whose product was deleted.
 * Money is in integer cents, so summing a year is integer arithmetic.
 */
export const productSalesMonthly = pgTable(
  'product_sales_monthly',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    // The first day of the shop month.
    month: date('month', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    pieces: bigint('pieces', { mode: 'number' }).notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
    profitCents: bigint('profit_cents', { mode: 'number' }).notNull(),
    // Null when the month holds only returns of the product (issue 24), no sale.
    lastSoldAt: timestamp('last_sold_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.month, table.productId] })],
);

/**
 * The sale lines that count in product performance, with their sums in cents: the one
 * definition of that rule (not the delivery service, not a line of a cancelled sale; product 0
 * for a deleted product's lines), shared by the triggers above and the report. A view of
 * migration 0013, not built by drizzle-kit.
 */
export const saleLinesCounted = pgView('sale_lines_counted', {
  id: integer('id').notNull(),
  storeId: integer('store_id').notNull(),
  soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
  month: date('month', { mode: 'string' }).notNull(),
  productId: integer('product_id').notNull(),
  pieces: bigint('pieces', { mode: 'number' }).notNull(),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  profitCents: bigint('profit_cents', { mode: 'number' }).notNull(),
}).existing();

/**
 * The returned lines that count (issue 24): a return of a line that counts above, in the shop
 * month of the return, its sums negative — pieces, revenue (the refund, unit price × quantity)
 * and profit (refund − buying value) taken off — so adding them to the sale lines gives the
 * figures net of returns. A view of migration 0039, read by the triggers and the report alike.
 */
export const returnLinesCounted = pgView('return_lines_counted', {
  id: integer('id').notNull(),
  storeId: integer('store_id').notNull(),
  returnedAt: timestamp('returned_at', { withTimezone: true }).notNull(),
  month: date('month', { mode: 'string' }).notNull(),
  productId: integer('product_id').notNull(),
  pieces: bigint('pieces', { mode: 'number' }).notNull(),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  profitCents: bigint('profit_cents', { mode: 'number' }).notNull(),
}).existing();
