/**
 * What every bench scenario needs: a real server (apps/server/src/main.ts) as a child process
 * on a database of its own, and a signed-in demo account's cookie and CSRF token.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export interface BenchServer {
  base: string;
  stop(): void;
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
 * Start the server with the demo seed on `port`: on a fresh embedded database (PGlite in a new
 * temporary DATA_DIR), or on `databaseUrl` when given. Resolves once /api/health answers.
 */
export async function startServer(port: number, databaseUrl?: string): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = path.join(os.tmpdir(), `duka-bench-${process.pid}-${port}`);
  }
  // node itself (not npx), so that stopping it stops the server and not only a wrapper.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    server.kill('SIGTERM');
  };
  try {
    await waitForHealth(base, Date.now() + 60_000);
  } catch (error) {
    stop();
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
