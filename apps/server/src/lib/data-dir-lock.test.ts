import { existsSync, linkSync, mkdtempSync, rmSync, statSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECK_DATA_DIR_SCRIPT,
  CREATE_ADMIN_SCRIPT,
  linesOf,
  MAIN_SCRIPT,
  runScript,
  startServer,
  type RunningServer,
} from '../testing/processes';
import {
  DataDirInUseError,
  LOCK_FILE_NAME,
  lockDataDir,
  requestFromLockHolder,
} from './data-dir-lock';

const folders: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'duka-lock-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** What a process killed by a power cut leaves behind: a socket file nobody listens on. */
async function leaveStaleLock(dataDir: string): Promise<void> {
  const bound = path.join(dataDir, 'dead.sock');
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(bound, resolve));
  linkSync(bound, path.join(dataDir, LOCK_FILE_NAME));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (existsSync(bound)) unlinkSync(bound);
}

describe('DATA_DIR lock, in one process', () => {
  it('refuses a second holder until the first releases', async () => {
    const dataDir = tempDir();
    const first = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another Duka process`,
    );
    await first.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const again = await lockDataDir(dataDir);
    await again.release();
  });

  it('answers one request line through its handler; a silent connection never holds up release', async () => {
    const dataDir = tempDir();
    const lock = await lockDataDir(dataDir);
    await expect(requestFromLockHolder(dataDir, 'backup')).resolves.toEqual({
      error: 'The server is still starting: try again in a moment',
    });
    lock.answer(async (command) => ({ heard: command }));
    await expect(requestFromLockHolder(dataDir, 'backup')).resolves.toEqual({ heard: 'backup' });
    // A connection that sends nothing (another process's probe, or a stuck client).
    const silent = net.connect(path.join(dataDir, LOCK_FILE_NAME));
    await new Promise((resolve) => silent.once('connect', resolve));
    const closed = new Promise((resolve) => silent.once('close', resolve));
    silent.on('error', () => undefined);
    const started = Date.now();
    await lock.release();
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(requestFromLockHolder(dataDir, 'backup')).rejects.toThrow(
      /^The server did not answer: /,
    );
  });

  it('creates a missing DATA_DIR', async () => {
    const dataDir = path.join(tempDir(), 'new', 'data');
    const lock = await lockDataDir(dataDir);
    expect(statSync(dataDir).isDirectory()).toBe(true);
    await lock.release();
  });

  it('clears a stale lock, and of several takers racing for it exactly one wins', async () => {
    const dataDir = tempDir();
    await leaveStaleLock(dataDir);
    expect(statSync(path.join(dataDir, LOCK_FILE_NAME)).isSocket()).toBe(true);

    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, () => lockDataDir(dataDir)),
    );
    const winners = attempts.filter((a) => a.status === 'fulfilled');
    const losers = attempts.filter((a) => a.status === 'rejected');
    expect(winners).toHaveLength(1);
    for (const loser of losers) expect(loser.reason).toBeInstanceOf(DataDirInUseError);
    for (const winner of winners) await winner.value.release();
  });

  it.runIf(process.platform === 'linux')(
    'locks a DATA_DIR too long for a socket path as well (abstract socket)',
    async () => {
      const dataDir = path.join(tempDir(), 'a-rather-long-folder-name'.repeat(5));
      const first = await lockDataDir(dataDir);
      await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
      await first.release();
      await (await lockDataDir(dataDir)).release();
    },
  );
});

describe('one process per DATA_DIR (real processes)', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.ended;
    }
    server = undefined;
  });

  it('a second server or create-admin is refused in one line; a killed server leaves no block', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, SEED_DEMO: '0' };
    server = await startServer(env);
    await server.ready;

    const second = await runScript(MAIN_SCRIPT, { env: { ...env, PORT: '1' } });
    expect(second.code).not.toBe(0);
    expect(linesOf(second.stderr)).toEqual([
      `DATA_DIR ${dataDir} is in use by another Duka process (one process per data folder)`,
    ]);

    const admin = await runScript(CREATE_ADMIN_SCRIPT, {
      env,
      args: ['--email', 'owner@shop.test', '--name', 'Jane Owner', '--store', 'Jane Duka'],
    });
    expect(admin.code).not.toBe(0);
    expect(linesOf(admin.stderr)).toEqual([
      `DATA_DIR ${dataDir} is in use by another Duka process (one process per data folder); stop the server first, or create the account on /users`,
    ]);

    // npm start asks before it rebuilds the web app: refused too, before any build.
    const check = await runScript(CHECK_DATA_DIR_SCRIPT, { env });
    expect(check.code).not.toBe(0);
    expect(linesOf(check.stderr)).toEqual([
      `DATA_DIR ${dataDir} is in use by another Duka process (one process per data folder)`,
    ]);

    // The first server was not disturbed.
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);

    // Power cut: the server dies without cleaning up; its lock file stays behind.
    server.child.kill('SIGKILL');
    await server.ended;
    expect(statSync(path.join(dataDir, LOCK_FILE_NAME)).isSocket()).toBe(true);

    const afterCrash = await runScript(CREATE_ADMIN_SCRIPT, {
      env,
      args: ['--email', 'owner@shop.test', '--name', 'Jane Owner', '--store', 'Jane Duka'],
    });
    expect(afterCrash.stderr).toBe('');
    expect(afterCrash.code).toBe(0);
    expect(afterCrash.stdout).toMatch(/^Created admin owner@shop\.test/);
    // create-admin let go of the lock when it finished; so does the check.
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    expect((await runScript(CHECK_DATA_DIR_SCRIPT, { env })).code).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    server = await startServer(env);
    await server.ready;
    server.child.kill('SIGTERM');
    expect((await server.ended).code).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 240_000);
});
