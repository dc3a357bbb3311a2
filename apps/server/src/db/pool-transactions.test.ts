/**
 * A transaction whose BEGIN fails gives its connection back to the pool (db/pool-transactions.ts,
 * issue 27). drizzle-orm 0.45 sent BEGIN outside its try/finally: the connection was never
 * released, so with a one-connection pool the next transaction waited for it until the pool's
 * connection timeout — and pool.end() waited forever. A BEGIN the server refuses (a bad
 * isolation level) fails the same way a BEGIN on a connection cut by a restart does.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPgCluster, type PgCluster } from '../testing/pg-cluster';
import { releaseConnectionsOfFailedTransactions } from './pool-transactions';

describe.skipIf(!postgresBinDir())('a transaction whose BEGIN fails', () => {
  let cluster: PgCluster;
  let pool: pg.Pool;

  beforeAll(async () => {
    releaseConnectionsOfFailedTransactions();
    cluster = await startPgCluster();
    pool = new pg.Pool({
      connectionString: cluster.url('duka'),
      max: 1,
      connectionTimeoutMillis: 3_000,
    });
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await cluster?.destroy();
  });

  it('gives its connection back, so the next transaction and the pool’s end go on', async () => {
    const db = drizzle({ client: pool });
    await expect(
      db.transaction(async () => undefined, { isolationLevel: 'no such level' as never }),
    ).rejects.toThrow();
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const rows = await db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
    expect(rows.rows).toEqual([{ one: 1 }]);
    // A failure inside the work rolls back and gives the connection back too.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(pool.totalCount - pool.idleCount).toBe(0);
  }, 30_000);
});
