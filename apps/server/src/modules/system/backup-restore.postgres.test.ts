/**
 * Backup → restore on PostgreSQL (issue 27), on a private cluster started by the test (so it
 * runs in both CI passes): the demo shop with its photos backed up through pg_dump, restored
 * into an empty database — every table's rows and whole-number sums equal, every photo
 * byte-equal; a database with tables refused, and replaced with --force; a --force restore
 * that fails midway leaves the old contents.
 */
import { mkdtemp, rm } from 'node:fs/promises';
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
import { filesUnder } from '../../testing/files-under';

async function statsAt(cluster: PgCluster, database: string): Promise<DatabaseStats> {
  const stats = await collectStats((text, params) => cluster.query(text, params, database));
  delete stats.backups; // gains the backup's own row
  return stats;
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
    const changed = await statsAt(cluster, 'restored');
    expect(changed.sale_items?.rows).toBe(0);

    // A --force restore that fails midway (the target refuses its indexes, after the drops and
    // the tables' rows) changes nothing: the drops were in the same transaction.
    // (Its function lives outside public: the drops would take it, and the trigger, with them.)
    await cluster.query('CREATE SCHEMA guard', [], 'restored');
    await cluster.query(
      `CREATE FUNCTION guard.refuse_indexes() RETURNS event_trigger LANGUAGE plpgsql AS
         $$ BEGIN RAISE EXCEPTION 'no new indexes here'; END $$`,
      [],
      'restored',
    );
    await cluster.query(
      `CREATE EVENT TRIGGER refuse_indexes ON ddl_command_start WHEN TAG IN ('CREATE INDEX')
         EXECUTE FUNCTION guard.refuse_indexes()`,
      [],
      'restored',
    );
    await expect(restoreBackup(file, target, { force: true })).rejects.toThrow(
      /^psql failed: .*no new indexes here.* — the database keeps its old contents$/,
    );
    expect(await statsAt(cluster, 'restored')).toEqual(changed);
    expect(
      await cluster.query('SELECT count(*)::int AS n FROM sale_items', [], 'restored'),
    ).toEqual([{ n: 0 }]);

    await cluster.query('DROP EVENT TRIGGER refuse_indexes', [], 'restored');
    await restoreBackup(file, target, { force: true });
    expect(await statsAt(cluster, 'restored')).toEqual(original);
  }, 180_000);
});
