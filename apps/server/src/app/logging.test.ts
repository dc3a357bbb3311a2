import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '../testing/test-database';
import { TestClient, TestClock, testConfig } from '../testing/create-test-app';
import { buildStore, buildUser } from '../testing/factories';
import type { DatabaseHandle } from '../db/client';
import { buildApp } from './build-app';

let handle: DatabaseHandle;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  app = await buildApp({
    db: handle.db,
    config: testConfig({ logLevel: 'trace' }),
    clock: new TestClock(),
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

describe('logs', () => {
  it('record requests but never passwords, session tokens, cookies or CSRF tokens', async () => {
    const store = await buildStore(handle.db);
    const user = await buildUser(handle.db, {
      role: 'admin',
      storeId: store.id,
      password: 'very-secret-password',
    });
    const client = new TestClient(app);
    const csrf = await client.fetchCsrfToken();
    await client.login(user.email, 'very-secret-password');
    await client.login(user.email, 'wrong-secret-password');
    const changed = await client.post('/api/users/change-password', {
      currentPassword: 'very-secret-password',
      newPassword: 'newer-secret-password',
      confirmPassword: 'newer-secret-password',
    });
    expect(changed.statusCode).toBe(200);

    const log = lines.join('\n');
    expect(log).toContain('/api/auth/login');
    for (const secret of [
      'very-secret-password',
      'wrong-secret-password',
      'newer-secret-password',
      csrf,
      client.cookie('duka_session')!,
      client.cookie('duka_csrf')!,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
