import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';
import { products } from './products.table';

/**
 * Every change of a product's stock, in pieces, with its reason, reference, person and time
 * (PRODUCT.md §3: stock is auditable). Deleting a product (only possible while it has no
 * history beyond its 'initial' row) takes its rows along.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    changePieces: integer('change_pieces').notNull(),
    reason: text('reason', {
      enum: [
        'initial',
        'adjustment',
        'import',
        'purchase_order',
        'sale',
        'order',
        'return',
        'transfer_out',
        'transfer_in',
        'transfer_cancel',
        'count',
      ],
    }).notNull(),
    // Why a manager adjusted the stock (issue 20); only an 'adjustment' has one.
    adjustmentReason: text('adjustment_reason', {
      enum: ['count', 'damage', 'theft', 'correction'],
    }),
    reference: text('reference'),
    // The account may be deleted later; the movement stays.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_product_idx').on(table.productId, table.createdAt),
    index('stock_movements_store_idx').on(table.storeId),
    check(
      'stock_movements_reason_valid',
      sql`${table.reason} in ('initial', 'adjustment', 'import', 'purchase_order', 'sale', 'order', 'return', 'transfer_out', 'transfer_in', 'transfer_cancel', 'count')`,
    ),
    check(
      'stock_movements_adjustment_reason_valid',
      sql`${table.adjustmentReason} is null or (${table.reason} = 'adjustment' and ${table.adjustmentReason} in ('count', 'damage', 'theft', 'correction'))`,
    ),
  ],
);

export type StockMovementRow = typeof stockMovements.$inferSelect;
