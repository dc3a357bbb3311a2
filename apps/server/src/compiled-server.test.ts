/**
 * The production server as compiled JavaScript (issue 27): scripts/build.mjs bundles it into a
 * temporary apps/server/dist laid out like the checkout (a built web app at ../../web/dist), and
 * the compiled dist/main.js, run by plain node (no tsx), migrates and seeds an embedded database,
 * serves the web app and signs the demo account in; the compiled scripts beside it work too.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-seed';
import { linesOf, runScript, SERVER_DIR, startServer } from './testing/processes';

interface BuildModule {
  SERVER_ENTRY_POINTS: Record<string, string>;
  buildServer: (options: { outdir: string }) => Promise<Metafile>;
}
const { SERVER_ENTRY_POINTS, buildServer } = (await import(
  pathToFileURL(path.join(SERVER_DIR, 'scripts/build.mjs')).href
)) as BuildModule;

const packageJson = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** 'drizzle-orm/pglite' → 'drizzle-orm', '@fastify/static' → '@fastify/static'. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

const root = mkdtempSync(path.join(os.tmpdir(), 'duka-compiled-'));
const distDir = path.join(root, 'apps/server/dist');
const webDistDir = path.join(root, 'apps/web/dist');
const dataDir = path.join(root, 'data');
let metafile: Metafile;

beforeAll(async () => {
  // The checkout's installed packages where a checkout (or the image) has them.
  const repoRoot = path.resolve(SERVER_DIR, '../..');
  mkdirSync(path.join(root, 'apps/server'), { recursive: true });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  if (existsSync(path.join(SERVER_DIR, 'node_modules')))
    symlinkSync(path.join(SERVER_DIR, 'node_modules'), path.join(root, 'apps/server/node_modules'));
  mkdirSync(webDistDir, { recursive: true });
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Duka built</title>');
  metafile = await buildServer({ outdir: distDir });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the compiled server (npm run build)', { timeout: 240_000 }, () => {
  it('bundles @duka/shared and imports only Node and its production dependencies', () => {
    const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
    expect(outputs.map(([file]) => path.basename(file)).sort()).toEqual(
      Object.keys(SERVER_ENTRY_POINTS)
        .map((name) => `${name}.js`)
        .sort(),
    );
    const external = new Set(
      outputs.flatMap(([, output]) => output.imports.filter((i) => i.external).map((i) => i.path)),
    );
    const builtins = new Set(builtinModules);
    const packages = [...external]
      .filter((specifier) => !specifier.startsWith('node:') && !builtins.has(specifier))
      .map(packageOf);
    expect(packages).not.toContain('@duka/shared');
    // Whatever the bundles import must be installed by `npm ci --omit=dev` (the image).
    expect(packages.filter((name) => !(name in packageJson.dependencies))).toEqual([]);
    expect(
      Object.keys(metafile.inputs).some((input) => input.includes('packages/shared/src')),
    ).toBe(true);
  });

  it('starts with plain node: migrates, seeds, serves the web app, signs in; SIGTERM ends it', async () => {
    const server = await startServer(
      { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
      path.join(distDir, 'main.js'),
    );
    try {
      await server.ready;
      const base = `http://127.0.0.1:${server.port}`;

      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      // config.ts's ../../web/dist found from dist/ as from src/.
      expect(await (await fetch(`${base}/`)).text()).toContain('Duka built');

      // The same DATA_DIR while it runs: the compiled check refuses in one line.
      const check = await runScript(path.join(distDir, 'check-data-dir.js'), {
        env: { DATA_DIR: dataDir },
      });
      expect(check.code).toBe(1);
      expect(linesOf(check.stderr)).toHaveLength(1);
      expect(check.stderr).toContain('is in use by another Duka process');

      const csrf = await fetch(`${base}/api/auth/csrf-token`);
      const { token } = (await csrf.json()) as { token: string };
      const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
      const account = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': token,
          cookie: cookies.join('; '),
        },
        body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      // As the web app does after signing in: a token bound to the session, then who am I.
      const session = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const sessionCsrf = await fetch(`${base}/api/auth/csrf-token`, {
        headers: { cookie: session },
      });
      const { token: sessionToken } = (await sessionCsrf.json()) as { token: string };
      const me = await fetch(`${base}/api/auth/me`, {
        headers: { cookie: session, 'x-csrf-token': sessionToken },
      });
      expect(me.status).toBe(200);
      expect(JSON.stringify(await me.json())).toContain(account.email);
    } finally {
      server.child.kill('SIGTERM');
    }
    const ended = await server.ended;
    expect(ended.code).toBe(0);
    expect(ended.stdout).toContain('Seeded the demo store');

    // Every migration (copied into dist/migrations) was applied.
    const journal = JSON.parse(
      readFileSync(path.join(SERVER_DIR, 'src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const database = await openPglite(dataDir);
    try {
      const applied: unknown = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((applied as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await database.close();
    }

    // The image has no tsx: `backup` and `restore` run compiled too, the server stopped.
    const backupDir = path.join(root, 'backups');
    const backup = await runScript(path.join(distDir, 'backup.js'), {
      env: { DATA_DIR: dataDir, BACKUP_DIR: backupDir },
    });
    expect(backup.code, backup.stderr).toBe(0);
    const file = /Backup written: (\S+\.tar\.gz)/.exec(backup.stdout)?.[1];
    expect(file, backup.stdout).toBeDefined();
    const restore = await runScript(path.join(distDir, 'restore.js'), {
      env: { DATA_DIR: path.join(root, 'restored'), UPLOAD_DIR: path.join(root, 'photos') },
      args: [file!],
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('every count and sum equal');
  });
});
