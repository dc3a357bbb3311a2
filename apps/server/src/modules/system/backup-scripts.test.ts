/**
 * `npm run backup` and `npm run restore` as the real child processes an owner runs (issue 27),
 * on the embedded database: nothing to back up in an empty folder; a backup written; beside a
 * running server holding DATA_DIR, the server makes it (asked over the lock socket); a restore into an empty
 * folder, the same restore refused in one line once the folder holds a database, then --force.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { requestFromLockHolder } from '../../lib/data-dir-lock';
import { buildStore } from '../../testing/factories';
import { linesOf, runScript, startServer } from '../../testing/processes';
import { backups } from './backups.table';

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
  it('back up, back up through a running server, restore, refuse a full folder, --force', async () => {
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

    // The server holds DATA_DIR: npm run backup asks it over the lock socket, and it makes
    // the backup (trigger 'cli'); anything but "backup" on that socket is refused.
    const server = await startServer(shop);
    let besideFile: string | undefined;
    try {
      await server.ready;
      const beside = await runScript(BACKUP_SCRIPT, { env: shop });
      expect(beside.stderr).toBe('');
      expect(beside.code).toBe(0);
      const lines = linesOf(beside.stdout);
      expect(lines[0]).toBe('The running server made the backup.');
      besideFile = /^Backup written: (\S+\.tar\.gz) \(\d+\.\d MB, SHA-256 ([0-9a-f]{64})\)$/.exec(
        lines[1] ?? '',
      )?.[1];
      expect(besideFile, beside.stdout).toBeDefined();
      expect(path.dirname(besideFile!)).toBe(shop.BACKUP_DIR);
      expect(besideFile).not.toBe(file);
      const checksum = lines[1]!.slice(-65, -1);
      expect(await readFile(`${besideFile!}.sha256`, 'utf8')).toBe(
        `${checksum}  ${path.basename(besideFile!)}\n`,
      );
      expect(await requestFromLockHolder(shop.DATA_DIR, 'restore')).toEqual({
        error: 'Unknown request "restore": only "backup" is answered',
      });
    } finally {
      server.child.kill('SIGTERM');
      await server.ended;
    }
    // Made by the server, recorded by it as the command line's.
    const check = await openPglite(shop.DATA_DIR);
    try {
      const rows = await check.db.select().from(backups).orderBy(backups.id);
      expect(rows.map((row) => [row.trigger, row.state, row.fileName])).toEqual([
        ['cli', 'succeeded', path.basename(file!)],
        ['cli', 'succeeded', path.basename(besideFile!)],
      ]);
    } finally {
      await check.close();
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
