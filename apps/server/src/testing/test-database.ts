/**
 * A database of its own for each test file: PGlite in memory by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a freshly created database there, dropped
 * afterwards. Both get the real migrations.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const handle = serverUrl ? await openFreshPostgresDatabase(serverUrl) : await openPglite();
  await handle.migrate();
  return handle;
}

async function openFreshPostgresDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `duka_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
