/**
 * DATABASE_READ_URL (issue 27) on a private cluster and its streaming replica: reports and the
 * CSV export read from the replica — shown by pausing its replay: what the primary takes since
 * is not in them — while the till reads and writes the primary; a replica that lags past the
 * bound, or stops, leaves the reads to the primary, each switch logged once.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app/build-app';
import { TestClient, TestClock, testConfig } from '../testing/create-test-app';
import {
  buildStore,
  buildUser,
  createProduct,
  createSale,
  saleLine,
  walkInCustomer,
} from '../testing/factories';
import {
  postgresBinDir,
  startPgCluster,
  waitForReplay,
  type PgCluster,
} from '../testing/pg-cluster';
import { openPostgres, type DatabaseHandle } from './client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgresBinDir())('reports from a read replica', () => {
  let primary: PgCluster;
  let replica: PgCluster;
  let handle: DatabaseHandle;
  let storeId: number;
  let manager: { email: string; password: string };
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    primary = await startPgCluster();
    handle = await openPostgres(primary.url('duka'));
    await handle.migrate();
    storeId = (await buildStore(handle.db)).id;
    manager = await buildUser(handle.db, { role: 'manager', storeId });
    replica = await primary.createReplica();
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle?.close();
    await replica?.destroy();
    await primary?.destroy();
  });

  /** An app reading through the replica with this bound; its log lines, and a manager. */
  async function appWithReplica(maxLagMs: number) {
    const lines: string[] = [];
    const app = await buildApp({
      db: handle.db,
      config: testConfig({
        logLevel: 'info',
        databaseRead: { url: replica.url('duka'), maxLagMs, checkEveryMs: 100 },
      }),
      clock: new TestClock(),
      logger: true,
      logStream: { write: (line) => lines.push((JSON.parse(line) as { msg: string }).msg) },
    });
    apps.push(app);
    const client = new TestClient(app);
    expect((await client.login(manager.email, manager.password)).statusCode).toBe(200);
    const salesCount = async () => {
      const response = await client.get('/api/reports/sales-summary');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { count: number } }>().data.count;
    };
    const vat = async () => {
      const response = await client.get('/api/reports/vat?month=2026-11');
      expect(response.statusCode, response.body).toBe(200);
      return response.body;
    };
    const exported = async () => {
      const response = await client.get('/api/products/export.csv');
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const switches = (words: string) => lines.filter((line) => line.includes(words)).length;
    return { client, salesCount, vat, exported, switches };
  }

  /** A product and a sale of it through the till's API (the primary's). */
  async function sell(client: TestClient, name: string) {
    const product = await createProduct(client, { name });
    const customer = await walkInCustomer(client);
    await createSale(client, {
      customer_id: customer.id,
      items: [saleLine(product.id, 1, 60)],
    });
  }

  it('falls back to the primary while the replica lags past a small bound, and back after', async () => {
    const { client, salesCount, switches } = await appWithReplica(500);
    await sell(client, 'Lag Flour');
    await waitForReplay(primary, replica);
    const before = await salesCount();

    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      await sell(client, 'Lag Sugar');
      // Past the bound (and a check): the report reads the primary and has the sale.
      await sleep(800);
      expect(await salesCount()).toBe(before + 1);
      expect(switches('read from the primary: the replica lags')).toBe(1);
      await salesCount();
      expect(switches('read from the primary')).toBe(1);
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    await waitForReplay(primary, replica);
    await sleep(200);
    expect(await salesCount()).toBe(before + 1);
    expect(switches('read from the replica again')).toBe(1);
  });

  it('serves reports and the export from the replica; the till uses the primary; a stopped replica falls back', async () => {
    const { client, salesCount, vat, exported, switches } = await appWithReplica(60_000);
    await sell(client, 'Replica Rice');
    await waitForReplay(primary, replica);
    const count = await salesCount();
    const vatBefore = await vat();
    expect(await exported()).toContain('Replica Rice');

    await replica.query('SELECT pg_wal_replay_pause()');
    // The till, meanwhile: a new product found and sold — it reads and writes the primary.
    await sell(client, 'Paused Maize');
    const found = await client.get('/api/products/search?q=paused');
    expect(found.json<{ data: { name: string }[] }>().data.map((p) => p.name)).toEqual([
      'Paused Maize',
    ]);
    // The reports and the export, from the replica, have not seen it (within the bound).
    await sleep(300);
    expect(await salesCount()).toBe(count);
    expect(await vat()).toBe(vatBefore);
    expect(await exported()).not.toContain('Paused Maize');
    expect(switches('read from the primary')).toBe(0);

    // The replica stops: the same reports come from the primary, with the sale.
    await replica.stop('fast');
    expect(await salesCount()).toBe(count + 1);
    expect(await vat()).not.toBe(vatBefore);
    expect(await exported()).toContain('Paused Maize');
    await salesCount();
    expect(switches('read from the primary: the replica is unreachable')).toBe(1);
    expect(switches('read from the primary')).toBe(1);

    // Back (replay resumes with the start): reads return to it, logged once.
    await replica.start();
    await waitForReplay(primary, replica);
    await sleep(200);
    expect(await salesCount()).toBe(count + 1);
    await salesCount();
    expect(switches('read from the replica again')).toBe(1);
  }, 60_000);
});
