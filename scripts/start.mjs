// npm start: build the web app when its build is missing or stale (web-build-freshness.mjs),
// then run the server. A restart on a built checkout skips the Vite build. The server runs as
// a direct child (node --import tsx), not through another npm: a start-up failure stays the
// server's one line, without npm's lifecycle error block under it.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { webBuildStaleReason } from './web-build-freshness.mjs';

const rootDir = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const shell = process.platform === 'win32';

const serverDir = path.join(rootDir, 'apps/server');
/** Runs a server script as a direct child (node --import tsx), with the terminal's streams. */
function serverScript(script) {
  return [process.execPath, ['--import', 'tsx', script], { cwd: serverDir, stdio: 'inherit' }];
}

const staleReason = webBuildStaleReason(rootDir);
if (staleReason) {
  // A server already running on this DATA_DIR: refuse now, not after rebuilding its files.
  const check = spawnSync(...serverScript('src/scripts/check-data-dir.ts'));
  if (check.status !== 0) process.exit(check.status ?? 1);
  console.log(`Building the web app (${staleReason})…`);
  const build = spawnSync(npm, ['run', 'build', '-w', '@duka/web'], {
    cwd: rootDir,
    stdio: 'inherit',
    shell,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('The web app is built and up to date.');
}

const server = spawn(...serverScript('src/main.ts'));
// Ctrl-C reaches the whole process group; a service manager's SIGTERM reaches only us.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
