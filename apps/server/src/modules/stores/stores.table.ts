import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
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
    loyaltyPointsPer100: integer('loyalty_points_per_100').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stores_name_unique').on(sql`lower(${table.name})`),
    check('stores_loyalty_rate_range', sql`${table.loyaltyPointsPer100} between 0 and 1000`),
  ],
);

export type StoreRow = typeof stores.$inferSelect;
