// The production server as compiled JavaScript (issue 27): esbuild bundles each entry point
// (the server and the scripts a production install runs) into apps/server/dist/<name>.js —
// ESM for Node 20, @duka/shared bundled in (its TypeScript never runs in production), every
// package under node_modules left to Node (`packages: 'external'`), with source maps. tsx stays
// for `npm run dev` and the tests.
//
// dist/ sits at the same depth as src/, so what the code finds beside itself through
// import.meta.dirname resolves alike in both layouts: db/client.ts's `migrations` (copied to
// dist/migrations) and config.ts's `../../web/dist` (apps/web/dist from either).
//
//   node scripts/build.mjs           → apps/server/dist (built aside, then swapped in whole)
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST_DIR = path.join(SERVER_DIR, 'dist');
const SHARED_SRC_DIR = path.resolve(SERVER_DIR, '../../packages/shared/src');

/**
 * What is compiled: output name (dist/<name>.js) → source, relative to apps/server. Each is a
 * whole bundle of its own (no shared chunks), so import.meta.dirname is dist/ in every one.
 * Adding a script a production install runs is one line here.
 */
export const SERVER_ENTRY_POINTS = {
  main: 'src/main.ts',
  'create-admin': 'src/scripts/create-admin.ts',
  'check-data-dir': 'src/scripts/check-data-dir.ts',
  backup: 'src/scripts/backup.ts',
  restore: 'src/scripts/restore.ts',
};

/** Files the code reads beside itself at run time: source folder → folder in dist. */
const RUNTIME_FILES = { 'src/db/migrations': 'migrations' };

/**
 * `packages: 'external'` leaves every bare import to Node, the workspace package too; this
 * resolves @duka/shared/<path> as its package.json exports do ("./*": "./src/*.ts"), so it is
 * bundled instead.
 * @type {import('esbuild').Plugin}
 */
const bundleSharedPackage = {
  name: 'bundle-@duka/shared',
  setup(build) {
    build.onResolve({ filter: /^@duka\/shared\// }, (args) => {
      const subpath = args.path.slice('@duka/shared/'.length);
      const file = path.join(SHARED_SRC_DIR, `${subpath}.ts`);
      if (!existsSync(file)) return { errors: [{ text: `@duka/shared has no ${subpath}` }] };
      return { path: file };
    });
  },
};

/**
 * Compiles the server into `outdir` (created; files of the same names replaced).
 * @param {{ outdir: string, logLevel?: import('esbuild').LogLevel }} options
 * @returns {Promise<import('esbuild').Metafile>} what went into each bundle, and its imports
 */
export async function buildServer({ outdir, logLevel = 'warning' }) {
  // Imported here, not up front: a production install (npm ci --omit=dev) has no esbuild, and
  // scripts/start.mjs imports this module only to learn where dist is when it is up to date.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: SERVER_DIR,
    entryPoints: Object.entries(SERVER_ENTRY_POINTS).map(([out, source]) => ({
      in: source,
      out,
    })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [bundleSharedPackage],
    sourcemap: true,
    // Stack traces keep the source's names (Fastify's and pino's logs show them too).
    keepNames: true,
    metafile: true,
    logLevel,
  });
  for (const [source, target] of Object.entries(RUNTIME_FILES))
    cpSync(path.join(SERVER_DIR, source), path.join(outdir, target), { recursive: true });
  // The bundles are ES modules wherever dist is put (a temporary folder, an image's layer).
  writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  return result.metafile;
}

/**
 * Builds into a folder beside dist and swaps it in: a failed or interrupted build leaves the
 * previous dist whole, never half a build that looks finished (dist/main.js is the marker
 * scripts/web-build-freshness.mjs reads).
 */
export async function buildServerDist() {
  const staging = `${SERVER_DIST_DIR}.building-${process.pid}`;
  const previous = `${SERVER_DIST_DIR}.previous-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await buildServer({ outdir: staging });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(SERVER_DIST_DIR)) renameSync(SERVER_DIST_DIR, previous);
  renameSync(staging, SERVER_DIST_DIR);
  rmSync(previous, { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await buildServerDist();
    console.log(`Compiled the server into ${path.relative(process.cwd(), SERVER_DIST_DIR)}.`);
  } catch (error) {
    // esbuild has printed each error with its file and line already.
    if (!(error instanceof Error && 'errors' in error)) console.error(error);
    process.exit(1);
  }
}
