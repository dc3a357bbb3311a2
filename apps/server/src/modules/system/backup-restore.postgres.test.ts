/**
 * Backup → restore on PostgreSQL (issue 27), on a private cluster started by the test (so it
 * runs in both CI passes): the demo shop with its photos backed up through pg_dump, restored
 * into an empty database — every table's rows and whole-number sums equal, every photo
 * byte-equal; a database with tables refused, and replaced with --force.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/client';
import { seedDemoIfEmpty } from '../../db/seed/demo-seed';
import { TestClock, testConfig } from '../../testing/create-test-app';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../testing/pg-cluster';
import { collectStats, type DatabaseStats } from './backup-stats';
import { runBackup, type BackupRow } from './backup.service';
import { restoreBackup } from './restore.service';

async function statsAt(cluster: PgCluster, database: string): Promise<DatabaseStats> {
  const stats = await collectStats((text, params) => cluster.query(text, params, database));
  delete stats.backups; // gains the backup's own row
  return stats;
}

async function filesUnder(dir: string, prefix = ''): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      for (const [name, data] of await filesUnder(path.join(dir, entry.name), relative))
        files.set(name, data);
    } else files.set(relative, await readFile(path.join(dir, entry.name)));
  }
  return files;
}

describe.skipIf(!postgresBinDir())('backup and restore on PostgreSQL', () => {
  let cluster: PgCluster;
  let root: string;
  let original: DatabaseStats;
  let photos: Map<string, Buffer>;
  let backup: BackupRow;
  let file: string;

  beforeAll(async () => {
    cluster = await startPgCluster();
    root = await mkdtemp(path.join(tmpdir(), 'duka-pg-backup-'));
    const uploadDir = path.join(root, 'uploads');
    const handle: DatabaseHandle = await openPostgres(cluster.url('duka'));
    try {
      await handle.migrate();
      expect(await seedDemoIfEmpty(handle.db, uploadDir)).toBe(true);
      original = await statsAt(cluster, 'duka');
      const config = testConfig({ uploadDir, backup: { ...testConfig().backup, dir: root } });
      const clock = new TestClock(new Date('2026-11-27T00:00:00.000Z'));
      backup = await runBackup({ db: handle.db, config, clock }, { trigger: 'cli' });
    } finally {
      await handle.close();
    }
    photos = await filesUnder(uploadDir);
    file = path.join(root, backup.fileName ?? 'missing');
  }, 180_000);

  afterAll(async () => {
    await cluster?.destroy();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('restores into an empty database: every count and sum equal, photos byte-equal', async () => {
    expect(backup).toMatchObject({ state: 'succeeded', error: null });
    await cluster.query('CREATE DATABASE restored');
    const uploadDir = path.join(root, 'restored-uploads');
    const target = { databaseUrl: cluster.url('restored'), dataDir: root, uploadDir };
    const result = await restoreBackup(file, target);
    expect(result.manifest).toMatchObject({
      driver: 'postgresql',
      last_migration: expect.any(String),
    });
    expect(await statsAt(cluster, 'restored')).toEqual(original);
    expect(photos.size).toBeGreaterThan(0);
    expect(await filesUnder(uploadDir)).toEqual(photos);
    // The backup it came from is recorded as succeeded there, with this file's checksum.
    expect(await cluster.query('SELECT id, state, checksum FROM backups', [], 'restored')).toEqual([
      { id: backup.id, state: 'succeeded', checksum: backup.checksum },
    ]);

    // Again into the same database: refused, it holds tables; --force replaces its contents.
    await expect(restoreBackup(file, target)).rejects.toThrow(
      'The database already holds tables: restore only into an empty database, or add --force to replace its contents',
    );
    await cluster.query('DELETE FROM sale_items', [], 'restored');
    await restoreBackup(file, target, { force: true });
    expect(await statsAt(cluster, 'restored')).toEqual(original);
  }, 180_000);
});
