/**
 * /api/system (issue 27) on the test database — PGlite in memory, or PostgreSQL with
 * TEST_DATABASE_URL (then pg_dump makes the file): who may, a backup made and listed, 409
 * while one runs (in this process, and on PostgreSQL while another instance holds the lock),
 * the header's warning, a crashed backup marked failed.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKUP_RUNNING_MESSAGE, type SystemBackups } from '@duka/shared/system/system.schemas';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseClientOf } from '../../db/client';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, signedIn } from '../../testing/factories';
import {
  BACKUP_LOCK_KEY,
  INTERRUPTED_MESSAGE,
  markInterruptedBackups,
  runBackup,
} from './backup.service';
import { backupFileName } from './backup-manifest';
import { backups } from './backups.table';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let folder: string;
let admin: TestClient;
let storeId: number;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'duka-system-routes-'));
  t = await createTestApp(
    {
      backup: {
        dir: folder,
        keepDays: 14,
        time: '03:00',
        timeZone: 'Africa/Nairobi',
        nightly: false,
      },
    },
    { uploads: true },
  );
  // The install began "now" by the real clock (the rows' defaults); the app's clock follows it.
  t.clock.advance(Date.now() - t.clock.now().getTime());
  storeId = (await buildStore(t.db, 'System Store')).id;
  admin = (await signedIn(t, 'admin', storeId)).client;
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});

const status = async (client: TestClient) => {
  const response = await client.get('/api/system/backup-status');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { warning: string | null; last_success_at: string | null } }>().data;
};

describe('/api/system', () => {
  it('is for super_admin and admin only: manager, sales and shoppers 403, signed out 401', async () => {
    for (const role of ['manager', 'sales', 'user'] as const) {
      const { client } = await signedIn(t, role, storeId);
      for (const [method, url] of [
        ['GET', '/api/system/backups'],
        ['POST', '/api/system/backups'],
        ['GET', '/api/system/backup-status'],
      ] as const) {
        const response = await client.request(method, url, method === 'POST' ? {} : undefined);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await t.client().get('/api/system/backup-status')).statusCode).toBe(401);
    const superAdmin = (await signedIn(t, 'super_admin', storeId)).client;
    expect((await superAdmin.get('/api/system/backup-status')).statusCode).toBe(200);
  });

  it('warns stale once the install is two days old without a backup', async () => {
    expect(await status(admin)).toEqual({ warning: null, last_success_at: null });
    t.clock.advance(2 * DAY + 60_000);
    expect(await status(admin)).toEqual({ warning: 'stale', last_success_at: null });
  });

  it('makes a backup (201), lists it, and the warning goes', async () => {
    const response = await admin.post('/api/system/backups');
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json<{ data: SystemBackups['backups'][number] }>().data;
    expect(made).toMatchObject({ state: 'succeeded', trigger: 'manual', error: null });
    expect(made.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect((await readdir(folder)).sort()).toEqual([made.file_name, `${made.file_name}.sha256`]);

    const list = await admin.get('/api/system/backups');
    expect(list.statusCode).toBe(200);
    const data = list.json<{ data: SystemBackups }>().data;
    expect(data.backups[0]).toEqual(made);
    expect(data).toMatchObject({
      status: { warning: null, last_success_at: made.finished_at },
      folder,
      keep_days: 14,
      schedule: { time: '03:00', time_zone: 'Africa/Nairobi' },
      database: databaseClientOf(t.db).driver === 'pglite' ? 'embedded' : 'postgresql',
    });
    // The next 03:00 in Nairobi (UTC+3) is a 00:00 UTC within a day.
    const next = new Date(data.next_run_at);
    expect(next.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(next.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(DAY);
    expect(next.getTime()).toBeGreaterThan(t.clock.now().getTime());
    // Two days and a minute later without another: stale again.
    t.clock.advance(2 * DAY + 60_000);
    expect((await status(admin)).warning).toBe('stale');
  });

  it('refuses a body, answering which field', async () => {
    const response = await admin.post('/api/system/backups', { store_id: 1 });
    expect(response.statusCode).toBe(400);
  });

  it('answers 409 while a backup runs, and records a failure as failed', async () => {
    const running = runBackup(t.app.deps, { trigger: 'cli' });
    const response = await admin.post('/api/system/backups');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: BACKUP_RUNNING_MESSAGE,
      code: 'system.backup_running',
    });
    expect((await running).state).toBe('succeeded');

    const failed = await runBackup(
      {
        ...t.app.deps,
        config: { ...t.config, backup: { ...t.config.backup, dir: '/dev/null/x' } },
      },
      { trigger: 'cli' },
    );
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/a part of the path is a file|not a directory/);
    expect(await status(admin)).toMatchObject({ warning: 'failed' });
  });

  it('keeps a good backup succeeded when pruning an old one fails', async () => {
    // Something named like a 30-day-old backup that cannot be removed (a folder: rm refuses it
    // without recursive, as it would refuse a file on a disk that went read-only).
    const old = path.join(folder, backupFileName(new Date(t.clock.now().getTime() - 30 * DAY), 9));
    await mkdir(path.join(old, 'inside'), { recursive: true });
    try {
      const row = await runBackup(t.app.deps, { trigger: 'cli' });
      expect(row.state, row.error ?? '').toBe('succeeded');
      expect(await readdir(folder)).toContain(row.fileName);
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  });

  it('marks a backup left running by a crash failed, not one that runs', async () => {
    const [left] = await t.db
      .insert(backups)
      .values({ trigger: 'nightly', startedAt: t.clock.now() })
      .returning();
    expect(await markInterruptedBackups(t.db, t.clock.now())).toBe(1);
    const [row] = await t.db.select().from(backups).where(eq(backups.id, left!.id));
    expect(row).toMatchObject({ state: 'failed', error: INTERRUPTED_MESSAGE });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('/api/system on PostgreSQL', () => {
  it('answers 409 while another instance holds the backup lock, and leaves its row alone', async () => {
    const client = databaseClientOf(t.db);
    if (client.driver !== 'pg') throw new Error('expected PostgreSQL');
    const other = new pg.Client({
      connectionString: (client.pool.options as { connectionString: string }).connectionString,
    });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK_KEY]);
      const response = await admin.post('/api/system/backups');
      expect(response.statusCode).toBe(409);
      // The other instance's backup is 'running': alive, so not interrupted.
      await t.db.insert(backups).values({ trigger: 'manual', startedAt: t.clock.now() });
      expect(await markInterruptedBackups(t.db, t.clock.now())).toBe(0);
    } finally {
      await other.end();
    }
    // Its connection gone (a crash): the row is found stale.
    expect(await markInterruptedBackups(t.db, t.clock.now())).toBe(1);
  });
});
