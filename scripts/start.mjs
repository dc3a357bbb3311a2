// npm start: compile the server and build the web app when either build is missing or stale
// (web-build-freshness.mjs), then run the compiled server (apps/server/dist/main.js, issue 27:
// production runs JavaScript, not TypeScript through tsx). A restart on a built checkout skips
// both builds. The server runs as a direct child (node), not through another npm: a start-up
// failure stays the server's one line, without npm's lifecycle error block under it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serverBuildStaleReason, webBuildStaleReason } from './web-build-freshness.mjs';

const rootDir = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const shell = process.platform === 'win32';

const serverDir = path.join(rootDir, 'apps/server');
const distDir = path.join(serverDir, 'dist');

/** Runs a compiled server script (dist/<name>.js) as a direct child, with the terminal's streams. */
function compiledScript(name) {
  return [
    process.execPath,
    ['--enable-source-maps', path.join(distDir, `${name}.js`)],
    { cwd: serverDir, stdio: 'inherit' },
  ];
}

const serverStale = serverBuildStaleReason(rootDir);
const webStale = webBuildStaleReason(rootDir);

if (serverStale || webStale) {
  // A server already running on this DATA_DIR: refuse now, not after rebuilding its files. The
  // compiled check when there is one (even an old one: it only takes the lock); before the first
  // build the TypeScript one, through tsx — the install that compiles has the dev dependencies.
  const check = existsSync(path.join(distDir, 'check-data-dir.js'))
    ? spawnSync(...compiledScript('check-data-dir'))
    : spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/check-data-dir.ts'], {
        cwd: serverDir,
        stdio: 'inherit',
      });
  if (check.status !== 0) process.exit(check.status ?? 1);
}

if (serverStale) {
  console.log(`Compiling the server (${serverStale})…`);
  const { buildServerDist } = await import('../apps/server/scripts/build.mjs');
  try {
    await buildServerDist();
  } catch (error) {
    // esbuild has printed each error with its file and line already.
    if (!(error instanceof Error && 'errors' in error)) console.error(error);
    process.exit(1);
  }
} else {
  console.log('The server is compiled and up to date.');
}

if (webStale) {
  console.log(`Building the web app (${webStale})…`);
  const build = spawnSync(npm, ['run', 'build', '-w', '@duka/web'], {
    cwd: rootDir,
    stdio: 'inherit',
    shell,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('The web app is built and up to date.');
}

const server = spawn(...compiledScript('main'));
// Ctrl-C reaches the whole process group; a service manager's SIGTERM reaches only us.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
