import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Backups made of the whole install (issue 27): one row per attempt, written when it starts
 * ('running') and finished with the file's name, size and SHA-256, or the error. The install's
 * own record, not a store's: it has no store_id (store-id.test.ts lists it as such). A backup
 * restored elsewhere brings these rows too — the history of the shop's backups.
 */
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    state: text('state', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    trigger: text('trigger', { enum: ['nightly', 'manual', 'cli'] }).notNull(),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    checksum: text('checksum'),
    error: text('error'),
    // Who pressed 'Back up now' (manual); null for the schedule and the command line.
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('backups_started_idx').on(table.startedAt.desc(), table.id.desc()),
    check(
      'backups_finished_check',
      sql`(${table.state} = 'running') = (${table.finishedAt} IS NULL)`,
    ),
  ],
);
