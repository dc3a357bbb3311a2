/**
 * A database of its own for each test file: PGlite in memory by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a freshly created database there, dropped
 * afterwards. Both get the real migrations.
 */
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { createFreshPostgresDatabase } from './fresh-postgres';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const handle = serverUrl ? await openFreshPostgresDatabase(serverUrl) : await openPglite();
  await handle.migrate();
  return handle;
}

async function openFreshPostgresDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const database = await createFreshPostgresDatabase(serverUrl);
  const handle = await openPostgres(database.url);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
