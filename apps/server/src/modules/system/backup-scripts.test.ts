/**
 * `npm run backup` and `npm run restore` as the real child processes an owner runs (issue 27),
 * on the embedded database: nothing to back up in an empty folder; a backup written; a running
 * server holding DATA_DIR answered in one line (use the System page); a restore into an empty
 * folder, the same restore refused in one line once the folder holds a database, then --force.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { buildStore } from '../../testing/factories';
import { linesOf, runScript, startServer } from '../../testing/processes';

const BACKUP_SCRIPT = 'src/scripts/backup.ts';
const RESTORE_SCRIPT = 'src/scripts/restore.ts';

let root: string;
const env = (name: string) => ({
  DATA_DIR: path.join(root, name),
  BACKUP_DIR: path.join(root, 'backups'),
  BACKUP_NIGHTLY: '0',
  SEED_DEMO: '0',
});

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'duka-backup-scripts-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('back up, refuse beside a running server, restore, refuse a full folder, --force', async () => {
    const empty = await runScript(BACKUP_SCRIPT, { env: env('empty') });
    expect(empty.code).toBe(1);
    expect(linesOf(empty.stderr)).toEqual([
      `DATA_DIR ${path.join(root, 'empty')} holds no database yet: nothing to back up`,
    ]);

    const shop = env('shop');
    const handle = await openPglite(shop.DATA_DIR);
    try {
      await handle.migrate();
      await buildStore(handle.db, 'Script Duka');
    } finally {
      await handle.close();
    }
    await mkdir(path.join(shop.DATA_DIR, 'uploads', 'products', '1'), { recursive: true });
    const photo = Buffer.from('RIFF-not-really-a-webp');
    await writeFile(path.join(shop.DATA_DIR, 'uploads', 'products', '1', 'a.webp'), photo);

    const made = await runScript(BACKUP_SCRIPT, { env: shop });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const [line] = linesOf(made.stdout).filter((l) => l.startsWith('Backup written: '));
    const file = /^Backup written: (\S+\.tar\.gz) \(/.exec(line ?? '')?.[1];
    expect(file, made.stdout).toBeDefined();
    expect(path.dirname(file!)).toBe(shop.BACKUP_DIR);
    expect(existsSync(`${file!}.sha256`)).toBe(true);

    // The server holds DATA_DIR: one line sends the owner to the System page.
    const server = await startServer(shop);
    try {
      await server.ready;
      const beside = await runScript(BACKUP_SCRIPT, { env: shop });
      expect(beside.code).toBe(1);
      expect(linesOf(beside.stderr)).toEqual([
        `DATA_DIR ${shop.DATA_DIR} is in use by another Duka process (one process per data folder); the server is running: use "Back up now" on its System page, or stop it and run npm run backup again`,
      ]);
    } finally {
      server.child.kill('SIGTERM');
      await server.ended;
    }

    const copy = env('copy');
    const restored = await runScript(RESTORE_SCRIPT, { env: copy, args: [file!] });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(linesOf(restored.stdout).at(-1)).toMatch(
      new RegExp(
        `^Restored ${path.basename(file!)} \\(made .+\\) into DATA_DIR ${copy.DATA_DIR}: \\d+ tables, \\d+ rows and 1 photos, every count and sum equal to the backup's\\.$`,
      ),
    );
    expect(await readFile(path.join(copy.DATA_DIR, 'uploads', 'products', '1', 'a.webp'))).toEqual(
      photo,
    );

    const again = await runScript(RESTORE_SCRIPT, { env: copy, args: [file!] });
    expect(again.code).toBe(1);
    expect(linesOf(again.stderr)).toEqual([
      `DATA_DIR ${copy.DATA_DIR} already holds a database: restore only into an empty data folder, or add --force to replace it (the old one is kept beside it)`,
    ]);
    const forced = await runScript(RESTORE_SCRIPT, { env: copy, args: [file!, '--force'] });
    expect(forced.code).toBe(0);
    expect(linesOf(forced.stdout).at(-1)).toMatch(
      /^The database it replaced is kept in .*pglite\.replaced-\d{8}T\d{9}Z\.$/,
    );

    const usage = await runScript(RESTORE_SCRIPT, { env: copy });
    expect(usage.code).toBe(1);
    expect(linesOf(usage.stderr)).toEqual(['Usage: npm run restore -- FILE [--force]']);
  }, 240_000);
});
