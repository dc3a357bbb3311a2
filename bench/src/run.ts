/**
 * npm run bench [-- --check] [--seconds 10] [--warmup 3] [--scenarios search,grid,…]
 *
 * Starts the production server on the bench database (npm run bench:seed fills it: DATABASE_URL
 * when set, otherwise PGlite in bench/.data) and drives it over loopback with autocannon, each
 * scenario for a fixed time after a warm-up. Prints a table, writes bench/results/latest.json,
 * and with --check exits 1 naming every budget missed (budgets.ts).
 *
 * Scenarios: search (the till typing), grid (first and deep pages), checkout (POST /api/sales,
 * 3 lines, a fresh Idempotency-Key each; paid one way, and split in cash and M-Pesa), sales (list page 1 and a deep page), reports (30 days
 * and 12 months), import (5,000 products as CSV), sync (the offline till: a device's first
 * download of the catalogue, a delta of 100 changes), upload (500 offline sales through
 * POST /api/sales/sync; sync.ts), offline-search (the device's search over 50,000 products in
 * Chromium with the CPU slowed 4×; needs no server: offline-search.ts), pgbench (simple-update on
 * the same PostgreSQL; only with DATABASE_URL).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  BENCH_CASHIER,
  BENCH_MANAGER,
  BRANDS,
  GOODS,
  IMPORT_MANAGER,
  barcodeOf,
} from './catalogue';
import { buildCsv } from './csv';
import { checkBudgets, type Measured } from './budgets';
import { benchDatabase, describeTarget, numberFlag, root, stringFlag } from './options';
import { runPgbench } from './pgbench';
import { offlineSearch } from './offline-search';
import { signIn, startServer } from './server';
import { deltaOf100, download as downloadCatalogue, firstDownload, uploadOf500 } from './sync';
import { verifyCheckouts } from './verify';

const PORT = numberFlag('--port', 4310);
const SECONDS = numberFlag('--seconds', 10);
const WARMUP = numberFlag('--warmup', 3);
const CONNECTIONS = numberFlag('--connections', 16);
/** The sales list is a back-office page: a few managers at once, not every till. */
const BACK_OFFICE_CONNECTIONS = 4;
const CHECK = process.argv.includes('--check');
const ALL = [
  'search',
  'grid',
  'checkout',
  'sales',
  'reports',
  'import',
  'sync',
  'upload',
  'offline-search',
  'pgbench',
];
const wanted = new Set(stringFlag('--scenarios', ALL.join(',')).split(','));

const target = benchDatabase();
const runId = Date.now().toString(36);
const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;

interface LoadOptions {
  title: string;
  connections?: number;
  /** A request's path, method, headers and body, drawn afresh for each request. */
  next: () => { path: string; method?: 'GET' | 'POST'; body?: string; headers?: object };
  headers: Record<string, string>;
}

/** p-th percentile (0..100) of the sorted latencies, in ms. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function once(options: LoadOptions, seconds: number, record: boolean) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  // Without a callback autocannon returns its event emitter, made awaitable (lib/init.js);
  // its types only know the promise.
  const instance = autocannon({
    url: base,
    connections: options.connections ?? CONNECTIONS,
    duration: seconds,
    headers: options.headers,
    requests: [
      {
        setupRequest: (request) => {
          const next = options.next();
          return {
            ...request,
            method: next.method ?? 'GET',
            path: next.path,
            body: next.body,
            headers: { ...request.headers, ...(next.headers as Record<string, string>) },
          };
        },
      },
    ],
  }) as unknown as Promise<autocannon.Result> & {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, time: number) => void,
    ): void;
  };
  instance.on('response', (_client, status, _bytes, time) => {
    if (!record) return;
    latencies.push(Math.round(time * 10) / 10);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return { result, latencies, statuses };
}

const measured: Measured[] = [];

async function load(options: LoadOptions): Promise<Measured> {
  if (WARMUP > 0) await once(options, WARMUP, false);
  const { result, latencies, statuses } = await once(options, SECONDS, true);
  const ok = [...statuses].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
  const row: Measured = {
    scenario: options.title,
    connections: options.connections ?? CONNECTIONS,
    requests: latencies.length,
    rps: Math.round(latencies.length / SECONDS),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + (latencies.length - ok),
    statuses: Object.fromEntries(statuses),
  };
  measured.push(row);
  console.log(
    `${row.scenario}: ${row.rps}/s p50 ${row.p50} ms p95 ${row.p95} ms p99 ${row.p99} ms` +
      (row.errors ? ` — ${row.errors} errors ${JSON.stringify(row.statuses)}` : ''),
  );
  return row;
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function nairobiDay(daysAgo: number): string {
  const day = new Date(Date.now() + 3 * 3_600_000 - daysAgo * 86_400_000);
  return day.toISOString().slice(0, 10);
}

console.log(
  `Benchmarking ${describeTarget(target)}: ${SECONDS} s a scenario after ${WARMUP} s warm-up`,
);
let base = '';
let pgbench: { tps: number } | undefined;
let checkout: { sales: number; verified?: Awaited<ReturnType<typeof verifyCheckouts>> } | undefined;
let importMs: number | undefined;
let offlineFirstSearchMs: number | undefined;
const counts: Record<string, number> = {};
if (wanted.has('offline-search')) {
  // The device's own search in Chromium: no server (offline-search.ts).
  const result = await offlineSearch();
  measured.push(result.measured);
  offlineFirstSearchMs = result.firstSearchMs;
  console.log(
    `offline search: the first one read the products into memory in ${result.firstSearchMs} ms`,
  );
}
if ([...wanted].some((scenario) => scenario !== 'offline-search')) {
  const server = await startServer(PORT, target);
  base = server.base;
  try {
    const cashier = await signIn(base, BENCH_CASHIER);
    const manager = await signIn(base, BENCH_MANAGER);
    const productsPage = await getJson<{ total: number }>(
      '/api/products?page=1&pageSize=1',
      cashier.cookie,
    );
    const salesPage = await getJson<{ total: number }>(
      '/api/sales?page=1&pageSize=10',
      manager.cookie,
    );
    counts.products = productsPage.total;
    counts.sales = salesPage.total;
    console.log(`The bench store holds ${counts.products} products and ${counts.sales} sales.`);
    if (counts.products < 1000) throw new Error('seed the bench store first: npm run bench:seed');

    if (wanted.has('search')) {
      const words = [...BRANDS, ...GOODS.flatMap((g) => g.split(' '))].filter((w) => w.length >= 3);
      await load({
        title: 'search as the till types',
        headers: { cookie: cashier.cookie },
        next: () => {
          // Half prefixes of 3 to 5 letters, half exact barcodes.
          const q =
            Math.random() < 0.5
              ? pick(words).slice(0, 3 + random(3))
              : barcodeOf(1 + random(counts.products!));
          return { path: `/api/products/search?q=${encodeURIComponent(q)}` };
        },
      });
    }
    if (wanted.has('grid')) {
      const lastPage = Math.ceil(counts.products / 12);
      await load({
        title: 'till grid, first page',
        headers: { cookie: cashier.cookie },
        next: () => ({ path: '/api/products?page=1&pageSize=12' }),
      });
      // "Any page": random pages over the whole catalogue, the middle (the farthest from either
      // end of the name index) included.
      await load({
        title: 'till grid, deep pages',
        headers: { cookie: cashier.cookie },
        next: () => ({ path: `/api/products?page=${2 + random(lastPage - 1)}&pageSize=12` }),
      });
    }
    if (wanted.has('checkout')) {
      // Three lines from a pool of 2,000 products, priced as the till would.
      const pool: { id: number; price: number }[] = [];
      for (let page = 1; page <= 20; page += 1) {
        const { data } = await getJson<{
          data: { id: number; piece_selling_price: number }[];
        }>(`/api/products?page=${page * 7}&pageSize=100`, cashier.cookie);
        pool.push(...data.map((p) => ({ id: p.id, price: p.piece_selling_price })));
      }
      const customers = await getJson<{ data: { id: number; name: string }[] }>(
        '/api/customers',
        cashier.cookie,
      );
      const walkIn = customers.data.find((c) => c.name === 'Walk-in Customer')!;
      let sequence = 0;
      const threeLines = () => {
        const lines = [pick(pool), pick(pool), pick(pool)].map((p) => ({
          product_id: p.id,
          quantity: 1,
          unit_type: 'piece',
          unit_price: p.price,
        }));
        const cents = lines.reduce((s, l) => s + Math.round(l.unit_price * 100), 0);
        sequence += 1;
        return { lines, cents, key: `bench-${runId}-${sequence}` };
      };
      const checkoutHeaders = {
        cookie: cashier.cookie,
        'x-csrf-token': cashier.csrf,
        'content-type': 'application/json',
      };
      const row = await load({
        title: 'checkout (3 lines)',
        headers: checkoutHeaders,
        next: () => {
          const { lines, cents, key } = threeLines();
          return {
            method: 'POST',
            path: '/api/sales',
            headers: { 'idempotency-key': key },
            body: JSON.stringify({
              items: lines,
              total: cents / 100,
              customer_id: walkIn.id,
              payment_method: sequence % 2 ? 'cash' : 'mpesa',
            }),
          };
        },
      });
      // Issue 21: the same sale paid in two parts, cash (a round sum, with change) and the rest
      // by M-Pesa with its code.
      const split = await load({
        title: 'checkout split (3 lines, cash + M-Pesa)',
        headers: checkoutHeaders,
        next: () => {
          const { lines, cents, key } = threeLines();
          const cash = Math.floor(cents / 2 / 10_000) * 10_000 + 10_000;
          const mpesa = cents - Math.floor(cents / 2);
          const code = `BN${String(sequence % 100_000_000).padStart(8, '0')}`;
          return {
            method: 'POST',
            path: '/api/sales',
            headers: { 'idempotency-key': key },
            body: JSON.stringify({
              items: lines,
              total: cents / 100,
              customer_id: walkIn.id,
              payments: [
                { method: 'cash', amount: cash / 100 },
                { method: 'mpesa', amount: mpesa / 100, mpesa_code: code },
              ],
            }),
          };
        },
      });
      checkout = { sales: (row.statuses[201] ?? 0) + (split.statuses[201] ?? 0) };
    }
    if (wanted.has('sales')) {
      const deep = Math.max(1, Math.floor(counts.sales / 10) - 10);
      await load({
        title: 'sales list, page 1',
        connections: BACK_OFFICE_CONNECTIONS,
        headers: { cookie: manager.cookie },
        next: () => ({ path: '/api/sales?page=1&pageSize=10' }),
      });
      await load({
        title: 'sales list, deep pages',
        connections: BACK_OFFICE_CONNECTIONS,
        headers: { cookie: manager.cookie },
        next: () => ({ path: `/api/sales?page=${deep - random(10)}&pageSize=10` }),
      });
    }
    if (wanted.has('reports')) {
      for (const [label, days] of [
        ['30 days', 29],
        ['12 months', 364],
      ] as const) {
        const range = `start=${nairobiDay(days)}&end=${nairobiDay(0)}`;
        for (const report of [
          `product-performance?${range}&sort=revenue`,
          `sales-summary?${range}`,
          `expenses-summary?${range}`,
        ]) {
          await load({
            title: `report ${report.split('?')[0]}, ${label}`,
            connections: 1,
            headers: { cookie: manager.cookie },
            next: () => ({ path: `/api/reports/${report}` }),
          });
        }
      }
      await load({
        title: 'report inventory, first page',
        connections: 1,
        headers: { cookie: manager.cookie },
        next: () => ({ path: '/api/reports/inventory?page=1&pageSize=100' }),
      });
    }
    if (wanted.has('import')) {
      const importer = await signIn(base, IMPORT_MANAGER);
      const csv = buildCsv(5000, `IMP${runId.toUpperCase()}`);
      const started = performance.now();
      const response = await fetch(`${base}/api/products/import`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: importer.cookie,
          'x-csrf-token': importer.csrf,
        },
        body: JSON.stringify({ csv, commit: true }),
      });
      importMs = Math.round(performance.now() - started);
      const body = (await response.json()) as { data?: { created: number; errors: unknown[] } };
      const created = body.data?.created ?? 0;
      console.log(
        `CSV import of 5,000 products: ${importMs} ms (${response.status}, ${created} created)`,
      );
      measured.push({
        scenario: 'CSV import, 5,000 products',
        connections: 1,
        requests: 1,
        rps: 0,
        p50: importMs,
        p95: importMs,
        p99: importMs,
        errors: response.status === 200 && created === 5000 ? 0 : 1,
        statuses: { [response.status]: 1 },
      });
    }
    if (wanted.has('sync')) {
      // One device at a time, as a till does it (sync.ts).
      const download = await firstDownload(base, cashier);
      measured.push(...download.rows);
      measured.push(await deltaOf100(base, manager, cashier, download.products, download.cursor));
    }
    if (wanted.has('upload')) {
      // The device's catalogue (not measured here), then its 500 waiting sales.
      const { products } = await downloadCatalogue(base, cashier, 'gzip');
      const customers = await getJson<{ data: { id: number; name: string }[] }>(
        '/api/customers',
        cashier.cookie,
      );
      const walkIn = customers.data.find((c) => c.name === 'Walk-in Customer')!;
      measured.push(await uploadOf500(base, cashier, [...products.values()], walkIn.id));
    }
    if (wanted.has('pgbench') && target.databaseUrl) {
      pgbench = runPgbench(target.databaseUrl, SECONDS, CONNECTIONS);
      console.log(`pgbench simple-update: ${pgbench.tps} transactions/s`);
    }
  } finally {
    await server.stop();
  }
}
if (checkout) checkout.verified = await verifyCheckouts(target, `bench-${runId}-`);

console.table(
  measured.map((m) => ({
    scenario: m.scenario,
    'req/s': m.rps,
    'p50 ms': m.p50,
    'p95 ms': m.p95,
    'p99 ms': m.p99,
    errors: m.errors,
  })),
);
if (pgbench) console.log(`pgbench simple-update (${CONNECTIONS} clients): ${pgbench.tps} tps`);
if (checkout?.verified) console.log('checkout afterwards:', checkout.verified);

const missed = checkBudgets({
  measured,
  pgbenchTps: pgbench?.tps,
  checkout: checkout?.verified,
  onPostgres: Boolean(target.databaseUrl),
});
const results = {
  date: new Date().toISOString(),
  database: describeTarget(target),
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: target.databaseUrl ? serverVersion(target.databaseUrl) : 'PGlite',
  },
  seconds: SECONDS,
  warmup: WARMUP,
  counts,
  offlineFirstSearchMs,
  measured,
  pgbench,
  checkout,
  missed,
};
const outDir = path.join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('written bench/results/latest.json');
if (missed.length > 0) {
  console.log(`\n${missed.length} budget(s) missed:\n${missed.map((m) => `  - ${m}`).join('\n')}`);
  if (CHECK) process.exitCode = 1;
} else console.log('\nEvery budget met.');

function serverVersion(url: string): string {
  try {
    return execFileSync('psql', [url, '-Atc', 'SHOW server_version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
