/**
 * Issue 27: every business table carries store_id — the column a chain's data would be
 * distributed by (docs/operations.md "Scale path") and what keeps one store's rows from
 * another's. The sweep reads the database's own catalogue, so a new table without store_id
 * fails here unless it is added, with its reason, to the install's own tables below.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase } from '../testing/fresh-postgres';
import { openTestDatabase } from '../testing/test-database';
import type { DatabaseHandle, Executor } from './client';

/** Tables that belong to the install, not to a store — each with why. */
const INSTALL_WIDE: Record<string, string> = {
  // The store itself: its id is the store_id every other table carries.
  stores: 'the stores',
  // Values made once for the whole install (the session secret).
  app_settings: 'install settings',
  // Sign-in attempts are counted by e-mail and address before anyone is known to a store.
  auth_attempts: 'sign-in rate limits',
  // A session follows its user, and a super admin's user has no store (acts on any).
  sessions: 'follow their user',
  // A backup holds every store's rows at once (issue 27).
  backups: 'whole-install backups',
};

/** Business tables whose store_id may be null — each with why. */
const STORE_OPTIONAL: Record<string, string> = {
  // A super admin belongs to no store (PRODUCT.md §2).
  users: 'a super admin has none',
  // The install's own jobs (sweeps, backups) work for no one store.
  jobs: 'install-wide jobs',
};

/** The migration that gave the last tables their store_id; the backfill test stops before it. */
const STORE_ID_MIGRATION = 48;
const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

async function rows<T>(db: Executor, query: string): Promise<T[]> {
  // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects.
  const result: unknown = await db.execute(sql.raw(query));
  return (result as { rows: T[] }).rows;
}

describe('store_id on every business table', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('every table of schema public carries a NOT NULL store_id tied to stores, or is the install’s own', async () => {
    const tables = await rows<{ table_name: string; is_nullable: string | null }>(
      handle.db,
      `SELECT t.table_name, c.is_nullable
         FROM information_schema.tables t
         LEFT JOIN information_schema.columns c
           ON c.table_schema = t.table_schema AND c.table_name = t.table_name
          AND c.column_name = 'store_id'
        WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        ORDER BY t.table_name`,
    );
    // store_id in a foreign key: to stores, or with the parent's id to the parent's (id, store_id).
    const constrained = new Set(
      (
        await rows<{ table_name: string }>(
          handle.db,
          `SELECT DISTINCT k.conrelid::regclass::text AS table_name
             FROM pg_constraint k
             JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attname = 'store_id'
            WHERE k.contype = 'f' AND a.attnum = ANY (k.conkey)
              AND k.connamespace = 'public'::regnamespace`,
        )
      ).map((row) => row.table_name),
    );
    const names = tables.map((table) => table.table_name);
    expect(names).toEqual(expect.arrayContaining([...Object.keys(INSTALL_WIDE), 'sales']));
    for (const listed of [...Object.keys(INSTALL_WIDE), ...Object.keys(STORE_OPTIONAL)]) {
      expect(names, `${listed} is listed but no longer exists`).toContain(listed);
    }

    const problems: string[] = [];
    for (const { table_name: table, is_nullable: nullable } of tables) {
      if (table in INSTALL_WIDE) {
        if (nullable !== null)
          problems.push(`${table} is listed as the install's own but has store_id`);
        continue;
      }
      if (nullable === null) problems.push(`${table} has no store_id`);
      else if (nullable === 'YES' && !(table in STORE_OPTIONAL)) {
        problems.push(`${table}.store_id may be null`);
      }
      if (nullable !== null && !constrained.has(table)) {
        problems.push(`${table}.store_id is in no foreign key`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a line cannot claim another store than its parent’s (composite foreign keys)', async () => {
    const db = handle.db;
    const [a, b] = await rows<{ id: number }>(
      db,
      `INSERT INTO stores (name) VALUES ('Line A'), ('Line B') RETURNING id`,
    );
    const [order] = await rows<{ id: number }>(
      db,
      `INSERT INTO orders (store_id, total_amount) VALUES (${a!.id}, 10) RETURNING id`,
    );
    const line = (storeId: number) =>
      db.execute(
        sql.raw(`INSERT INTO order_items (order_id, store_id, product_name, product_sku, unit_type,
                   quantity, pieces, unit_price, total)
                 VALUES (${order!.id}, ${storeId}, 'Sugar', 'SUG', 'piece', 1, 1, 10, 10)`),
      );
    await expect(line(b!.id)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23503' }),
    });
    await line(a!.id);
    const [transfer] = await rows<{ id: number }>(
      db,
      `INSERT INTO stock_transfers (store_id, from_store_id, to_store_id)
       VALUES (${a!.id}, ${a!.id}, ${b!.id}) RETURNING id`,
    );
    expect(transfer!.id).toBeGreaterThan(0);
    // A transfer is its sender's: the receiver's store_id on it is refused.
    await expect(
      db.execute(
        sql.raw(`INSERT INTO stock_transfers (store_id, from_store_id, to_store_id)
                 VALUES (${b!.id}, ${a!.id}, ${b!.id})`),
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });
});

/**
 * A database at the migration before store_id came, holding lines in a second store, then
 * migrated to the latest: each line gets its parent's store.
 */
describe('migration 0048 on a database with data', () => {
  let folderBefore: string;
  beforeAll(async () => {
    folderBefore = await mkdtemp(path.join(tmpdir(), 'duka-migrations-'));
    await cp(MIGRATIONS_FOLDER, folderBefore, { recursive: true });
    const journalPath = path.join(folderBefore, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
      entries: { idx: number }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.idx < STORE_ID_MIGRATION);
    await writeFile(journalPath, JSON.stringify(journal));
  });
  afterAll(async () => {
    await rm(folderBefore, { recursive: true, force: true });
  });

  it('backfills store_id from each parent, the sender’s for transfers', async () => {
    const database = await openMigratable();
    try {
      await database.migrate(folderBefore);
      const db = database.db;
      const [, store, other] = await rows<{ id: number }>(
        db,
        `INSERT INTO stores (name) VALUES ('First'), ('Second'), ('Third') RETURNING id`,
      );
      const s = store!.id;
      const [customer] = await rows<{ id: number }>(
        db,
        `INSERT INTO customers (store_id, name) VALUES (${s}, 'Amina') RETURNING id`,
      );
      const [product] = await rows<{ id: number }>(
        db,
        `INSERT INTO products (store_id, sku, name) VALUES (${s}, 'SUG', 'Sugar') RETURNING id`,
      );
      const [order] = await rows<{ id: number }>(
        db,
        `INSERT INTO orders (store_id, total_amount) VALUES (${s}, 10) RETURNING id`,
      );
      const [purchase] = await rows<{ id: number }>(
        db,
        `INSERT INTO purchase_orders (store_id, expected_delivery_date)
         VALUES (${s}, '2026-01-01') RETURNING id`,
      );
      const [sale] = await rows<{ id: number }>(
        db,
        `INSERT INTO sales (store_id, customer_id, invoice_no, subtotal, total_amount,
           payment_method, amount_paid)
         VALUES (${s}, ${customer!.id}, 0, 10, 10, 'credit', 0) RETURNING id`,
      );
      const [repayment] = await rows<{ id: number }>(
        db,
        `INSERT INTO customer_repayments (store_id, customer_id, method, amount)
         VALUES (${s}, ${customer!.id}, 'cash', 10) RETURNING id`,
      );
      const [count] = await rows<{ id: number }>(
        db,
        `INSERT INTO stock_counts (store_id) VALUES (${s}) RETURNING id`,
      );
      const [transfer] = await rows<{ id: number }>(
        db,
        `INSERT INTO stock_transfers (from_store_id, to_store_id)
         VALUES (${s}, ${other!.id}) RETURNING id`,
      );
      for (const statement of [
        `INSERT INTO order_items (order_id, product_name, product_sku, unit_type, quantity,
           pieces, unit_price, total)
         VALUES (${order!.id}, 'Sugar', 'SUG', 'piece', 1, 1, 10, 10)`,
        `INSERT INTO purchase_order_items (purchase_order_id, ordered_product_id, product_name,
           unit_type, quantity, buying_price, selling_price)
         VALUES (${purchase!.id}, ${product!.id}, 'Sugar', 'piece', 1, 8, 10)`,
        `INSERT INTO receipt_sends (sale_id, channel, phone, status)
         VALUES (${sale!.id}, 'sms', '+254712345678', 'link')`,
        `INSERT INTO repayment_allocations (repayment_id, sale_id, amount)
         VALUES (${repayment!.id}, ${sale!.id}, 10)`,
        `INSERT INTO stock_count_lines (count_id, product_id, unit_type, counted_quantity,
           counted_pieces, expected_pieces)
         VALUES (${count!.id}, ${product!.id}, 'piece', 1, 1, 1)`,
        `INSERT INTO stock_transfer_items (transfer_id, product_id, sku, name, quantity,
           unit_type, pieces)
         VALUES (${transfer!.id}, ${product!.id}, 'SUG', 'Sugar', 1, 'piece', 1)`,
      ]) {
        await db.execute(sql.raw(statement));
      }

      await database.migrate(MIGRATIONS_FOLDER);

      const filled = await rows<{ table_name: string; store_id: number }>(
        db,
        [
          'order_items',
          'purchase_order_items',
          'receipt_sends',
          'repayment_allocations',
          'stock_count_lines',
          'stock_transfers',
          'stock_transfer_items',
        ]
          .map((table) => `SELECT '${table}' AS table_name, store_id FROM ${table}`)
          .join(' UNION ALL '),
      );
      expect(filled).toHaveLength(7);
      for (const row of filled) expect(row, row.table_name).toMatchObject({ store_id: s });
    } finally {
      await database.close();
    }
  });
});

/** A bare database, migrated to whichever folder it is given (PGlite, or PostgreSQL). */
async function openMigratable() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const fresh = await createFreshPostgresDatabase(serverUrl);
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    const db = drizzlePg(pool);
    return {
      db: db as unknown as Executor,
      migrate: (migrationsFolder: string) => migratePg(db, { migrationsFolder }),
      close: async () => {
        await pool.end();
        await fresh.drop();
      },
    };
  }
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzlePglite({ client });
  return {
    db: db as unknown as Executor,
    migrate: (migrationsFolder: string) => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
