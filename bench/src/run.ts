/**
 * npm run bench: HTTP load on the paths every page view pays for — the session check
 * (GET /api/auth/me) and the store list — against a real server on a fresh embedded database.
 * Bounded in time, loopback only. Results go to bench/results/<date>.json (ignored by git).
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, signIn, startServer } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 4310);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function load(title: string, url: string, headers: Record<string, string>) {
  return autocannon({ title, url, connections: CONNECTIONS, duration: SECONDS, headers });
}

const server = await startServer(PORT);
const base = server.base;

try {
  const { cookie, csrf } = await signIn(base, 'cashier@duka.test');
  const results = [
    await load('GET /api/health', `${base}/api/health`, {}),
    await load('GET /api/auth/me (session check)', `${base}/api/auth/me`, {
      cookie,
      'x-csrf-token': csrf,
    }),
    await load('GET /api/stores (signed in)', `${base}/api/stores`, { cookie }),
  ];
  const summary = results.map((r) => ({
    title: r.title,
    requestsPerSecond: r.requests.average,
    latencyP50ms: r.latency.p50,
    latencyP99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  }));
  console.table(summary);
  const outDir = path.join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, summary }, null, 2),
  );
  console.log(`written ${path.relative(root, file)}`);
  if (summary.some((s) => s.non2xx > 0 || s.errors > 0)) process.exitCode = 1;
} finally {
  server.stop();
}
