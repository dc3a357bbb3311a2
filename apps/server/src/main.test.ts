import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  linesOf,
  MAIN_SCRIPT,
  runScript,
  SERVER_DIR,
  type SpawnOptions,
} from './testing/processes';

// Root writes into read-only folders anyway: run the server as `nobody` for those cases.
const asUnprivileged: Pick<SpawnOptions, 'uid'> = process.getuid?.() === 0 ? { uid: 65534 } : {};
// As `nobody` the checkout must be readable (a clone under /root is not): else a read-only
// folder cannot be shown to this machine's server at all, and those two cases do not apply.
const canRunUnprivileged =
  spawnSync(process.execPath, ['--import', 'tsx', '-e', '0'], {
    cwd: SERVER_DIR,
    ...asUnprivileged,
    stdio: 'ignore',
  }).status === 0;

const root = mkdtempSync(path.join(os.tmpdir(), 'duka-start-'));
chmodSync(root, 0o755);
afterAll(() => {
  chmodSync(path.join(root, 'read-only'), 0o755);
  rmSync(root, { recursive: true, force: true });
});

/** Starts the server and expects it to stop at once with exactly `line` on stderr. */
async function expectRefusal(
  env: Record<string, string>,
  line: string,
  options: SpawnOptions = {},
) {
  const result = await runScript(MAIN_SCRIPT, { ...options, env: { PORT: '1', ...env } });
  expect(result.code).not.toBe(0);
  expect(result.code).not.toBeNull();
  expect(linesOf(result.stderr)).toEqual([line]);
}

describe('start-up errors are one line and a non-zero exit', { timeout: 90_000 }, () => {
  const readOnly = path.join(root, 'read-only');
  mkdirSync(readOnly);
  chmodSync(readOnly, 0o555);
  const aFile = path.join(root, 'a-file');
  writeFileSync(aFile, 'not a folder');

  it.runIf(canRunUnprivileged)('a DATA_DIR that is read-only', async () => {
    await expectRefusal(
      { DATA_DIR: readOnly },
      `DATA_DIR ${readOnly} cannot be written: it is read-only for this user: permission denied (EACCES)`,
      asUnprivileged,
    );
  });

  it('a DATA_DIR that is a file', async () => {
    await expectRefusal({ DATA_DIR: aFile }, `DATA_DIR ${aFile} is a file, not a folder`);
  });

  it.runIf(canRunUnprivileged)(
    'a DATA_DIR under a read-only folder cannot be created',
    async () => {
      const underReadOnly = path.join(readOnly, 'data');
      await expectRefusal(
        { DATA_DIR: underReadOnly },
        `DATA_DIR ${underReadOnly} cannot be created: permission denied (EACCES)`,
        asUnprivileged,
      );
    },
  );

  it('a DATA_DIR under a file cannot be created', async () => {
    const underFile = path.join(aFile, 'data');
    await expectRefusal(
      { DATA_DIR: underFile },
      `DATA_DIR ${underFile} cannot be created: a part of the path is a file, not a folder (ENOTDIR)`,
    );
  });

  it('an invalid configuration names the variable', async () => {
    await expectRefusal(
      { DATA_DIR: path.join(root, 'data'), SESSION_SECRET: 'short' },
      'Invalid configuration: SESSION_SECRET: SESSION_SECRET must be at least 16 characters',
    );
  });

  it('an unreachable DATABASE_URL, its password hidden', async () => {
    // Port 1 on the loopback: nothing listens, the connection is refused at once.
    await expectRefusal(
      { DATABASE_URL: 'postgres://duka:hunter2@127.0.0.1:1/duka' },
      'DATABASE_URL postgres://duka:***@127.0.0.1:1/duka cannot be reached: connection refused (ECONNREFUSED)',
    );
  });
});
