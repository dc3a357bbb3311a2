import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/build-app';
import { openPglite, openPostgres } from '../../db/client';
import { CSRF_SEED_COOKIE } from '../../lib/csrf';
import { systemClock } from '../../lib/clock';
import { TestClient, testConfig } from '../../testing/create-test-app';
import { createFreshPostgresDatabase } from '../../testing/fresh-postgres';
import { openTestDatabase } from '../../testing/test-database';
import { appSettings } from './app-settings.table';
import { resolveSessionSecret, SESSION_SECRET_KEY } from './app-settings.service';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-secret-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('session secret kept in the database', { timeout: 120_000 }, () => {
  it('is generated once: a restart on the same DATA_DIR gets the same secret, and old CSRF tokens still pass', async () => {
    const first = await openPglite(dataDir);
    await first.migrate();
    const secret = await resolveSessionSecret(first.db, undefined);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const app = await buildApp({
      db: first.db,
      config: testConfig({ sessionSecret: secret }),
      clock: systemClock,
    });
    const till = new TestClient(app);
    const token = await till.fetchCsrfToken();
    const seed = till.cookie(CSRF_SEED_COOKIE)!;
    await app.close();
    await first.close();

    const restarted = await openPglite(dataDir);
    try {
      await restarted.migrate();
      const again = await resolveSessionSecret(restarted.db, undefined);
      expect(again).toBe(secret);

      // The till's page still holds the token from before the restart: it is accepted
      // (a refused CSRF token would be 403; this is the login's own 401).
      const app2 = await buildApp({
        db: restarted.db,
        config: testConfig({ sessionSecret: again }),
        clock: systemClock,
      });
      const sameTill = new TestClient(app2);
      sameTill.setCookie(CSRF_SEED_COOKIE, seed);
      const login = await sameTill.post(
        '/api/auth/login',
        { email: 'nobody@example.test', password: 'wrong-password-here' },
        { headers: { 'x-csrf-token': token } },
      );
      expect(login.statusCode).toBe(401);
      await app2.close();
    } finally {
      await restarted.close();
    }
  });

  it('instances resolving it together all get the one stored secret', async () => {
    const handle = await openTestDatabase();
    try {
      const secrets = await Promise.all(
        Array.from({ length: 5 }, () => resolveSessionSecret(handle.db, undefined)),
      );
      expect(new Set(secrets).size).toBe(1);
      const rows = await handle.db.select().from(appSettings);
      expect(rows).toEqual([
        expect.objectContaining({ key: SESSION_SECRET_KEY, value: secrets[0] }),
      ]);
    } finally {
      await handle.close();
    }
  });

  it('a configured SESSION_SECRET wins and nothing is stored', async () => {
    const handle = await openTestDatabase();
    try {
      const configured = 'configured-secret-of-enough-length';
      expect(await resolveSessionSecret(handle.db, configured)).toBe(configured);
      expect(await handle.db.select().from(appSettings)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.runIf(serverUrl)('two instances on one PostgreSQL share it', async () => {
    const database = await createFreshPostgresDatabase(serverUrl!);
    const a = await openPostgres(database.url);
    const b = await openPostgres(database.url);
    try {
      await Promise.all([a.migrate(), b.migrate()]);
      const [fromA, fromB] = await Promise.all([
        resolveSessionSecret(a.db, undefined),
        resolveSessionSecret(b.db, undefined),
      ]);
      expect(fromA).toBe(fromB);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});
