/**
 * Instances starting together on one empty PostgreSQL with SEED_DEMO=1: the empty-check and the
 * demo seed run under the migrations' advisory lock, so both come up and the demo exists once.
 * Only with TEST_DATABASE_URL (a PostgreSQL server); each test creates its own database.
 */
import { rm } from 'node:fs/promises';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { stores } from '../../modules/stores/stores.table';
import { users } from '../../modules/users/users.table';
import { temporaryUploadDir } from '../../testing/create-test-app';
import { createFreshPostgresDatabase } from '../../testing/fresh-postgres';
import { startServer, type RunningServer } from '../../testing/processes';
import { openPostgres, type DatabaseHandle } from '../client';
import { DEMO_ACCOUNTS, DEMO_STORES, seedDemoIfEmpty } from './demo-seed';

const serverUrl = process.env.TEST_DATABASE_URL;

async function countRows(handle: DatabaseHandle) {
  const [storeRows] = await handle.db.select({ n: count() }).from(stores);
  const [userRows] = await handle.db.select({ n: count() }).from(users);
  return { stores: storeRows?.n, users: userRows?.n };
}

describe.runIf(serverUrl)('demo seed with instances starting together (PostgreSQL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('two handles migrating and seeding at once seed once', async () => {
    const database = await createFreshPostgresDatabase(serverUrl!);
    cleanups.push(() => database.drop());
    const a = await openPostgres(database.url);
    cleanups.push(() => a.close());
    const b = await openPostgres(database.url);
    cleanups.push(() => b.close());

    const uploadDir = await temporaryUploadDir();
    cleanups.push(() => rm(uploadDir, { recursive: true, force: true }));
    const seeded = await Promise.all([
      a.migrateThen((db) => seedDemoIfEmpty(db, uploadDir)),
      b.migrateThen((db) => seedDemoIfEmpty(db, uploadDir)),
    ]);
    expect(seeded.sort()).toEqual([false, true]);
    expect(await countRows(a)).toEqual({
      stores: DEMO_STORES.length,
      users: DEMO_ACCOUNTS.length,
    });
  });

  it('two servers started together both come up, with the demo data once', async () => {
    const database = await createFreshPostgresDatabase(serverUrl!);
    cleanups.push(() => database.drop());
    const uploadDir = await temporaryUploadDir();
    cleanups.push(() => rm(uploadDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: database.url, SEED_DEMO: '1', UPLOAD_DIR: uploadDir };
    const servers: RunningServer[] = await Promise.all([startServer(env), startServer(env)]);
    cleanups.push(async () => {
      for (const server of servers) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGKILL');
          await server.ended;
        }
      }
    });
    await Promise.all(servers.map((server) => server.ready));

    const handle = await openPostgres(database.url);
    cleanups.push(() => handle.close());
    expect(await countRows(handle)).toEqual({
      stores: DEMO_STORES.length,
      users: DEMO_ACCOUNTS.length,
    });

    for (const server of servers) server.child.kill('SIGTERM');
    const results = await Promise.all(servers.map((server) => server.ended));
    expect(results.map((r) => r.code)).toEqual([0, 0]);
    const seeders = results.filter((r) => r.stdout.includes('Seeded the demo store'));
    expect(seeders).toHaveLength(1);
  }, 240_000);
});
