/**
 * Which failures mean "the database is not reachable" (a 503, issue 27) — judged on errors the
 * drivers really raise, through Drizzle's wrapping — and the pool surviving a connection cut
 * while it is lent out (a transaction between two statements), which pg-pool leaves unheard.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, postgresBinDir, startPgCluster, type PgCluster } from '../testing/pg-cluster';
import { openPostgres, type DatabaseHandle } from './client';
import { outageWarner, unavailableReason } from './unavailable';

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('unavailableReason', () => {
  it('sees a refused connection through Drizzle and the pool', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/duka`,
      connectionTimeoutMillis: 2_000,
    });
    try {
      const error = await failureOf(() => drizzle({ client: pool }).execute(sql`SELECT 1`));
      expect(unavailableReason(error)).toBe('ECONNREFUSED');
    } finally {
      await pool.end();
    }
  });

  it('knows the SQLSTATEs and driver messages of an unavailable server, and nothing else', () => {
    const postgres = (code: string) => ({ code, severity: 'FATAL', message: 'm' });
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '53300', '25006']) {
      expect(unavailableReason({ message: 'q', cause: postgres(code) })).toBe(code);
    }
    for (const code of ['23505', '40001', '57014', '42P01', 'XX000']) {
      expect(unavailableReason({ message: 'q', cause: postgres(code) })).toBeUndefined();
    }
    const timeout = new Error('Connection terminated due to connection timeout', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(unavailableReason(new Error('Failed query', { cause: timeout }))).toBe(timeout.message);
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(unavailableReason(new AggregateError([refused]))).toBe('ECONNREFUSED');
    expect(unavailableReason(new Error('Something else'))).toBeUndefined();
    expect(unavailableReason(undefined)).toBeUndefined();
  });
});

describe('outageWarner', () => {
  it('warns once, then at most once a period with the failures it stands for', () => {
    let now = 0;
    const warnings: { reason: string; failures: number }[] = [];
    const warn = outageWarner(
      (_message, details) => warnings.push(details),
      10_000,
      () => now,
    );
    warn('ECONNREFUSED');
    for (let i = 0; i < 50; i += 1) warn('ECONNREFUSED');
    now = 10_000;
    warn('57P03');
    expect(warnings).toEqual([
      { reason: 'ECONNREFUSED', failures: 1 },
      { reason: '57P03', failures: 51 },
    ]);
  });
});

describe.skipIf(!postgresBinDir())('the pool on a private cluster', () => {
  let cluster: PgCluster;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    cluster = await startPgCluster();
    handle = await openPostgres(cluster.url('duka'));
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await cluster?.destroy();
  });

  it("leaves the database's own answers alone: bad SQL, a duplicate, a bad value", async () => {
    const { db } = handle;
    await db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE unavailable_probe (id int PRIMARY KEY)`);
      await tx.execute(sql`INSERT INTO unavailable_probe VALUES (1)`);
      for (const statement of [
        sql`SELEC 1`,
        sql`INSERT INTO unavailable_probe VALUES (1)`,
        sql`SELECT 'x'::int`,
      ]) {
        // A savepoint each: the transaction (and its temp table) outlives the failure.
        const error = await failureOf(() => tx.transaction((inner) => inner.execute(statement)));
        expect(unavailableReason(error)).toBeUndefined();
      }
    });
  });

  it('survives a connection cut inside a transaction, and serves the next query', async () => {
    const error = await failureOf(() =>
      handle.db.transaction(async (tx) => {
        const result: unknown = await tx.execute(sql`SELECT pg_backend_pid() AS pid`);
        const [row] = (result as { rows: { pid: number }[] }).rows;
        // Cut while lent out and idle: the client emits 'error' with no query to give it to.
        await cluster.query('SELECT pg_terminate_backend($1)', [row!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`SELECT 1`);
      }),
    );
    expect(unavailableReason(error)).toBeDefined();
    const after: unknown = await handle.db.execute(sql`SELECT 1 AS one`);
    expect((after as { rows: unknown }).rows).toEqual([{ one: 1 }]);
  });
});
