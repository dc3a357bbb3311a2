/**
 * GET /api/metrics while PostgreSQL is down (issue 27): the scrape still answers 200 with what
 * this process knows — requests by route (the 503s of the outage among them), the pool — and
 * leaves out only what the database alone tells (the job queue, sales awaiting review), which
 * comes back with it. An operator needs the metrics most during an outage.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/build-app';
import { openPostgres, type DatabaseHandle } from '../../db/client';
import { TestClient, TestClock, testConfig } from '../../testing/create-test-app';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../testing/pg-cluster';

const TOKEN = 'metrics-token-for-the-tests-0123';

describe.skipIf(!postgresBinDir())('metrics while the database is down', () => {
  let cluster: PgCluster;
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    cluster = await startPgCluster();
    handle = await openPostgres(cluster.url('duka'));
    await handle.migrate();
    app = await buildApp({
      db: handle.db,
      config: testConfig({ metricsToken: TOKEN }),
      clock: new TestClock(),
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await cluster?.destroy();
  });

  const scrape = () =>
    new TestClient(app).get('/api/metrics', {
      csrf: false,
      headers: { authorization: `Bearer ${TOKEN}` },
    });

  it('answers what the process knows, and the queue again once it is back', async () => {
    const before = await scrape();
    expect(before.statusCode).toBe(200);
    expect(before.body).toMatch(/^duka_jobs\{state="queued"\} 0$/m);

    await cluster.stop('fast');
    try {
      const during = await scrape();
      expect(during.statusCode, during.body).toBe(200);
      expect(during.body).toMatch(
        /^duka_http_requests_total\{method="GET",route="\/api\/metrics",status="200"\} 1$/m,
      );
      expect(during.body).toMatch(/^duka_db_pool_connections\{state="total"\} \d+$/m);
      // What only the database knows is left out, not shown as it last was.
      expect(during.body).not.toMatch(/^duka_jobs\{/m);
      expect(during.body).not.toMatch(/^duka_sales_needs_review /m);
    } finally {
      await cluster.start();
    }

    const after = await scrape();
    expect(after.statusCode).toBe(200);
    expect(after.body).toMatch(/^duka_jobs\{state="queued"\} 0$/m);
    expect(after.body).toMatch(/^duka_sales_needs_review 0$/m);
  }, 60_000);
});
