/**
 * GET /api/metrics (issue 27) through HTTP on the real app and database: the exposition format
 * read back by a strict parser, counters that move with requests, job runs and offline sales,
 * the scrape-time gauges (the pool on PostgreSQL), and the gate: off without METRICS_TOKEN, 401
 * without the token. Also every answer's X-Request-Id and the log lines that carry it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/build-app';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import {
  createTestApp,
  TestClient,
  TestClock,
  testConfig,
  type TestApp,
} from '../../testing/create-test-app';
import {
  buildStore,
  createProduct,
  saleBody,
  saleLine,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../testing/pg-cluster';
import { openTestDatabase } from '../../testing/test-database';
import { openPostgres } from '../../db/client';
import { enqueueJob } from '../jobs/jobs.service';
import { Counter, Histogram, METRICS_CONTENT_TYPE, MetricsRegistry } from './metrics-registry';

const TOKEN = 'metrics-token-for-the-tests-0123';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Family {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/** The labels between `{` and `}`, escapes undone; throws on anything the format does not allow. */
function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf('=', i);
    const name = text.slice(i, eq);
    if (eq < 0 || !/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(name)) throw new Error(`label name: ${text}`);
    if (text[eq + 1] !== '"') throw new Error(`label value not quoted: ${text}`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j += 1) {
      if (text[j] === '\\') {
        const next = text[j + 1];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in ${text}`);
        j += 1;
      } else if (text[j] === '\n') {
        throw new Error(`raw line feed in ${text}`);
      } else value += text[j];
    }
    if (j >= text.length) throw new Error(`unterminated label value: ${text}`);
    if (name in labels) throw new Error(`label ${name} twice: ${text}`);
    labels[name] = value;
    i = j + 1;
    if (i < text.length) {
      if (text[i] !== ',') throw new Error(`expected a comma: ${text}`);
      i += 1;
    }
  }
  return labels;
}

function parseValue(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value ${text}`);
  return Number(text);
}

/**
 * Text format 0.0.4, strictly: HELP and TYPE once per family and before its samples, every
 * sample of a declared family, no sample twice, histogram buckets cumulative up to +Inf = count.
 */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  expect(text.endsWith('\n'), 'ends with a line feed').toBe(true);
  const seen = new Set<string>();
  for (const line of text.slice(0, -1).split('\n')) {
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment;
      if (!NAME.test(name!)) throw new Error(`bad name: ${line}`);
      const family = families.get(name!) ?? { name: name!, type: '', help: '', samples: [] };
      if (family.samples.length) throw new Error(`${kind} after samples: ${line}`);
      if (kind === 'TYPE') {
        if (family.type) throw new Error(`TYPE twice: ${line}`);
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest!)) {
          throw new Error(`bad type: ${line}`);
        }
        family.type = rest!;
      } else family.help = rest!;
      families.set(name!, family);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample: ${JSON.stringify(line)}`);
    const [, name, labelText, valueText] = sample;
    const base = name!.replace(/_(bucket|sum|count)$/, '');
    const family = families.get(name!) ?? families.get(base);
    if (!family?.type) throw new Error(`sample of an undeclared family: ${line}`);
    if (family.name !== name && family.type !== 'histogram') throw new Error(`stray: ${line}`);
    const labels = labelText ? parseLabels(labelText) : {};
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw new Error(`sample twice: ${line}`);
    seen.add(key);
    family.samples.push({ name: name!, labels, value: parseValue(valueText!) });
  }
  for (const family of families.values()) {
    if (family.type !== 'histogram') continue;
    const series = new Map<string, Sample[]>();
    for (const sample of family.samples) {
      const { le, ...rest } = sample.labels;
      const key = JSON.stringify(Object.entries(rest).sort());
      series.set(key, [...(series.get(key) ?? []), sample]);
      if (sample.name.endsWith('_bucket') && le === undefined) throw new Error('bucket w/o le');
    }
    for (const samples of series.values()) {
      const buckets = samples.filter((s) => s.name.endsWith('_bucket'));
      const count = samples.find((s) => s.name.endsWith('_count'))!.value;
      expect(samples.some((s) => s.name.endsWith('_sum'))).toBe(true);
      const bounds = buckets.map((s) => parseValue(s.labels.le!));
      expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
      expect(bounds.at(-1)).toBe(Infinity);
      const values = buckets.map((s) => s.value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(values.at(-1)).toBe(count);
    }
  }
  return families;
}

/** The value of one sample whose labels include `labels` (undefined when absent). */
function valueOf(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const family = families.get(name.replace(/_(bucket|sum|count)$/, '')) ?? families.get(name);
  return family?.samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}

describe('the metrics registry', () => {
  it('escapes label values and help text the way the format says, and parses back', () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter('test_total', 'Help with a \\ and a\nline feed.', ['v']);
    const odd = 'a "quoted" \\ back\nslash';
    counter.inc([odd]);
    counter.inc([odd], 2);
    counter.inc(['plain']);
    const histogram = registry.histogram('test_seconds', 'Durations.', ['route'], [0.1, 1]);
    for (const seconds of [0.05, 0.1, 0.5, 3]) histogram.observe(['/a/:id'], seconds);
    const text = registry.render();
    expect(text).toContain('test_total{v="a \\"quoted\\" \\\\ back\\nslash"} 3\n');
    expect(text).toContain('# HELP test_total Help with a \\\\ and a\\nline feed.\n');
    const families = parseExposition(text);
    expect(valueOf(families, 'test_total', { v: odd })).toBe(3);
    expect(valueOf(families, 'test_total', { v: 'plain' })).toBe(1);
    // Buckets are cumulative: ≤ 0.1 holds 0.05 and 0.1 (le is inclusive), ≤ 1 adds 0.5.
    expect(valueOf(families, 'test_seconds_bucket', { le: '0.1' })).toBe(2);
    expect(valueOf(families, 'test_seconds_bucket', { le: '1' })).toBe(3);
    expect(valueOf(families, 'test_seconds_bucket', { le: '+Inf' })).toBe(4);
    expect(valueOf(families, 'test_seconds_sum')).toBeCloseTo(3.65);
    expect(() => registry.counter('test_total', 'again')).toThrow(/already/);
    expect(() => new Counter('bad-name', 'x', [])).toThrow();
    expect(() => new Histogram('h', 'x', ['le'], [1])).toThrow();
  });
});

describe('METRICS_TOKEN', () => {
  const base = { DATA_DIR: '/tmp/duka-config-test' };
  it('is optional, at least 16 printable characters; empty counts as unset', () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(
      'Invalid configuration: METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters',
    );
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'has a space in the token' })).toThrow(
      /METRICS_TOKEN must be printable ASCII without spaces/,
    );
  });

  it('unset: /api/metrics is a 404 like any unknown path, and nothing is counted', async () => {
    const off = await createTestApp();
    try {
      expect(off.app.metrics).toBeNull();
      const response = await off
        .client()
        .get('/api/metrics', { csrf: false, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
      expect(off.app.routeAccessTable.some((r) => r.url === '/api/metrics')).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe('GET /api/metrics', () => {
  let t: TestApp;
  let storeId: number;
  const scrape = async () => {
    const response = await t
      .client()
      .get('/api/metrics', { csrf: false, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(METRICS_CONTENT_TYPE);
    return parseExposition(response.body);
  };

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    storeId = (await buildStore(t.db)).id;
  });
  afterAll(() => t.close());

  it('answers 401 without the token or with a wrong one, and reads no session', async () => {
    const { client: admin } = await signedIn(t, 'admin', storeId);
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
      'Bearer ',
    ]) {
      for (const client of [t.client(), admin]) {
        const response = await client.get('/api/metrics', {
          csrf: false,
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(response.json()).toEqual({
          message: 'A valid token is required',
          code: 'auth.unauthenticated',
        });
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      }
    }
    expect(t.app.routeAccessTable).toContainEqual({
      method: 'GET',
      url: '/api/metrics',
      access: { bearer: 'metrics' },
    });
  });

  it('is in the API reference with its bearer token and its 401', async () => {
    const doc = (await t.client().get('/api/docs/json', { csrf: false })).json<{
      paths: Record<string, { get?: { security?: unknown; responses?: Record<string, unknown> } }>;
    }>();
    const operation = doc.paths['/api/metrics']?.get;
    expect(operation?.security).toEqual([{ bearer: [] }]);
    expect(operation?.responses?.['401']).toBeDefined();
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const { client: admin } = await signedIn(t, 'admin', storeId);
    const before = await scrape();
    const at = (families: Map<string, Family>, labels: Record<string, string>) =>
      valueOf(families, 'duka_http_requests_total', labels) ?? 0;
    for (let i = 0; i < 3; i += 1) {
      expect((await t.client().get('/api/health', { csrf: false })).statusCode).toBe(200);
    }
    for (const id of [999_991, 999_992, 999_993]) {
      expect((await admin.get(`/api/products/${id}`)).statusCode).toBe(404);
    }
    for (const path of ['/api/no-such-thing', `/api/nothing/${randomUUID()}`]) {
      expect((await t.client().get(path, { csrf: false })).statusCode).toBe(404);
    }
    const after = await scrape();
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(at(after, health) - at(before, health)).toBe(3);
    const product = { method: 'GET', route: '/api/products/:id', status: '404' };
    expect(at(after, product) - at(before, product)).toBe(3);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(at(after, unmatched) - at(before, unmatched)).toBe(2);
    const routes = after.get('duka_http_requests_total')!.samples.map((s) => s.labels.route);
    expect(routes.some((route) => /\d{6}|no-such/.test(route!))).toBe(false);
    // The scrape itself was counted with the gate's answer.
    expect(at(after, { route: '/api/metrics', status: '200' })).toBeGreaterThanOrEqual(1);

    const count = (families: Map<string, Family>) =>
      valueOf(families, 'duka_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
      }) ?? 0;
    expect(count(after) - count(before)).toBe(3);
    const family = after.get('duka_http_request_duration_seconds')!;
    expect(family.type).toBe('histogram');
    const bounds = family.samples
      .filter((s) => s.name.endsWith('_bucket') && s.labels.route === '/api/health')
      .map((s) => s.labels.le);
    expect(bounds).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
  });

  it('tells the job queue from the jobs table, and the runs by kind and outcome', async () => {
    const runs: string[] = [];
    t.app.jobs.register('metrics-test', {
      run: async (job) => {
        const { n } = job.payload as { n: number };
        runs.push(String(n));
        if (n === 2) throw new Error('no luck');
      },
    });
    const now = t.clock.now();
    for (const n of [1, 2]) {
      await enqueueJob(t.db, new Date(now.getTime() - 90_000), {
        kind: 'metrics-test',
        storeId,
        payload: { n },
        maxAttempts: 1,
        runAt: new Date(now.getTime() - 90_000 + n * 1000),
      });
    }
    // Due later: queued, but not waiting yet.
    await enqueueJob(t.db, now, {
      kind: 'metrics-test',
      storeId,
      payload: { n: 3 },
      maxAttempts: 1,
      runAt: new Date(now.getTime() + 3_600_000),
    });
    const queued = await scrape();
    expect(valueOf(queued, 'duka_jobs', { state: 'queued' })).toBe(3);
    expect(valueOf(queued, 'duka_jobs', { state: 'running' })).toBe(0);
    expect(valueOf(queued, 'duka_jobs_oldest_queued_seconds')).toBeCloseTo(89, 3);

    await t.app.jobs.runDueJobs();
    expect(runs.sort()).toEqual(['1', '2']);
    const ran = await scrape();
    expect(valueOf(ran, 'duka_jobs', { state: 'queued' })).toBe(1);
    expect(valueOf(ran, 'duka_jobs_oldest_queued_seconds')).toBe(0);
    const outcome = (value: string) =>
      valueOf(ran, 'duka_jobs_runs_total', { kind: 'metrics-test', outcome: value });
    expect(outcome('done')).toBe(1);
    expect(outcome('failed')).toBe(1);
  });

  it('counts offline sales uploaded: created, replayed, refused; and those needing review', async () => {
    const { client: admin } = await signedIn(t, 'admin', storeId);
    const { client: cashier } = await signedIn(t, 'sales', storeId);
    const product = await createProduct(admin, { quantity: 1 });
    const walkIn = await walkInCustomer(cashier);
    const soldAt = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const sale = (quantity: number) =>
      saleBody({
        items: [saleLine(product.id, quantity, 60)],
        customer_id: walkIn.id,
        client_sale_id: randomUUID(),
        sold_at: soldAt,
        offline: true,
      });
    const first = sale(1);
    // Short of stock: recorded below zero and flagged for review.
    const short = sale(2);
    const refused = { ...sale(1), items: [saleLine(999_999, 1, 60)] };
    const upload = await cashier.post('/api/sales/sync', { sales: [first, short, refused] });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json<{ results: { status: string }[] }>().results.map((r) => r.status)).toEqual([
      'created',
      'created',
      'refused',
    ]);
    const again = await cashier.post('/api/sales/sync', { sales: [first] });
    expect(again.json<{ results: { status: string }[] }>().results[0]!.status).toBe('replayed');

    const families = await scrape();
    expect(valueOf(families, 'duka_sync_sales_total', { outcome: 'created' })).toBe(2);
    expect(valueOf(families, 'duka_sync_sales_total', { outcome: 'replayed' })).toBe(1);
    expect(valueOf(families, 'duka_sync_sales_total', { outcome: 'refused' })).toBe(1);
    expect(valueOf(families, 'duka_sales_needs_review')).toBe(1);
  });

  it('tells the process: uptime, memory, event loop lag', async () => {
    const families = await scrape();
    expect(valueOf(families, 'duka_process_uptime_seconds')).toBeGreaterThan(0);
    expect(valueOf(families, 'duka_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(valueOf(families, 'duka_process_heap_used_bytes')).toBeGreaterThan(1_000_000);
    for (const quantile of ['0.5', '0.99', 'max']) {
      const lag = valueOf(families, 'duka_process_event_loop_lag_seconds', { quantile });
      expect(lag, quantile).toBeGreaterThanOrEqual(0);
      expect(lag, quantile).toBeLessThan(60);
    }
  });
});

describe('the connection pool gauges', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    handle = await openTestDatabase();
    app = await buildApp({
      db: handle.db,
      config: testConfig({ metricsToken: TOKEN }),
      clock: new TestClock(),
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('appear on PostgreSQL (the pg pool), not on PGlite', async () => {
    const response = await new TestClient(app).get('/api/metrics', {
      csrf: false,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const families = parseExposition(response.body);
    expect(families.get('duka_db_pool_connections')?.type).toBe('gauge');
    const total = valueOf(families, 'duka_db_pool_connections', { state: 'total' });
    if (handle.driver === 'pg') {
      // The scrape's own query held one connection, now back in the pool.
      expect(total).toBeGreaterThanOrEqual(1);
      expect(
        valueOf(families, 'duka_db_pool_connections', { state: 'idle' }),
      ).toBeGreaterThanOrEqual(1);
      expect(valueOf(families, 'duka_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(total).toBeUndefined();
    }
  });
});

/** A private cluster and its streaming replica (testing/pg-cluster.ts): where reports read. */
describe.skipIf(!postgresBinDir())('reads from a replica', () => {
  let primary: PgCluster;
  let replica: PgCluster;
  let handle: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    primary = await startPgCluster();
    handle = await openPostgres(primary.url('duka'));
    await handle.migrate();
    replica = await primary.createReplica();
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle?.close();
    await replica?.destroy();
    await primary?.destroy();
  });

  async function readsFromReplica(readUrl: string | undefined) {
    const app = await buildApp({
      db: handle.db,
      config: testConfig({
        metricsToken: TOKEN,
        ...(readUrl ? { databaseRead: { url: readUrl, maxLagMs: 10_000, checkEveryMs: 100 } } : {}),
      }),
      clock: new TestClock(),
    });
    apps.push(app);
    const response = await new TestClient(app).get('/api/metrics', {
      csrf: false,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return valueOf(parseExposition(response.body), 'duka_db_reads_from_replica');
  }

  it('is 1 on a caught-up replica, 0 when DATABASE_READ_URL is no standby, absent without one', async () => {
    expect(await readsFromReplica(replica.url('duka'))).toBe(1);
    // The primary given as the replica: not in recovery, so reads stay on the primary.
    expect(await readsFromReplica(primary.url('duka'))).toBe(0);
    expect(await readsFromReplica(undefined)).toBeUndefined();
  });
});

describe('request ids', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    handle = await openTestDatabase();
    app = await buildApp({
      db: handle.db,
      config: testConfig({ logLevel: 'info' }),
      clock: new TestClock(),
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const logOf = (id: string) =>
    lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((entry) => entry.reqId === id);

  it("keeps a proxy's sane X-Request-Id, answers it, and puts it on every log line", async () => {
    const id = 'proxy-id.1:abc_DEF-42';
    const response = await new TestClient(app).raw({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': id },
    });
    expect(response.headers['x-request-id']).toBe(id);
    expect(logOf(id).map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('makes a new one when none is sent or it is not a sane token', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const seen = new Set<string>();
    for (const given of [
      undefined,
      '',
      'x'.repeat(129),
      'has space',
      'semi;colon',
      'quote"d',
      'ünïcode',
    ]) {
      const response = await new TestClient(app).raw({
        method: 'GET',
        url: '/api/health',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = response.headers['x-request-id'] as string;
      expect(id, String(given)).toMatch(uuid);
      expect(logOf(id)).toHaveLength(2);
      seen.add(id);
    }
    expect(seen.size).toBe(7);
    const longest = 'y'.repeat(128);
    const kept = await new TestClient(app).raw({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': longest },
    });
    expect(kept.headers['x-request-id']).toBe(longest);
  });

  it('is on every answer: a refusal by the gate, a 404, a routing error', async () => {
    for (const [url, status] of [
      ['/api/users', 401],
      ['/api/no-such-thing', 404],
      ['/api/users/%E0%A4%A', 400],
    ] as const) {
      const id = `case-${status}`;
      const response = await new TestClient(app).raw({
        method: 'GET',
        url,
        headers: { 'x-request-id': id },
      });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['x-request-id'], url).toBe(id);
    }
  });
});
