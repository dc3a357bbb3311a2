/**
 * The offline till's search (issue 22): the device's 50,000 products searched in Chromium with
 * the CPU slowed 4× (a cheap phone), through the app's own code — IndexedDB, the in-memory
 * index, features/offline/offline-catalogue.ts's searchDeviceProducts — as the till's grid asks
 * it (goods, 12 a page). Needs no server: a page built by Vite from bench/harness/ (the app's
 * sources) is served from a temporary folder.
 *
 * Queries: exact barcodes (a scan), SKUs, prefixes of the catalogue's words as the till types
 * them (2 letters up to the whole word), and two-word searches. Budget: p95 ≤ 50 ms.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { Measured } from './budgets';
import { BRANDS, CATEGORIES, GOODS, SIZES, barcodeOf, nameOf } from './catalogue';
import { root } from './options';

const PRODUCTS = 50_000;
const CPU_SLOWDOWN = 4;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Product n as GET /api/sync/products gives it (the seeder's names, SKUs and barcodes). */
function syncProduct(n: number) {
  const packSize = [6, 12, 24][n % 3]!;
  const cost = 20 + (n % 480);
  return {
    id: n,
    name: nameOf(n),
    sku: `BN${String(n).padStart(7, '0')}`,
    barcode: barcodeOf(n),
    category: { id: 1 + (n % CATEGORIES.length), name: CATEGORIES[n % CATEGORIES.length]! },
    piece_selling_price: Math.round(cost * 1.25),
    pack_selling_price: Math.round(cost * packSize * 1.2),
    dozen_selling_price: Math.round(cost * 12 * 1.22),
    pack_size: packSize,
    stock_unit: (['piece', 'pack', 'dozen'] as const)[n % 3],
    quantity: 40,
    stock_pieces: 40,
    is_active: true,
    kind: 'goods' as const,
    thumbnail_url: null,
  };
}

/** A few hundred queries, the same every run (a fixed seed). */
function queries(): string[] {
  let seed = 22;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;
  const product = () => 1 + random(PRODUCTS);
  const list: string[] = [];
  for (let i = 0; i < 100; i += 1) list.push(barcodeOf(product()));
  for (let i = 0; i < 40; i += 1) list.push(`BN${String(product()).padStart(7, '0')}`);
  // As the till types a word: every prefix from 2 letters, each settled into a search.
  for (let i = 0; i < 25; i += 1) {
    const word = pick([...BRANDS, ...GOODS.flatMap((goods) => goods.split(' '))]).toLowerCase();
    for (let length = 2; length <= word.length; length += 1) list.push(word.slice(0, length));
  }
  for (let i = 0; i < 60; i += 1) {
    list.push(
      random(2) === 0
        ? `${pick(BRANDS)} ${pick(GOODS).split(' ')[0]}`
        : `${pick(GOODS)} ${pick(SIZES)}`,
    );
  }
  return list;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Serves the built page (the device database needs a real origin, not file://). */
function serve(dir: string): Promise<http.Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, pathname === '/' ? 'offline-search.html' : pathname);
    if (!file.startsWith(dir)) return response.writeHead(403).end();
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': types[path.extname(file)] ?? 'text/plain',
        // Cross-origin isolated: performance.now() to 5 µs, not 100 µs.
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export interface OfflineSearchResult {
  measured: Measured;
  /** The first offline search: 50,000 products read from IndexedDB into memory. */
  firstSearchMs: number;
}

/** What the harness page offers, on its global object (bench has no DOM types). */
interface Harness {
  store(products: unknown[]): Promise<number>;
  firstSearch(text: string): Promise<number>;
  run(queries: string[]): Promise<number[]>;
}

export async function offlineSearch(): Promise<OfflineSearchResult> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'duka-offline-search-'));
  await build({
    configFile: false,
    root: path.join(root, 'bench/harness'),
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(root, 'apps/web/src') } },
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: { input: path.join(root, 'bench/harness/offline-search.html') },
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const server = await serve(outDir);
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'searchBench' in globalThis);
    const all = Array.from({ length: PRODUCTS }, (_, index) => syncProduct(index + 1));
    for (let from = 0; from < all.length; from += 5000) {
      // Page by page, as the device downloads them.
      await page.evaluate(
        (products) =>
          (globalThis as unknown as { searchBench: Harness }).searchBench.store(products),
        all.slice(from, from + 5000),
      );
    }
    // A cheap phone: every script on the page runs 4× slower.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const firstSearchMs = await page.evaluate(() =>
      (globalThis as unknown as { searchBench: Harness }).searchBench.firstSearch('sugar'),
    );
    const list = queries();
    // Warm-up: the engine compiles the search before it is timed, as on a till in use.
    await page.evaluate(
      (q) => (globalThis as unknown as { searchBench: Harness }).searchBench.run(q),
      list.slice(0, 30),
    );
    const times = await page.evaluate(
      (q) => (globalThis as unknown as { searchBench: Harness }).searchBench.run(q),
      list,
    );
    const sorted = [...times].sort((a, b) => a - b);
    const total = times.reduce((sum, ms) => sum + ms, 0);
    return {
      firstSearchMs: round(firstSearchMs),
      measured: {
        scenario: `offline search: ${PRODUCTS.toLocaleString('en')} products, CPU ${CPU_SLOWDOWN}× slower`,
        connections: 1,
        requests: times.length,
        rps: Math.round((times.length / total) * 1000),
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        errors: 0,
        statuses: {},
      },
    };
  } finally {
    server.close();
    await browser.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
