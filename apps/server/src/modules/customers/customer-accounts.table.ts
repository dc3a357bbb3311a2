import { sql } from 'drizzle-orm';
import {
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
import { sales } from '../sales/sales.table';
import { shifts } from '../shifts/shifts.table';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';
import { customers } from './customers.table';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

/**
 * A customer's repayment of what they owe on credit sales (issue 21): cash, or M-Pesa with its
 * code. `idempotency_key` (unique per store) makes a retried repayment return the first one;
 * `request_hash` binds the key to the request it came with.
 */
export const customerRepayments = pgTable(
  'customer_repayments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    amount: money('amount'),
    method: text('method', { enum: ['cash', 'mpesa'] }).notNull(),
    mpesaCode: text('mpesa_code'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    // Issue 24: the shift of the person who took a cash repayment, when they had one open.
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The key repayment_allocations' (repayment_id, store_id) references (issue 27).
    unique('customer_repayments_id_store_unique').on(table.id, table.storeId),
    uniqueIndex('customer_repayments_store_idempotency_key_unique').on(
      table.storeId,
      table.idempotencyKey,
    ),
    // The sales summary's repayments in a range.
    index('customer_repayments_store_created_idx').on(table.storeId, table.createdAt),
    // Issue 24: a shift's cash repayments (its X and Z reports).
    index('customer_repayments_shift_idx')
      .on(table.shiftId)
      .where(sql`${table.shiftId} is not null`),
    check('customer_repayments_amount_positive', sql`${table.amount} > 0`),
    check('customer_repayments_method_valid', sql`${table.method} in ('cash', 'mpesa')`),
  ],
);

/** How much of a repayment went to which credit sale (oldest first). */
export const repaymentAllocations = pgTable(
  'repayment_allocations',
  {
    repaymentId: integer('repayment_id').notNull(),
    saleId: integer('sale_id').notNull(),
    // The repayment's store, which is the sale's (issue 27): both foreign keys carry it.
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    amount: money('amount'),
  },
  (table) => [
    primaryKey({ columns: [table.repaymentId, table.saleId] }),
    foreignKey({
      name: 'repayment_allocations_repayment_store_fk',
      columns: [table.repaymentId, table.storeId],
      foreignColumns: [customerRepayments.id, customerRepayments.storeId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'repayment_allocations_sale_store_fk',
      columns: [table.saleId, table.storeId],
      foreignColumns: [sales.id, sales.storeId],
    }).onDelete('cascade'),
    index('repayment_allocations_sale_idx').on(table.saleId),
    check('repayment_allocations_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * A customer's account statement (issue 21): every credit sale ('credit_sale', with its sale)
 * and every repayment ('repayment', with its repayment), the amount always positive, and the
 * balance after it. customers.balance is the last entry's balance_after.
 */
export const customerAccountEntries = pgTable(
  'customer_account_entries',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    // Issue 24: 'refund', a return refunded off the balance (with its sale).
    type: text('type', { enum: ['credit_sale', 'repayment', 'refund'] }).notNull(),
    amount: money('amount'),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    repaymentId: integer('repayment_id').references(() => customerRepayments.id, {
      onDelete: 'set null',
    }),
    // 'credit' for a credit sale; a repayment's cash or mpesa.
    method: text('method').notNull(),
    mpesaCode: text('mpesa_code'),
    balanceAfter: money('balance_after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_account_entries_customer_idx').on(table.customerId, table.createdAt, table.id),
    check(
      'customer_account_entries_type_valid',
      sql`${table.type} in ('credit_sale', 'repayment', 'refund')`,
    ),
    check('customer_account_entries_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type CustomerRepaymentRow = typeof customerRepayments.$inferSelect;
export type RepaymentAllocationRow = typeof repaymentAllocations.$inferSelect;
export type CustomerAccountEntryRow = typeof customerAccountEntries.$inferSelect;
