import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';

/** A store's receipt header and footer (spec §3 Receipt settings; PRODUCT.md §4b). */
export const receiptSettings = pgTable('receipt_settings', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  website: text('website').notNull().default(''),
  thankYouMessage: text('thank_you_message').notNull().default(''),
  showLogo: boolean('show_logo').notNull().default(true),
  kraPin: text('kra_pin').notNull().default(''),
  mpesaTill: text('mpesa_till').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ReceiptSettingsRow = typeof receiptSettings.$inferSelect;
