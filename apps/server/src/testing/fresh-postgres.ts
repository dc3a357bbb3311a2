/**
 * A freshly created PostgreSQL database on the TEST_DATABASE_URL server, for tests that open
 * it more than once (several "instances"); drop() removes it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createFreshPostgresDatabase(
  serverUrl: string,
): Promise<FreshPostgresDatabase> {
  const name = `duka_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
