/**
 * The private cluster the operations tests stand on (testing/pg-cluster.ts): it starts, takes a
 * write, streams it to a replica, and keeps the write through an immediate stop (a crash).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPgCluster, waitForReplay, type PgCluster } from './pg-cluster';

describe.skipIf(!postgresBinDir())('a private PostgreSQL cluster', () => {
  let primary: PgCluster;
  let replica: PgCluster | undefined;

  beforeAll(async () => {
    primary = await startPgCluster();
  }, 120_000);

  afterAll(async () => {
    await replica?.destroy();
    await primary?.destroy();
  });

  it('streams a committed row to a replica, and keeps it through a crash and restart', async () => {
    await primary.query('CREATE TABLE notes (id serial PRIMARY KEY, body text)', [], 'duka');
    await primary.query("INSERT INTO notes (body) VALUES ('first')", [], 'duka');
    replica = await primary.createReplica();
    await primary.query("INSERT INTO notes (body) VALUES ('second')", [], 'duka');
    await waitForReplay(primary, replica);
    const onReplica = await replica.query('SELECT body FROM notes ORDER BY id', [], 'duka');
    expect(onReplica.map((row) => row.body)).toEqual(['first', 'second']);
    const recovery = await replica.query('SELECT pg_is_in_recovery() AS in_recovery');
    expect(recovery[0]?.in_recovery).toBe(true);

    await primary.restart('immediate');
    const afterCrash = await primary.query('SELECT count(*)::int AS n FROM notes', [], 'duka');
    expect(afterCrash[0]?.n).toBe(2);
  }, 120_000);
});
