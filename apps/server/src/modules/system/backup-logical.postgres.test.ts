/**
 * PostgreSQL's backup without pg_dump (issue 27), on a private cluster: the demo shop backed up
 * through the app's own logical dump (BACKUP_PG_DUMP=0's setting), restored into an empty
 * database — migrations, rows, sequences — with every table's rows and whole-number sums equal,
 * and the restored shop works: the cashier signs in and makes a sale (its ids come from the
 * restored sequences).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/build-app';
import { openPostgres, type DatabaseHandle } from '../../db/client';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../db/seed/demo-seed';
import { TestClient, TestClock, testConfig } from '../../testing/create-test-app';
import { createSale, saleLine, walkInCustomer } from '../../testing/factories';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../testing/pg-cluster';
import { collectStats, type DatabaseStats } from './backup-stats';
import { pgDumpMajorVersion, runBackup, verifyBackupFile, type BackupRow } from './backup.service';
import { readTarGz } from './backup-archive';
import { LOGICAL_ENTRY } from './backup-logical';
import { restoreBackup } from './restore.service';

async function statsAt(cluster: PgCluster, database: string): Promise<DatabaseStats> {
  const stats = await collectStats((text, params) => cluster.query(text, params, database));
  delete stats.backups; // gains the backup's own row
  return stats;
}

describe.skipIf(!postgresBinDir())('the logical backup on PostgreSQL (no pg_dump)', () => {
  let cluster: PgCluster;
  let root: string;
  let original: DatabaseStats;
  let backup: BackupRow;
  let file: string;
  const logged: string[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    root = await mkdtemp(path.join(tmpdir(), 'duka-pg-logical-'));
    const uploadDir = path.join(root, 'uploads');
    const handle: DatabaseHandle = await openPostgres(cluster.url('duka'));
    try {
      await handle.migrate();
      expect(await seedDemoIfEmpty(handle.db, uploadDir)).toBe(true);
      original = await statsAt(cluster, 'duka');
      const config = testConfig({
        uploadDir,
        backup: { ...testConfig().backup, dir: root, pgDump: false },
      });
      const clock = new TestClock(new Date('2026-11-27T00:00:00.000Z'));
      backup = await runBackup(
        { db: handle.db, config, clock, log: (line) => logged.push(line) },
        { trigger: 'cli' },
      );
    } finally {
      await handle.close();
    }
    file = path.join(root, backup.fileName ?? 'missing');
  }, 180_000);

  afterAll(async () => {
    await cluster?.destroy();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('writes the logical dump, says so, and restores it with every count and sum equal', async () => {
    expect(backup).toMatchObject({ state: 'succeeded', error: null });
    expect(logged).toEqual(["Backup: the app's logical dump (BACKUP_PG_DUMP=0)"]);
    const names: string[] = [];
    await readTarGz(file, ({ name }) => {
      names.push(name);
      return null;
    });
    expect(names).toContain(LOGICAL_ENTRY);
    expect(names).not.toContain('database/postgres.dump');

    await cluster.query('CREATE DATABASE restored');
    const uploadDir = path.join(root, 'restored-uploads');
    const target = { databaseUrl: cluster.url('restored'), dataDir: root, uploadDir };
    const result = await restoreBackup(file, target);
    expect(result.manifest.database.format).toBe('logical');
    expect(result.loadedWith).toBe('replica'); // the cluster's superuser
    expect(result.manifest.last_migration).toEqual(expect.any(String));
    expect(await statsAt(cluster, 'restored')).toEqual(original);
    expect(await cluster.query('SELECT id, state FROM backups', [], 'restored')).toEqual([
      { id: backup.id, state: 'succeeded' },
    ]);
    // The migrations table came back too: the app sees nothing left to migrate.
    const [migrations] = await cluster.query(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      [],
      'restored',
    );
    const [before] = await cluster.query(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      [],
      'duka',
    );
    expect(migrations).toEqual(before);

    // Into a database with tables: refused; --force replaces it in the load's transaction.
    await expect(restoreBackup(file, target)).rejects.toThrow(
      'The database already holds tables: restore only into an empty database, or add --force to replace its contents',
    );
    await cluster.query('DELETE FROM sale_items', [], 'restored');
    const forced = await restoreBackup(file, target, { force: true });
    expect(forced.loadedWith).toBe('replica');
    expect(await statsAt(cluster, 'restored')).toEqual(original);

    // The restored shop works: sign in, sell (new ids from the restored sequences).
    const handle = await openPostgres(cluster.url('restored'));
    const app = await buildApp({
      db: handle.db,
      config: testConfig({ uploadDir }),
      clock: new TestClock(new Date('2026-11-27T09:00:00.000Z')),
    });
    try {
      await handle.migrate();
      const cashier = new TestClient(app);
      const login = await cashier.login('cashier@duka.test', DEMO_PASSWORD);
      expect(login.statusCode, login.body).toBe(200);
      const products = await cashier.get('/api/products?pageSize=50');
      const goods = products
        .json<{
          data: { id: number; kind: string; stock_pieces: number; piece_selling_price: number }[];
        }>()
        .data.find((product) => product.kind === 'goods' && product.stock_pieces > 0)!;
      expect(goods).toBeDefined();
      const customer = await walkInCustomer(cashier);
      const sale = await createSale(cashier, {
        items: [saleLine(goods.id, 1, goods.piece_selling_price)],
        customer_id: customer.id,
      });
      const [maxBefore] = await cluster.query('SELECT max(id)::int AS id FROM sales', [], 'duka');
      expect(sale.id).toBeGreaterThan(Number(maxBefore!.id));
    } finally {
      await app.close();
      await handle.close();
    }
  }, 180_000);

  it('restores as a non-superuser owning the database (DISABLE TRIGGER USER, parents first)', async () => {
    await cluster.query('CREATE ROLE shop LOGIN');
    await cluster.query('CREATE DATABASE shop OWNER shop');
    const databaseUrl = cluster.url('shop').replace('//postgres@', '//shop@');
    const uploadDir = path.join(root, 'shop-uploads');
    const result = await restoreBackup(file, { databaseUrl, dataDir: root, uploadDir });
    expect(result.loadedWith).toBe('disable-trigger');
    expect(await statsAt(cluster, 'shop')).toEqual(original);
    // Our triggers are on again afterwards.
    const disabled = await cluster.query(
      `SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'`,
      [],
      'shop',
    );
    expect(disabled).toEqual([]);
  }, 180_000);

  it('chooses pg_dump only when it can run and is not older than the server', async () => {
    expect(await pgDumpMajorVersion('/nonexistent/pg_dump')).toBeNull();
    // A pg_dump 9 first on the PATH: too old for the server, so the logical dump.
    const bin = path.join(root, 'old-bin');
    await mkdir(bin);
    await writeFile(
      path.join(bin, 'pg_dump'),
      '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\nexit 0\n',
      { mode: 0o755 },
    );
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${savedPath}`;
    const handle = await openPostgres(cluster.url('duka'));
    const lines: string[] = [];
    try {
      expect(await pgDumpMajorVersion()).toBe(9);
      const config = testConfig({
        uploadDir: path.join(root, 'uploads'),
        backup: { ...testConfig().backup, dir: path.join(root, 'second') },
      });
      const clock = new TestClock(new Date('2026-11-27T01:00:00.000Z'));
      const row = await runBackup(
        { db: handle.db, config, clock, log: (line) => lines.push(line) },
        { trigger: 'cli' },
      );
      expect(row).toMatchObject({ state: 'succeeded', error: null });
      const manifest = await verifyBackupFile(path.join(root, 'second', row.fileName!));
      expect(manifest.database).toMatchObject({ format: 'logical', path: LOGICAL_ENTRY });
    } finally {
      process.env.PATH = savedPath;
      await handle.close();
    }
    const serverMajor = Math.floor(
      Number((await cluster.query('SHOW server_version_num'))[0]!.server_version_num) / 10_000,
    );
    expect(lines).toEqual([
      `Backup: the app's logical dump (pg_dump 9 is older than the server's ${serverMajor})`,
    ]);
  }, 180_000);
});
