/**
 * npm run bench: HTTP load on the paths every page view pays for — the session check
 * (GET /api/auth/me) and the store list — against a real server on a fresh embedded database.
 * Bounded in time, loopback only. Results go to bench/results/<date>.json (ignored by git).
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_PORT ?? 4310);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const base = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '../..');

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy in time');
}

/** Sign in as the demo cashier and return the cookie header and CSRF token a browser would hold. */
async function signIn() {
  const first = await fetch(`${base}/api/auth/csrf-token`);
  const seed = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { token } = (await first.json()) as { token: string };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: seed },
    body: JSON.stringify({ email: 'cashier@duka.test', password: 'duka-demo-1234' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = [seed, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  const fresh = await fetch(`${base}/api/auth/csrf-token`, { headers: { cookie } });
  return { cookie, csrf: ((await fresh.json()) as { token: string }).token };
}

function load(title: string, url: string, headers: Record<string, string>) {
  return autocannon({ title, url, connections: CONNECTIONS, duration: SECONDS, headers });
}

const dataDir = path.join(os.tmpdir(), `duka-bench-${process.pid}`);
// node itself (not npx), so that stopping it stops the server and not only a wrapper.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitForHealth(Date.now() + 60_000);
  const { cookie, csrf } = await signIn();
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
  server.kill('SIGTERM');
}
