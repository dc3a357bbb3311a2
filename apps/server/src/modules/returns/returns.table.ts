import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.table';
import { products } from '../products/products.table';
import { saleItems, sales } from '../sales/sales.table';
import { shifts } from '../shifts/shifts.table';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

/**
 * A return of some of a sale's lines and its refund (issue 24): cash from the drawer (the
 * refunding person's open shift, else the sale's own while open), M-Pesa sent back by hand
 * (its code), or off the customer's credit balance. `buying_value` is the returned goods at the
 * buying prices kept on their lines, so profit is reported net of returns. `idempotency_key`
 * (unique per store) makes a retried return answer the first one; `request_hash` binds the key
 * to its request.
 */
export const saleReturns = pgTable(
  'sale_returns',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    amount: money('amount'),
    buyingValue: money('buying_value').default('0'),
    refundMethod: text('refund_method', { enum: ['cash', 'mpesa', 'credit'] }).notNull(),
    mpesaCode: text('mpesa_code'),
    reason: text('reason').notNull(),
    /** Loyalty points taken back (kept to what the customer had). */
    pointsReversed: integer('points_reversed').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Issue 26: the credit note's number, consecutive per store from 1, a series of its own.
    // Given by a trigger, which replaces whatever an insert says.
    creditNoteNo: integer('credit_note_no')
      .notNull()
      .$defaultFn(() => 0),
  },
  (table) => [
    // The key sale_return_items' (return_id, store_id) references (issue 27).
    unique('sale_returns_id_store_unique').on(table.id, table.storeId),
    uniqueIndex('sale_returns_store_credit_note_no_unique').on(table.storeId, table.creditNoteNo),
    uniqueIndex('sale_returns_store_idempotency_key_unique').on(
      table.storeId,
      table.idempotencyKey,
    ),
    index('sale_returns_sale_idx').on(table.saleId),
    index('sale_returns_store_created_idx').on(table.storeId, table.createdAt),
    index('sale_returns_shift_idx').on(table.shiftId),
    check('sale_returns_amount_not_negative', sql`${table.amount} >= 0`),
    check(
      'sale_returns_refund_method_valid',
      sql`${table.refundMethod} in ('cash', 'mpesa', 'credit')`,
    ),
  ],
);

/**
 * A returned line: how much of a sale line came back (in the line's unit), its pieces, its
 * refund (unit price × quantity) and buying value, and whether it went back on the shelf
 * (`restock`) or was written off as damaged. `store_id` and `returned_at` are the return's, kept
 * here so product performance reads a range's returned lines from one index (as sale_items).
 */
export const saleReturnItems = pgTable(
  'sale_return_items',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id').notNull(),
    saleItemId: integer('sale_item_id')
      .notNull()
      .references(() => saleItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    storeId: integer('store_id').notNull(),
    quantity: integer('quantity').notNull(),
    pieces: integer('pieces').notNull(),
    amount: money('amount'),
    buyingValue: money('buying_value'),
    restock: boolean('restock').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull(),
    // Issue 26: the sale line's tax letter, and the VAT inside `amount` (set by a trigger).
    taxType: text('tax_type', { enum: ['A', 'B', 'C', 'D', 'E'] })
      .notNull()
      .default('B'),
    taxAmount: numeric('tax_amount', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (table) => [
    foreignKey({
      name: 'sale_return_items_return_store_fk',
      columns: [table.returnId, table.storeId],
      foreignColumns: [saleReturns.id, saleReturns.storeId],
    }).onDelete('cascade'),
    index('sale_return_items_return_idx').on(table.returnId),
    index('sale_return_items_sale_item_idx').on(table.saleItemId),
    index('sale_return_items_store_returned_idx').on(table.storeId, table.returnedAt),
    check('sale_return_items_quantity_positive', sql`${table.quantity} > 0`),
    check('sale_return_items_pieces_not_negative', sql`${table.pieces} >= 0`),
  ],
);

export type SaleReturnRow = typeof saleReturns.$inferSelect;
export type SaleReturnItemRow = typeof saleReturnItems.$inferSelect;
