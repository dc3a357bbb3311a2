import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';

/**
 * Background jobs (issue 21, decisions/0010): work the request hands off, kept in the database
 * so a restart loses nothing. A runner claims a due job (`FOR UPDATE SKIP LOCKED`) and holds it
 * for a lease (`locked_until`, `claim_token`): two server instances never run one job at once,
 * and a job whose runner died is taken again once its lease is over. `attempts` counts the
 * runs started; a failed run is retried at `run_at` (backoff) until `max_attempts`.
 * `dedupe_key` lets one active job (queued or running) exist per key and kind.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    // The store the job works for (its staff read its status); null for the install's own.
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // What a runner looks for: queued jobs by when they are due, running ones by their lease.
    index('jobs_due_idx')
      .on(table.runAt, table.id)
      .where(sql`${table.state} = 'queued'`),
    index('jobs_lease_idx')
      .on(table.lockedUntil)
      .where(sql`${table.state} = 'running'`),
    index('jobs_store_idx').on(table.storeId, table.id.desc()),
    uniqueIndex('jobs_active_dedupe_unique')
      .on(table.kind, table.dedupeKey)
      .where(sql`${table.state} in ('queued', 'running') and ${table.dedupeKey} is not null`),
    check('jobs_state_valid', sql`${table.state} in ('queued', 'running', 'done', 'failed')`),
    check('jobs_attempts_valid', sql`${table.attempts} >= 0 and ${table.maxAttempts} >= 1`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
