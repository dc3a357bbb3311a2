/**
 * DATABASE_READ_URL (issue 27): reports and CSV exports read from a streaming replica, the till
 * and every write from the primary. The replica is used while it is reachable and its replay
 * lags the primary by no more than DATABASE_READ_MAX_LAG_MS; otherwise reads go to the primary,
 * and the switch is logged once each way.
 *
 * The lag is checked on the replica at most every `checkEveryMs` (a request that finds the last
 * check older waits for the next one, a query of a millisecond): `now() - the last replayed
 * commit's time` — unless the replica has replayed all it received, when it is as fresh as an
 * idle primary lets it be (lag 0). A replica that is not in recovery (promoted, or the primary
 * itself) is not one to read from. Between checks, a query that cannot reach the replica (a
 * connection error, a short connect timeout, a shutdown, a query cancelled by a recovery
 * conflict) is run again on the primary at once and the replica is left until the next check:
 * a report never fails because the replica went away.
 */
import type { DatabaseError } from 'pg';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from './client';
import * as schema from './schema';

export interface ReadReplicaConfig {
  url: string;
  /** Replay lag beyond which reads go to the primary. */
  maxLagMs: number;
  /** The lag is checked at most this often. */
  checkEveryMs: number;
}

export interface ReadReplicaLog {
  info(message: string): void;
  warn(message: string, error?: unknown): void;
}

export interface ReadReplica {
  /** The handle for reports and exports now: the replica's, or the primary when it may not. */
  db(): Promise<Database>;
  /** What the last check chose. */
  readonly using: 'replica' | 'primary';
  close(): Promise<void>;
}

/** A connect to the replica that takes longer fails over to the primary. */
const CONNECT_TIMEOUT_MS = 1_000;
/**
 * The lag check gets no longer (a query of a millisecond): a replica whose host went silent
 * (a partition, a frozen host: the pooled connection stays open, nothing answers, no reset
 * comes) would otherwise hold the check — and every report waiting on it — for many minutes.
 */
const CHECK_TIMEOUT_MS = 1_000;

/** Errors that mean "the replica cannot answer now", not "this query is wrong". */
export function isUnreachable(error: unknown): boolean {
  const code = (error as Partial<DatabaseError> | undefined)?.code ?? '';
  const message = error instanceof Error ? error.message : '';
  return (
    /^E[A-Z]+$/.test(code) || // ECONNREFUSED, ECONNRESET, ETIMEDOUT…
    code.startsWith('08') || // connection exception
    ['57P01', '57P02', '57P03'].includes(code) || // shutdown, crash, cannot connect now
    code === '40001' || // on a standby: cancelled by a conflict with recovery
    /Connection terminated|timeout exceeded when trying to connect|connection timeout/i.test(
      message,
    )
  );
}

/**
 * What drizzle is given for the replica: the replica's pool, whose unreachable queries are
 * run again on the primary's. Its class name says "Pool", which is how drizzle knows to take a
 * connection of its own for a transaction.
 */
class ReplicaOrPrimaryPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly unreachable: (error: unknown) => void,
  ) {}

  /** How drizzle runs a statement outside a transaction. */
  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    try {
      return await this.replica.query(config, values);
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      this.unreachable(error);
      return this.primary.query(config, values);
    }
  }

  async connect(): Promise<pg.PoolClient> {
    try {
      return await this.replica.connect();
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      this.unreachable(error);
      return this.primary.connect();
    }
  }
}

const LAG_SQL = `SELECT pg_is_in_recovery() AS standby,
  CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
       ELSE extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000
  END::float8 AS lag_ms`;

/**
 * The check, bounded (node-postgres reads query_timeout from a query's config too; its types
 * know it on the client's only). On a timeout the pool drops the connection.
 */
const LAG_QUERY: pg.QueryConfig & { query_timeout: number } = {
  text: LAG_SQL,
  query_timeout: CHECK_TIMEOUT_MS,
};

/**
 * Opens the replica's pool beside `primary` (a PostgreSQL handle: its pool is the fallback).
 * Nothing is connected until the first read.
 */
export function openReadReplica(
  primary: Database,
  { url, maxLagMs, checkEveryMs }: ReadReplicaConfig,
  log: ReadReplicaLog,
): ReadReplica {
  const primaryPool = (primary as unknown as { $client: unknown }).$client;
  if (!(primaryPool instanceof pg.Pool)) {
    throw new Error('DATABASE_READ_URL needs the primary on PostgreSQL (DATABASE_URL)');
  }
  const replicaPool = new pg.Pool({
    connectionString: url,
    max: 5,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'duka-reads',
  });
  let using: 'replica' | 'primary' = 'primary';
  /** Why reads are on the primary, as last logged (undefined: not yet decided). */
  let reason: string | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;

  function choose(next: 'replica' | 'primary', why: string, error?: unknown) {
    const first = reason === undefined;
    if (next === using && !first) return;
    using = next;
    reason = why;
    if (next === 'replica') {
      log.info(
        first
          ? 'Reports and exports read from the replica (DATABASE_READ_URL)'
          : 'Reports and exports read from the replica again',
      );
    } else {
      log.warn(`Reports and exports read from the primary: ${why}`, error);
    }
  }

  function unreachable(error: unknown) {
    checkedAt = Date.now();
    choose('primary', `the replica is unreachable (${messageOf(error)})`, error);
  }

  // An idle connection dropped (the replica stopped or restarted): unheard, it would crash
  // the process; heard, it is a sign to read from the primary until the next check.
  replicaPool.on('error', unreachable);
  // One lent out (a read-only transaction between statements) emits on the client itself.
  replicaPool.on('connect', (client) => client.on('error', unreachable));
  const replicaDb = drizzle({
    client: new ReplicaOrPrimaryPool(replicaPool, primaryPool, unreachable) as unknown as pg.Pool,
    schema,
  }) as unknown as Database;

  async function check() {
    try {
      const result = await replicaPool.query<{ standby: boolean; lag_ms: number | null }>(
        LAG_QUERY,
      );
      const { standby, lag_ms: lag } = result.rows[0]!;
      if (!standby) choose('primary', 'DATABASE_READ_URL is not a standby (not in recovery)');
      else if (lag === null || lag > maxLagMs) {
        const lagText = lag === null ? 'an unknown time' : `${(lag / 1000).toFixed(1)} s`;
        choose('primary', `the replica lags ${lagText} (bound ${maxLagMs} ms)`);
      } else choose('replica', 'caught up');
    } catch (error) {
      unreachable(error);
    } finally {
      checkedAt = Date.now();
    }
  }

  return {
    async db() {
      if (Date.now() - checkedAt >= checkEveryMs) {
        checking ??= check().finally(() => (checking = undefined));
        await checking;
      }
      return using === 'replica' ? replicaDb : primary;
    },
    get using() {
      return using;
    },
    async close() {
      await checking;
      await replicaPool.end();
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || (error as { code?: string }).code || '' : '';
}
