/**
 * DATABASE_READ_URL (issue 27): a replica whose host goes silent — a connection the pool holds
 * stays open but nothing answers on it (a network partition, a host that froze; no reset ever
 * comes) — must not hold the reports: the lag check gives up and they read from the primary.
 * The replica here is the primary itself behind a TCP relay the test can freeze: a relay that
 * stops passing bytes is exactly a silent host, seen from the app.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPgCluster, type PgCluster } from '../testing/pg-cluster';
import { startRelay } from '../testing/tcp-relay';
import type { Database } from './client';
import { openReadReplica, type ReadReplica } from './read-replica';
import * as schema from './schema';

describe.skipIf(!postgresBinDir())('a read replica that goes silent', () => {
  let cluster: PgCluster;
  let pool: pg.Pool;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let reads: ReadReplica | undefined;

  beforeAll(async () => {
    cluster = await startPgCluster();
    pool = new pg.Pool({ connectionString: cluster.url('postgres'), max: 2 });
    relay = await startRelay(Number(new URL(cluster.url()).port));
  }, 60_000);

  afterAll(async () => {
    await relay?.close();
    await reads?.close().catch(() => undefined);
    await pool?.end();
    await cluster?.destroy();
  });

  it('leaves reports to the primary instead of waiting on it', async () => {
    const primary = drizzle({ client: pool, schema }) as unknown as Database;
    const warnings: string[] = [];
    reads = openReadReplica(
      primary,
      {
        url: `postgres://postgres@127.0.0.1:${relay.port}/postgres`,
        maxLagMs: 10_000,
        checkEveryMs: 50,
      },
      { info: () => undefined, warn: (message) => warnings.push(message) },
    );
    // A first check through the relay: the pool keeps its connection open (idle).
    expect(await reads.db()).toBe(primary);
    expect(warnings).toEqual([
      'Reports and exports read from the primary: DATABASE_READ_URL is not a standby (not in recovery)',
    ]);

    relay.freeze();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The next check goes out on that silent connection. Without a bound it never returns
    // (until the kernel gives up on the socket, many minutes on): every report would hang.
    const outcome = await Promise.race([
      reads.db().then((db) => (db === primary ? 'primary' : 'replica')),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 15_000)),
    ]);
    expect(outcome).toBe('primary');
  }, 30_000);
});
