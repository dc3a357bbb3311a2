import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Signed-in sessions. The cookie carries a random token; only its SHA-256 hash is stored, so a
 * leaked database cannot be replayed as cookies. Rows outlive no user (cascade).
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Fixed-window attempt counters for sign-in and password checks (docs/decisions/0002), kept
 * in the database so every instance on one PostgreSQL enforces one limit. `key` names the
 * counter and its subject, e.g. `login-ip:203.0.113.5` or `failed-password:user:42`.
 */
export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export type AuthAttemptRow = typeof authAttempts.$inferSelect;
