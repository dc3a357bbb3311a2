import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from '../products/products.table';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';

/**
 * A stock count of a store (issue 25): the whole store, or the products of `category_ids`.
 * One open count per store (the partial unique index). Finishing it posts the lines' differences
 * as 'count' movements and freezes them: a finished count is final.
 */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['open', 'finished'] })
      .notNull()
      .default('open'),
    /** null: the whole store. */
    categoryIds: integer('category_ids').array(),
    zeroUncounted: boolean('zero_uncounted').notNull().default(false),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedBy: integer('finished_by').references(() => users.id, { onDelete: 'set null' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Σ lines' difference_value, frozen at the finish. */
    totalDifferenceValue: numeric('total_difference_value', { precision: 16, scale: 2 }),
  },
  (table) => [
    // The key stock_count_lines' (count_id, store_id) references.
    unique('stock_counts_id_store_unique').on(table.id, table.storeId),
    uniqueIndex('stock_counts_one_open_per_store')
      .on(table.storeId)
      .where(sql`${table.status} = 'open'`),
    index('stock_counts_store_started_idx').on(
      table.storeId,
      table.startedAt.desc(),
      table.id.desc(),
    ),
    check('stock_counts_status_valid', sql`${table.status} in ('open', 'finished')`),
  ],
);

/**
 * A product's line of a count: the quantity counted in its unit and in pieces, and the stock
 * the product had when it was counted (expected). A later count of the product replaces the
 * line. At the finish the difference and its value are frozen (zeroed uncounted products get a
 * line then, with counted_by null).
 */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    countId: integer('count_id').notNull(),
    // The count's store (issue 27).
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unitType: text('unit_type', { enum: ['piece', 'pack', 'dozen'] }).notNull(),
    countedQuantity: integer('counted_quantity').notNull(),
    countedPieces: integer('counted_pieces').notNull(),
    expectedPieces: integer('expected_pieces').notNull(),
    /** Frozen at the finish (null while the count is open). */
    differencePieces: integer('difference_pieces'),
    differenceValue: numeric('difference_value', { precision: 16, scale: 2 }),
    countedBy: integer('counted_by').references(() => users.id, { onDelete: 'set null' }),
    countedAt: timestamp('counted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.countId, table.productId] }),
    foreignKey({
      name: 'stock_count_lines_count_store_fk',
      columns: [table.countId, table.storeId],
      foreignColumns: [stockCounts.id, stockCounts.storeId],
    }).onDelete('cascade'),
    check('stock_count_lines_counted_not_negative', sql`${table.countedPieces} >= 0`),
  ],
);

export type StockCountRow = typeof stockCounts.$inferSelect;
export type StockCountLineRow = typeof stockCountLines.$inferSelect;
