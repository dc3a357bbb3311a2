import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';
import { syncXidColumn } from '../../db/sync-xid';

/**
 * A device of a store that sells offline (issue 22): its own id (a UUID made once and kept on
 * it) and its number in the store, 1, 2, 3… given once under a lock, for the receipts it numbers
 * while offline (T3-0042). The label is what it calls itself; the user is who registered it last.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    deviceId: text('device_id').notNull(),
    number: integer('number').notNull(),
    label: text('label'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('devices_store_number_unique').on(table.storeId, table.number),
    uniqueIndex('devices_store_device_unique').on(table.storeId, table.deviceId),
    check('devices_number_positive', sql`${table.number} >= 1`),
  ],
);

export type DeviceRow = typeof devices.$inferSelect;

export const SYNC_ENTITIES = ['product', 'customer'] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

/**
 * What a device must forget: a product or customer deleted (not archived), written by a trigger
 * on the deletion in the same transaction (migration 0030), with that transaction's id, so the
 * delta endpoints answer it among the changes after a cursor. Ids are never reused (serial), so
 * one tombstone per entity and id.
 */
export const syncTombstones = pgTable(
  'sync_tombstones',
  {
    entity: text('entity', { enum: SYNC_ENTITIES }).notNull(),
    entityId: integer('entity_id').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    syncXid: syncXidColumn(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.entity, table.entityId] }),
    index('sync_tombstones_store_xid_idx').on(
      table.storeId,
      table.entity,
      table.syncXid,
      table.entityId,
    ),
    check('sync_tombstones_entity_valid', sql`${table.entity} in ('product', 'customer')`),
  ],
);
