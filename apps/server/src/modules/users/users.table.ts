import { sql } from 'drizzle-orm';
import {
  boolean,
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
 * People who sign in. Staff and shoppers belong to one store; a super_admin has none and acts
 * on the store chosen in the navigation bar (PRODUCT.md §2). Emails are stored lower-case and
 * unique regardless of case.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['super_admin', 'admin', 'manager', 'sales', 'user'] }).notNull(),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    // Set when a person with history (sales, stock movements…) was deleted: the account stays,
    // inactive for good, so their name stays on what they did (issue 20).
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_store_id_idx').on(table.storeId),
    check(
      'users_role_valid',
      sql`${table.role} in ('super_admin', 'admin', 'manager', 'sales', 'user')`,
    ),
    check('users_archived_inactive', sql`${table.archivedAt} is null or not ${table.isActive}`),
    // Only a super_admin floats above the stores; everyone else belongs to one.
    check(
      'users_store_matches_role',
      sql`(${table.role} = 'super_admin') = (${table.storeId} is null)`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
