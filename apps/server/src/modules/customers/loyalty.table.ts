import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sales } from '../sales/sales.table';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';
import { customers } from './customers.table';

/**
 * Every change to a customer's loyalty points (issue 9): 'earn' from a sale (with its id), 'add'
 * and 'redeem' by a manager. Points are signed: earn and add positive, redeem negative. The
 * balance on customers.loyalty_points is the sum of these rows.
 */
export const loyaltyTransactions = pgTable(
  'loyalty_transactions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    points: integer('points').notNull(),
    // Issue 24: 'return', points earned on goods brought back, taken back (negative).
    kind: text('kind', { enum: ['earn', 'add', 'redeem', 'return'] }).notNull(),
    reason: text('reason'),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('loyalty_transactions_customer_idx').on(table.customerId, table.createdAt),
    check('loyalty_transactions_kind', sql`${table.kind} in ('earn', 'add', 'redeem', 'return')`),
    check(
      'loyalty_transactions_sign',
      sql`(${table.kind} in ('redeem', 'return') and ${table.points} < 0) or (${table.kind} not in ('redeem', 'return') and ${table.points} > 0)`,
    ),
  ],
);

export type LoyaltyTransactionRow = typeof loyaltyTransactions.$inferSelect;
