/**
 * Two app instances on one database, as when Duka runs behind a load balancer: on PostgreSQL
 * (TEST_DATABASE_URL) a fresh database reached through two separate connection pools; on
 * PGlite, which one process owns, two apps on the same in-memory database.
 */
import { buildApp } from '../app/build-app';
import type { AppConfig } from '../config';
import { openPostgres, type DatabaseHandle } from '../db/client';
import { TestClient, TestClock, testConfig, type TestApp } from './create-test-app';
import { createFreshPostgresDatabase } from './fresh-postgres';
import { openTestDatabase } from './test-database';

export interface TwoInstances {
  first: Omit<TestApp, 'close'>;
  second: Omit<TestApp, 'close'>;
  close(): Promise<void>;
}

export async function createTwoTestApps(overrides: Partial<AppConfig> = {}): Promise<TwoInstances> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databases = serverUrl ? await twoPoolsOnAFreshDatabase(serverUrl) : await onePglite();
  // One clock: both instances agree on the time, as servers synchronised by NTP do.
  const clock = new TestClock();
  const config = testConfig(overrides);
  const instance = async (handle: DatabaseHandle) => {
    const app = await buildApp({ db: handle.db, config, clock });
    return { app, config, db: handle.db, clock, client: (ip?: string) => new TestClient(app, ip) };
  };
  const first = await instance(databases.first);
  const second = await instance(databases.second);
  return {
    first,
    second,
    close: async () => {
      await first.app.close();
      await second.app.close();
      await databases.close();
    },
  };
}

async function onePglite() {
  const handle = await openTestDatabase();
  return { first: handle, second: handle, close: () => handle.close() };
}

async function twoPoolsOnAFreshDatabase(serverUrl: string) {
  const database = await createFreshPostgresDatabase(serverUrl);
  const first = await openPostgres(database.url);
  await first.migrate();
  const second = await openPostgres(database.url);
  return {
    first,
    second,
    close: async () => {
      await first.close();
      await second.close();
      await database.drop();
    },
  };
}
