import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';
import { syncXidColumn } from '../../db/sync-xid';

/**
 * A customer of a store (spec §3 Customer). Phones are stored +254… (PRODUCT.md §4b). Each
 * store has exactly one Walk-in Customer (`is_walk_in`), the default customer of a sale; it has
 * no phone. A database trigger adds it to every new store (migration 0007_sales), so no path
 * that creates a store (the API, the demo seed, the tests' factories) can forget it.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    notes: text('notes'),
    // Issue 26: the customer's KRA PIN, printed on their invoices (A123456789B).
    kraPin: text('kra_pin'),
    isWalkIn: boolean('is_walk_in').notNull().default(false),
    // A customer with sales is archived, not erased (issue 9): hidden from lists, kept for history.
    // The loyalty balance, kept with the row so a redemption can lock it (issue 9): every change
    // also writes a loyalty_transactions row, and the check keeps it from going below zero.
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    // What the customer owes on credit sales (issue 21), kept with the row so a credit sale and
    // a repayment can lock it: every change also writes a customer_account_entries row.
    balance: numeric('balance', { precision: 12, scale: 2 }).notNull().default('0'),
    // The most they may owe; null for none of their own (stores.default_credit_limit applies).
    creditLimit: numeric('credit_limit', { precision: 12, scale: 2 }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // The UUID a till gave a customer it added while offline (issue 22), unique per store: the
    // upload retried after a lost answer finds the customer made the first time.
    clientCustomerId: text('client_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The transaction that last wrote the row (issue 22): what GET /sync/customers pages by.
    syncXid: syncXidColumn(),
  },
  (table) => [
    index('customers_store_idx').on(table.storeId, table.name),
    uniqueIndex('customers_one_walk_in_per_store')
      .on(table.storeId)
      .where(sql`${table.isWalkIn}`),
    uniqueIndex('customers_store_client_customer_id_unique').on(
      table.storeId,
      table.clientCustomerId,
    ),
    // No index on sync_xid (migration 0032): a named customer's points change with each sale.
    check('customers_loyalty_points_not_negative', sql`${table.loyaltyPoints} >= 0`),
    check('customers_balance_not_negative', sql`${table.balance} >= 0`),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
