/**
 * What every bench scenario needs: a real server (apps/server/src/main.ts) as a child process
 * on a database of its own, and a signed-in demo account's cookie and CSRF token.
 */
import { spawn } from 'node:child_process';
import { root, type BenchTarget } from './options';

export interface BenchServer {
  base: string;
  /** Stops the server; resolves once it has exited (and let go of its database). */
  stop(): Promise<void>;
}

async function waitForHealth(base: string, deadline: number) {
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

/**
 * Start the production server (NODE_ENV=production, no demo seed) on `port`, on the bench
 * database: DATABASE_URL, or PGlite in the target's DATA_DIR. Request logs are off (LOG_LEVEL
 * warn): the figures are the server's, not its log serialiser's. Resolves once /api/health
 * answers.
 */
export async function startServer(port: number, target: BenchTarget): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
  };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = target.dataDir;
  }
  // node itself (not npx), so that stopping it stops the server and not only a wrapper.
  // BENCH_NODE_ARGS passes flags to the server's node alone, to profile it under load:
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench -- --scenarios grid
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(base, Date.now() + 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** Sign in as a demo account; the cookie header and CSRF token a browser would hold. */
export async function signIn(base: string, email: string) {
  const first = await fetch(`${base}/api/auth/csrf-token`);
  const seed = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { token } = (await first.json()) as { token: string };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: seed },
    body: JSON.stringify({ email, password: 'duka-demo-1234' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = [seed, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  const fresh = await fetch(`${base}/api/auth/csrf-token`, { headers: { cookie } });
  return { cookie, csrf: ((await fresh.json()) as { token: string }).token };
}
