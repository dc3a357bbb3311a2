import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';

/**
 * A store's webhook secret (issue 21, decisions/0010): the unguessable part of every address an
 * outside service calls for this store (/api/webhooks/{token}/…). Made the first time a manager
 * reads the addresses; lib/webhooks.ts finds the store by it before anything else is read.
 */
export const storeWebhookSecrets = pgTable(
  'store_webhook_secrets',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('store_webhook_secrets_token_unique').on(table.token)],
);

/**
 * Each call an outside service made, by its own id (`event_id`, the sender's; e.g. a delivery
 * report's message id and status): a repeat of one already handled changes nothing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.source, table.eventId] }),
    index('webhook_events_received_idx').on(table.receivedAt),
  ],
);
