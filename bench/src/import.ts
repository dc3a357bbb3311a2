/**
 * npm run bench:import -w @duka/bench: a shop moving from a spreadsheet imports 5,000 products
 * (issue 6: in under 10 s). Builds the CSV, starts the server on a fresh embedded database —
 * and on DATABASE_URL too when it is set — signs in as the demo manager and times, over HTTP,
 * the preview (nothing written), the commit (one transaction), a second commit of the same
 * file (5,000 updates) and the export. Prints the timings; exits 1 when the import misbehaves
 * or takes longer than the target.
 *
 *   BENCH_IMPORT_ROWS=5000 npm run bench:import -w @duka/bench
 */
import { signIn, startServer } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 4311);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const TARGET_MS = 10_000;

const UNITS = ['piece', 'pack', 'dozen'] as const;
const CATEGORIES = ['Unga', 'Sukari', 'Maziwa', 'Mafuta', 'Sabuni', 'Vinywaji', 'Biskuti'];

/** A catalogue of `rows` products under a prefix of its own (a shared database may hold others). */
function buildCsv(rows: number, prefix: string): string {
  const lines = [
    'sku,name,description,barcode,category,piece_buying_price,piece_selling_price,' +
      'pack_buying_price,pack_selling_price,dozen_buying_price,dozen_selling_price,' +
      'pack_size,stock_unit,quantity,min_quantity,is_active',
  ];
  for (let i = 1; i <= rows; i += 1) {
    const cost = 20 + (i % 500);
    lines.push(
      [
        `${prefix}-${i}`,
        `"Bidhaa ${i}, ${CATEGORIES[i % CATEGORIES.length]}"`,
        `Imported line ${i}`,
        String(6_161_000_000_000 + i),
        CATEGORIES[i % CATEGORIES.length],
        cost.toFixed(2),
        (cost * 1.2).toFixed(2),
        (cost * 6).toFixed(2),
        (cost * 7).toFixed(2),
        (cost * 12).toFixed(2),
        (cost * 14).toFixed(2),
        '6',
        UNITS[i % UNITS.length],
        String(i % 50),
        '5',
        'true',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface Timing {
  database: string;
  step: string;
  ms: number;
  status: number;
  created?: number;
  updated?: number;
  errors?: number;
}

async function scenario(database: string, databaseUrl?: string): Promise<Timing[]> {
  const server = await startServer(PORT, databaseUrl);
  try {
    const { cookie, csrf } = await signIn(server.base, 'manager@duka.test');
    const csv = buildCsv(ROWS, `BENCH${Date.now().toString(36).toUpperCase()}`);
    const timings: Timing[] = [];
    const run = async (step: string, commit: boolean) => {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/products/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: JSON.stringify({ csv, commit }),
      });
      const body = (await response.json()) as {
        data?: { created: number; updated: number; errors: unknown[] };
      };
      timings.push({
        database,
        step,
        ms: Math.round(performance.now() - started),
        status: response.status,
        created: body.data?.created,
        updated: body.data?.updated,
        errors: body.data?.errors.length,
      });
    };
    await run(`preview ${ROWS} rows`, false);
    await run(`commit ${ROWS} new products`, true);
    await run(`commit ${ROWS} updates (same file)`, true);
    const started = performance.now();
    const exported = await fetch(`${server.base}/api/products/export.csv`, { headers: { cookie } });
    const text = await exported.text();
    timings.push({
      database,
      step: `export (${text.split('\r\n').length - 2} products)`,
      ms: Math.round(performance.now() - started),
      status: exported.status,
    });
    return timings;
  } finally {
    server.stop();
  }
}

const timings = await scenario('PGlite (fresh)');
if (process.env.DATABASE_URL) {
  timings.push(...(await scenario('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL)));
}
console.table(timings);
const failed = timings.filter(
  (t) =>
    t.status !== 200 || (t.errors ?? 0) > 0 || (t.step.startsWith('commit') && t.ms > TARGET_MS),
);
if (failed.length > 0) {
  console.error(`failed or slower than ${TARGET_MS} ms:`, failed.map((t) => t.step).join('; '));
  process.exitCode = 1;
}
