import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Installation-wide values the server makes once and every instance shares through the
 * database, such as the generated SESSION_SECRET when none is configured (ARCHITECTURE.md).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AppSettingRow = typeof appSettings.$inferSelect;
