/**
 * The database: embedded PGlite in DATA_DIR when no DATABASE_URL is set, a PostgreSQL server
 * through `pg` otherwise. Both speak the same SQL and run the same migrations.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir, type DataDirLock, type LockRequestHandler } from '../lib/data-dir-lock';
import { describeSystemError, StartupError } from '../lib/startup-error';
import { releaseConnectionsOfFailedTransactions } from './pool-transactions';
import { outageWarner, unavailableReason } from './unavailable';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a service receives inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /** Applies the migrations, under the start-up lock. */
  migrate(): Promise<void>;
  /**
   * Applies the migrations, then runs `work` (the empty-check and the demo seed) before letting
   * go of the start-up lock: on PostgreSQL one advisory lock, so instances starting together
   * take turns and the second sees what the first wrote. PGlite has one process (its DATA_DIR
   * lock), so there the lock is that.
   */
  migrateThen<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /**
   * PGlite on disk: requests from scripts over DATA_DIR's lock socket are answered by
   * `handler` (lib/data-dir-lock.ts); absent elsewhere (nobody holds a folder).
   */
  answerLockRequests?(handler: LockRequestHandler): void;
  close(): Promise<void>;
}

/**
 * The driver's own client under a Database, for what SQL cannot do through Drizzle: PGlite's
 * data-folder dump and pg_dump's connection (modules/system backups).
 */
export type DatabaseClient = { driver: 'pglite'; pglite: PGlite } | { driver: 'pg'; pool: pg.Pool };

export function databaseClientOf(db: Database): DatabaseClient {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return { driver: 'pglite', pglite: client };
  if (client instanceof pg.Pool) return { driver: 'pg', pool: client };
  throw new Error('The database has neither a PGlite nor a pg.Pool client');
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');
/** Advisory lock key held while migrating and seeding, so instances starting together take turns. */
const MIGRATION_LOCK_KEY = 7_420_001;

/**
 * PGlite: `dataDir` on disk, or in memory when omitted (tests). On disk the folder is locked
 * first (one process per data folder, lib/data-dir-lock.ts) and freed again on close.
 */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const lock: DataDirLock | undefined = dataDir ? await lockDataDir(dataDir) : undefined;
  let client: PGlite;
  try {
    // pg_trgm backs product search (migration 0002 creates the extension).
    const options = { extensions: { pg_trgm } };
    client = dataDir ? new PGlite(path.join(dataDir, 'pglite'), options) : new PGlite(options);
    await client.waitReady;
  } catch (error) {
    await lock?.release();
    if (!dataDir) throw error;
    throw new StartupError(
      `DATA_DIR ${dataDir}: the database in it cannot be opened: ${describeSystemError(error)}`,
    );
  }
  const db = drizzlePglite({ client, schema });
  const migrate = () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate,
    migrateThen: async (work) => {
      await migrate();
      return work(db);
    },
    ...(lock ? { answerLockRequests: (handler: LockRequestHandler) => lock.answer(handler) } : {}),
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

/**
 * "DATABASE_URL <url>" with its password hidden, for messages; a value that is not a URL (a
 * libpq keyword string may hold a password anywhere) is not shown at all.
 */
export function describeDatabaseUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return `DATABASE_URL ${url.toString()}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Connect once before anything else, so an unreachable server is one clear line at start. */
async function probePostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 15_000 });
  // A failed connect may also emit 'error'; the rejected promise below carries it.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    // A network failure is "cannot be reached"; PostgreSQL's own refusal (unknown role or
    // database, wrong password) is "cannot be used" with its message.
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const verb = /^E[A-Z]+$/.test(code) ? 'cannot be reached' : 'cannot be used';
    throw new StartupError(
      `${describeDatabaseUrl(connectionString)} ${verb}: ${describeSystemError(error)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Issue 27: while PostgreSQL is down or failing over, a request waits at most
 * connectionTimeoutMillis for a connection (then 503, db/unavailable.ts) instead of hanging;
 * the pool opens new connections by itself once it is back. TCP keep-alive finds a connection
 * whose server vanished without a word (a failover's old host).
 */
export const POOL_SETTINGS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  releaseConnectionsOfFailedTransactions();
  await probePostgres(connectionString);
  const pool = new pg.Pool({ connectionString, ...POOL_SETTINGS });
  // A connection dropped by a restart or failover emits 'error': an idle one on the pool, one
  // lent out (a transaction between two statements) on the client itself, where pg-pool does
  // not listen. Unheard, either would crash the whole server. The query in progress fails on
  // its own (503); the pool drops the dead connection when it comes back and opens new ones.
  const warnLost = outageWarner((_message, { reason, failures }) =>
    console.warn(
      `PostgreSQL connection lost (the pool reconnects): ${reason}` +
        (failures > 1 ? ` (${failures} connections)` : ''),
    ),
  );
  const onLost = (error: Error) => warnLost(unavailableReason(error) ?? error.message);
  pool.on('error', onLost);
  pool.on('connect', (client) => client.on('error', onLost));
  const db = drizzlePg({ client: pool, schema });
  const migrateThen = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    // The lock lives on its own connection (a session lock); the work uses the pool.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      return await work(db);
    } finally {
      await lock
        .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
      lock.release();
    }
  };
  return {
    db: db as unknown as Database,
    driver: 'pg',
    migrate: () => migrateThen(async () => undefined),
    migrateThen,
    close: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
