/**
 * The offline till's scenarios (issue 22), one device at a time, as a till does them:
 *
 * - first download: GET /api/sync/products from no cursor, pages of 5,000, following the cursor
 *   while has_more — the bytes on the wire (brotli, as a browser over HTTPS accepts; gzip too)
 *   and the seconds from the first request to the last page parsed;
 * - delta of 100: 100 products changed through the API (a price each), then the delta from the
 *   download's cursor, asked 30 times — its latency;
 * - upload of 500: 500 offline sales (3 lines each, as the till keeps them) sent through
 *   POST /api/sales/sync in batches of 100, oldest first — sales per second.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Measured } from './budgets';

interface Account {
  cookie: string;
  csrf: string;
}

interface SyncProduct {
  id: number;
  piece_selling_price: number;
  stock_pieces: number;
  kind: string;
  is_active: boolean;
}

interface ProductsPage {
  products: SyncProduct[];
  deleted: number[];
  cursor: string;
  has_more: boolean;
}

/** A GET as a browser sends it, read raw: the compressed bytes, then the parsed JSON. */
function getRaw(
  base: string,
  path: string,
  account: Account,
  encoding: string,
): Promise<{ status: number; wireBytes: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}${path}`,
      { headers: { cookie: account.cookie, 'accept-encoding': encoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const coding = response.headers['content-encoding'];
          const text =
            coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
          try {
            resolve({
              status: response.statusCode ?? 0,
              wireBytes: raw.length,
              json: JSON.parse(text.toString('utf8')),
            });
          } catch (error) {
            reject(new Error(`GET ${path}: ${response.statusCode} ${String(error)}`));
          }
        });
      },
    );
    request.on('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Every page from no cursor; what came, how many bytes, how long. */
export async function download(base: string, account: Account, encoding: string) {
  const products = new Map<number, SyncProduct>();
  let cursor: string | undefined;
  let wireBytes = 0;
  let pages = 0;
  let failed = 0;
  const started = performance.now();
  for (;;) {
    const query = `limit=5000${cursor ? `&since=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await getRaw(base, `/api/sync/products?${query}`, account, encoding);
    if (answer.status !== 200) {
      failed += 1;
      break;
    }
    const page = answer.json as ProductsPage;
    wireBytes += answer.wireBytes;
    pages += 1;
    for (const product of page.products) products.set(product.id, product);
    for (const id of page.deleted) products.delete(id);
    cursor = page.cursor;
    if (!page.has_more) break;
  }
  return { products, cursor: cursor!, wireBytes, pages, failed, ms: performance.now() - started };
}

export async function firstDownload(
  base: string,
  account: Account,
): Promise<{ rows: Measured[]; products: SyncProduct[]; cursor: string }> {
  const rows: Measured[] = [];
  // gzip first (what a browser accepts over plain HTTP), then brotli (over HTTPS): the second
  // run is the one measured for time, the server's caches as warm as a real till's would be.
  const gzip = await download(base, account, 'gzip, deflate');
  const br = await download(base, account, 'gzip, deflate, br');
  for (const [label, run] of [
    ['gzip', gzip],
    ['brotli', br],
  ] as const) {
    const mb = (run.wireBytes / 1_000_000).toFixed(2);
    console.log(
      `sync: first download (${label}): ${run.products.size} products in ${run.pages} pages, ` +
        `${mb} MB on the wire, ${(run.ms / 1000).toFixed(2)} s`,
    );
    rows.push({
      scenario: `sync: first download, ${run.products.size} products (${label})`,
      connections: 1,
      requests: run.pages,
      rps: 0,
      p50: round(run.ms),
      p95: round(run.ms),
      p99: round(run.ms),
      errors: run.failed,
      statuses: { 200: run.pages },
      bytes: run.wireBytes,
    });
  }
  return { rows, products: [...br.products.values()], cursor: br.cursor };
}

/** 100 products get a new price through the API; then the delta, asked `times` times. */
export async function deltaOf100(
  base: string,
  manager: Account,
  cashier: Account,
  products: SyncProduct[],
  cursor: string,
  times = 30,
): Promise<Measured> {
  const changed = products.filter((product) => product.kind === 'goods').slice(0, 100);
  let failed = 0;
  for (const product of changed) {
    const response = await fetch(`${base}/api/products/${product.id}`, {
      method: 'PUT',
      headers: {
        cookie: manager.cookie,
        'x-csrf-token': manager.csrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ piece_selling_price: product.piece_selling_price + 1 }),
    });
    if (!response.ok) failed += 1;
    await response.arrayBuffer();
  }
  const latencies: number[] = [];
  let answered = 0;
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    const answer = await getRaw(
      base,
      `/api/sync/products?since=${encodeURIComponent(cursor)}&limit=5000`,
      cashier,
      'gzip, deflate, br',
    );
    latencies.push(round(performance.now() - started));
    const page = answer.json as ProductsPage;
    if (answer.status !== 200 || page.has_more) failed += 1;
    answered = page.products.length;
  }
  latencies.sort((a, b) => a - b);
  const row: Measured = {
    scenario: 'sync: delta of 100 changed products',
    connections: 1,
    requests: times,
    rps: 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: failed + (answered < changed.length ? 1 : 0),
    statuses: { 200: times },
  };
  console.log(
    `sync: delta answered ${answered} products (100 changed): p50 ${row.p50} ms p95 ${row.p95} ms`,
  );
  return row;
}

/**
 * 500 offline sales of 3 lines (products with stock to spare, so none needs review), made over
 * the last hour on device 1, sent oldest first in batches of 100. Each result must be 'created'.
 */
export async function uploadOf500(
  base: string,
  cashier: Account,
  products: SyncProduct[],
  walkInId: number,
): Promise<Measured> {
  // Not the products the delta repriced: the device's copy (its prices) is from before.
  const pool = products
    .slice(1000)
    .filter(
      (product) => product.kind === 'goods' && product.is_active && product.stock_pieces >= 100,
    );
  const pick = () => pool[Math.floor(Math.random() * pool.length)]!;
  const now = Date.now();
  const sales = Array.from({ length: 500 }, (_, i) => {
    const lines = [pick(), pick(), pick()].map((product) => ({
      product_id: product.id,
      quantity: 1,
      unit_type: 'piece',
      unit_price: product.piece_selling_price,
      total: product.piece_selling_price,
    }));
    const cents = lines.reduce((sum, line) => sum + Math.round(line.unit_price * 100), 0);
    return {
      client_sale_id: randomUUID(),
      sold_at: new Date(now - (500 - i) * 7_000).toISOString(),
      offline: true,
      device_receipt_number: `T1-${String(i + 1).padStart(4, '0')}`,
      items: lines,
      total: cents / 100,
      customer_id: walkInId,
      payment_method: 'cash',
    };
  });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let failed = 0;
  const started = performance.now();
  for (let at = 0; at < sales.length; at += 100) {
    const batch = sales.slice(at, at + 100);
    const sent = performance.now();
    const response = await fetch(`${base}/api/sales/sync`, {
      method: 'POST',
      headers: {
        cookie: cashier.cookie,
        'x-csrf-token': cashier.csrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ sales: batch }),
    });
    const body = (await response.json()) as { results?: { status: string; message?: string }[] };
    latencies.push(round(performance.now() - sent));
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const refused = (body.results ?? []).filter((result) => result.status !== 'created');
    if (!response.ok || body.results?.length !== batch.length || refused.length > 0) {
      failed += 1;
      console.log(`sync: upload batch ${at / 100 + 1}: ${response.status}`, refused.slice(0, 3));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const row: Measured = {
    scenario: 'sync: upload of 500 offline sales (batches of 100)',
    connections: 1,
    requests: latencies.length,
    rps: Math.round(sales.length / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: failed,
    statuses,
  };
  console.log(
    `sync: upload of 500 sales: ${seconds.toFixed(2)} s, ${row.rps} sales/s ` +
      `(a batch of 100: p50 ${row.p50} ms)`,
  );
  return row;
}
