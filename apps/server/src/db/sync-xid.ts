/**
 * The change marker of a row a device keeps (issue 22, decisions/0012 "Sync protocol"): the id
 * of the transaction that last wrote it (PostgreSQL's xid8, pg_current_xact_id()). An insert
 * takes it from the column's default, an update from the trigger sync_touch() (migration 0030),
 * so every writer — the services, the CSV import, the stock ledger and write_sale in SQL — is
 * caught without knowing about it. drizzle reads and writes it as text: an xid8 may pass 2^53.
 */
import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

export const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});

/** `sync_xid xid8 not null default pg_current_xact_id()`. */
export const syncXidColumn = () =>
  xid8('sync_xid')
    .notNull()
    .default(sql`pg_current_xact_id()`);
