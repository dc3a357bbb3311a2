import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';

/**
 * Who a store buys from (spec §3 Supplier). Phones are stored +254XXXXXXXXX (PRODUCT.md §4b);
 * a name is unique among a store's active suppliers whatever its case, so two "Thika Millers"
 * cannot be confused on a purchase order.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    contactPerson: text('contact_person'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('suppliers_store_id_idx').on(table.storeId),
    // Among active suppliers: one deleted while orders name it (made inactive) leaves its
    // name free for a new supplier.
    uniqueIndex('suppliers_store_name_unique')
      .on(table.storeId, sql`lower(${table.name})`)
      .where(sql`${table.status} = 'active'`),
    check('suppliers_status_valid', sql`${table.status} in ('active', 'inactive')`),
  ],
);

export type SupplierRow = typeof suppliers.$inferSelect;
