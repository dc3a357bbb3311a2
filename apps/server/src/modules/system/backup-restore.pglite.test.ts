/**
 * Backup → restore on the embedded database (issue 27): the demo shop on disk with its photos,
 * backed up, restored into an empty data folder — every table's rows and whole-number sums
 * equal, every photo byte-equal; a non-empty folder refused (and replaced with --force); a
 * file with one byte flipped refused by its checksum.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, TestClock } from '../../testing/create-test-app';
import { databaseClientOf, openPglite, type DatabaseHandle } from '../../db/client';
import { seedDemoIfEmpty } from '../../db/seed/demo-seed';
import { collectStats, totalRows, type DatabaseStats } from './backup-stats';
import { BACKUP_FILE_PATTERN } from './backup-manifest';
import { runBackup, type BackupRow } from './backup.service';
import { backups } from './backups.table';
import { restoreBackup } from './restore.service';
import { filesUnder } from '../../testing/files-under';

/** Every table's counts; `backups`, which gains the backup's own row, apart. */
async function statsOf(handle: DatabaseHandle): Promise<DatabaseStats> {
  const client = databaseClientOf(handle.db);
  if (client.driver !== 'pglite') throw new Error('expected PGlite');
  const stats = await collectStats(
    async (text) => (await client.pglite.query<Record<string, unknown>>(text)).rows,
  );
  delete stats.backups;
  return stats;
}

/** The restored install's backups: the one it came from, succeeded with its file's checksum. */
async function backupsOf(handle: DatabaseHandle) {
  return handle.db
    .select({
      id: backups.id,
      state: backups.state,
      checksum: backups.checksum,
      fileName: backups.fileName,
    })
    .from(backups);
}

describe('backup and restore on PGlite', () => {
  let root: string;
  let original: DatabaseStats;
  let originalPhotos: Map<string, Buffer>;
  let backup: BackupRow;
  let backupFile: string;
  const config = (dataDir: string) =>
    testConfig({
      dataDir,
      uploadDir: path.join(dataDir, 'uploads'),
      backup: { ...testConfig().backup, dir: path.join(root, 'backups') },
    });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'duka-backup-test-'));
    const source = path.join(root, 'source');
    const handle = await openPglite(source);
    try {
      await handle.migrate();
      expect(await seedDemoIfEmpty(handle.db, path.join(source, 'uploads'))).toBe(true);
      const clock = new TestClock(new Date('2026-11-27T00:00:00.000Z'));
      original = await statsOf(handle);
      backup = await runBackup(
        { db: handle.db, config: config(source), clock },
        { trigger: 'cli' },
      );
    } finally {
      await handle.close();
    }
    originalPhotos = await filesUnder(path.join(source, 'uploads'));
    backupFile = path.join(root, 'backups', backup.fileName ?? 'missing');
  }, 120_000);

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes one verified file named like a backup, with its checksum beside it', async () => {
    expect(backup.state).toBe('succeeded');
    expect(backup.fileName).toMatch(BACKUP_FILE_PATTERN);
    expect(backup.fileName).toBe('duka-backup-2026-11-27T000000Z-1.tar.gz');
    expect(backup.checksum).toMatch(/^[0-9a-f]{64}$/);
    const names = await readdir(path.join(root, 'backups'));
    // No partial file is left behind; the sidecar reads as `sha256sum -c` wants it.
    expect(names.sort()).toEqual([backup.fileName, `${backup.fileName}.sha256`]);
    expect(await readFile(`${backupFile}.sha256`, 'utf8')).toBe(
      `${backup.checksum}  ${backup.fileName}\n`,
    );
    expect(originalPhotos.size).toBeGreaterThan(0);
    expect(totalRows(original)).toBeGreaterThan(100);
  });

  it('restores into an empty data folder: every count and sum equal, photos byte-equal', async () => {
    const target = path.join(root, 'restored');
    const result = await restoreBackup(backupFile, config(target));
    expect(result.photos).toBe(originalPhotos.size);
    const handle = await openPglite(target);
    try {
      expect(await statsOf(handle)).toEqual(original);
      expect(await backupsOf(handle)).toEqual([
        { id: backup.id, state: 'succeeded', checksum: backup.checksum, fileName: backup.fileName },
      ]);
    } finally {
      await handle.close();
    }
    expect(await filesUnder(path.join(target, 'uploads'))).toEqual(originalPhotos);
  }, 60_000);

  it('refuses a data folder that holds a database, and replaces it with --force', async () => {
    const target = path.join(root, 'occupied');
    // A database of its own (initdb'd, no migrations needed to count as one).
    await (await openPglite(target)).close();
    await expect(restoreBackup(backupFile, config(target))).rejects.toThrow(
      `DATA_DIR ${target} already holds a database: restore only into an empty data folder, or add --force to replace it (the old one is kept beside it)`,
    );
    const result = await restoreBackup(backupFile, config(target), {
      force: true,
      now: new Date('2026-11-27T09:00:00.000Z'),
    });
    expect(result.replacedTo).toBe(path.join(target, 'pglite.replaced-20261127T090000000Z'));
    const handle = await openPglite(target);
    try {
      expect(await statsOf(handle)).toEqual(original);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('--force whose photo cannot be written fails without moving the old database aside', async () => {
    const target = path.join(root, 'occupied-photo-blocked');
    await (await openPglite(target)).close();
    // A folder where the backup's first photo goes: its write fails (EISDIR).
    const [photo] = [...originalPhotos.keys()];
    await mkdir(path.join(target, 'uploads', photo!), { recursive: true });
    await expect(
      restoreBackup(backupFile, config(target), {
        force: true,
        now: new Date('2026-11-27T09:30:00.000Z'),
      }),
    ).rejects.toThrow(/EISDIR/);
    // DATA_DIR still holds its own database, not an empty folder and a replaced one beside it.
    expect((await readdir(target)).filter((name) => name.startsWith('pglite')).sort()).toEqual([
      'pglite',
    ]);
    expect((await readdir(path.join(target, 'pglite'))).length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a file with one byte flipped, by its checksum, and restores nothing', async () => {
    const damaged = path.join(root, 'damaged', path.basename(backupFile));
    const bytes = await readFile(backupFile);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await mkdir(path.dirname(damaged));
    await writeFile(damaged, bytes);
    await writeFile(`${damaged}.sha256`, await readFile(`${backupFile}.sha256`));
    const target = path.join(root, 'from-damaged');
    await expect(restoreBackup(damaged, config(target))).rejects.toThrow(
      `Refused: ${path.basename(damaged)} does not match its checksum: the file is damaged — nothing was restored`,
    );
    // Without its sidecar (a copy without it): the entries' own checksums or gzip's catch it.
    await rm(`${damaged}.sha256`);
    await expect(restoreBackup(damaged, config(target))).rejects.toThrow(/^Refused: /);
    await expect(readdir(target)).rejects.toThrow();
  }, 60_000);
});
