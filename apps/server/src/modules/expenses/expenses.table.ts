import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';

/**
 * A business expense of a store (spec §3 Expense, §5 Expense, §9; issue 9). `date` is the shop
 * day it was spent (Africa/Nairobi), never in the future and not before 1900-01-01; `amount` is
 * exact shillings, 0.01 to 1,000,000; category from the spec's list (stored as shown: Inventory…
 * Other); payment method a code (cash, card, mobile_money, other — shown Cash, Card, Mobile Money,
 * Other; the spec's POST defaults to 'cash').
 */
export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    category: text('category').notNull().default('Other'),
    date: date('date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull().default('cash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('expenses_store_date_idx').on(table.storeId, table.date.desc(), table.id.desc()),
    check('expenses_amount_range', sql`${table.amount} >= 0.01 and ${table.amount} <= 1000000`),
    check(
      'expenses_category_valid',
      sql`${table.category} in ('Inventory', 'Utilities', 'Rent', 'Salaries', 'Marketing', 'Equipment', 'Maintenance', 'Other')`,
    ),
    check(
      'expenses_payment_method_valid',
      sql`${table.paymentMethod} in ('cash', 'card', 'mobile_money', 'other')`,
    ),
  ],
);

export type ExpenseRow = typeof expenses.$inferSelect;
