import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '../testing/test-database';
import { TestClient, TestClock, testConfig } from '../testing/create-test-app';
import { buildStore, buildUser } from '../testing/factories';
import type { DatabaseHandle } from '../db/client';
import { buildApp } from './build-app';
import { loggableError } from './log-serializers';

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

  it("never record a store's webhook secret, which is in the webhook's path", async () => {
    const store = await buildStore(handle.db);
    const manager = await buildUser(handle.db, {
      role: 'manager',
      storeId: store.id,
      password: 'very-secret-password',
    });
    const client = new TestClient(app);
    await client.login(manager.email, 'very-secret-password');
    const address = (await client.get(`/api/stores/${store.id}/webhooks`)).json().data
      .sms_delivery_reports_url as string;
    const path = new URL(address).pathname;
    const token = /\/api\/webhooks\/([\w-]{43})\//.exec(path)![1]!;
    const before = lines.length;
    const report = await new TestClient(app).raw({
      method: 'POST',
      url: `${path}?from=africastalking`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=Success',
    });
    expect(report.statusCode).toBe(400);

    const log = lines.slice(before).join('\n');
    expect(log).toContain('/api/webhooks/[redacted]/sms/delivery-reports?from=africastalking');
    expect(log).not.toContain(token);
    // An error quoting the url is logged without the secret too.
    const error = loggableError(new TypeError(`Could not read POST ${path}`));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('Could not read POST /api/webhooks/[redacted]/sms/delivery-reports');
    expect(error.stack).not.toContain(token);
  });
});
