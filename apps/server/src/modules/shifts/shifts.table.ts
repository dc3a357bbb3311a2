import type { ShiftFigures } from '@duka/shared/shifts/shifts.schemas';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { expenses } from '../expenses/expenses.table';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

/**
 * A cash-drawer shift (issue 24): one person's drawer in one store, from the opening float to
 * the count at close. One open shift per person and store (the partial unique index). The close
 * freezes the Z report's figures (`figures`), the count and its difference: a closed shift is
 * final. Sales, cash refunds and cash repayments point at the shift they belong to.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    openingFloat: money('opening_float'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    expectedCash: numeric('expected_cash', { precision: 14, scale: 2 }),
    countedCash: numeric('counted_cash', { precision: 12, scale: 2 }),
    difference: numeric('difference', { precision: 14, scale: 2 }),
    /** How many of each note and coin were counted ('1000' → 3), when counted that way. */
    denominations: jsonb('denominations').$type<Record<string, number>>(),
    /** The Z report's figures as they were at the close. */
    figures: jsonb('figures').$type<ShiftFigures>(),
    note: text('note'),
  },
  (table) => [
    // The key shift_cash_movements' (shift_id, store_id) references (issue 27).
    unique('shifts_id_store_unique').on(table.id, table.storeId),
    uniqueIndex('shifts_one_open_per_person')
      .on(table.storeId, table.userId)
      .where(sql`${table.closedAt} is null`),
    index('shifts_store_opened_idx').on(table.storeId, table.openedAt.desc(), table.id.desc()),
    // The shift a person's sale made at a given time belongs to (an offline sale's sold_at).
    index('shifts_person_opened_idx').on(table.storeId, table.userId, table.openedAt.desc()),
    check('shifts_opening_float_not_negative', sql`${table.openingFloat} >= 0`),
    check(
      'shifts_closed_has_count',
      sql`${table.closedAt} is null or (${table.countedCash} is not null and ${table.expectedCash} is not null)`,
    ),
  ],
);

/** Pay in / Pay out during a shift, with why; a pay-out may be recorded as an expense. */
export const shiftCashMovements = pgTable(
  'shift_cash_movements',
  {
    id: serial('id').primaryKey(),
    shiftId: integer('shift_id').notNull(),
    storeId: integer('store_id').notNull(),
    type: text('type', { enum: ['pay_in', 'pay_out'] }).notNull(),
    amount: money('amount'),
    reason: text('reason').notNull(),
    expenseId: integer('expense_id').references(() => expenses.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'shift_cash_movements_shift_store_fk',
      columns: [table.shiftId, table.storeId],
      foreignColumns: [shifts.id, shifts.storeId],
    }).onDelete('cascade'),
    index('shift_cash_movements_shift_idx').on(table.shiftId, table.createdAt),
    check('shift_cash_movements_type_valid', sql`${table.type} in ('pay_in', 'pay_out')`),
    check('shift_cash_movements_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type ShiftRow = typeof shifts.$inferSelect;
export type ShiftCashMovementRow = typeof shiftCashMovements.$inferSelect;
