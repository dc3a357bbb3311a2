import { STORE_SETTINGS_DEFAULTS } from '@duka/shared/store-settings/store-settings.schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A shop. Every business record belongs to exactly one store (PRODUCT.md §2). */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    // Loyalty points a customer earns per KSh 100 of goods (delivery excluded); issue 9.
    loyaltyPointsPer100: integer('loyalty_points_per_100')
      .notNull()
      .default(STORE_SETTINGS_DEFAULTS.loyalty_points_per_100),
    // How far below its list price a cashier may sell a line without a manager; issue 20.
    maxCashierDiscountPercent: integer('max_cashier_discount_percent')
      .notNull()
      .default(STORE_SETTINGS_DEFAULTS.max_cashier_discount_percent),
    // The credit limit of a customer with none of their own; null for none (issue 21).
    defaultCreditLimit: numeric('default_credit_limit', { precision: 12, scale: 2 }),
    // How many days old an offline sale may be when it reaches the server (issue 22).
    offlineMaxAgeDays: integer('offline_max_age_days')
      .notNull()
      .default(STORE_SETTINGS_DEFAULTS.offline_max_age_days),
    // Issue 24: a sale at the till needs its seller's open shift.
    requireShift: boolean('require_shift').notNull().default(STORE_SETTINGS_DEFAULTS.require_shift),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stores_name_unique').on(sql`lower(${table.name})`),
    check('stores_offline_max_age_range', sql`${table.offlineMaxAgeDays} between 1 and 365`),
    check('stores_loyalty_rate_range', sql`${table.loyaltyPointsPer100} between 0 and 1000`),
    check(
      'stores_cashier_discount_range',
      sql`${table.maxCashierDiscountPercent} between 0 and 100`,
    ),
  ],
);

export type StoreRow = typeof stores.$inferSelect;
