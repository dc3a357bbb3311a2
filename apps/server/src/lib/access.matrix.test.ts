/**
 * Every API route × every role, generated from the routes the app registered and the shared
 * matrix (PRODUCT.md §1) — nothing hand-listed. A role the matrix allows must get past the gate
 * (whatever the handler then says about the empty request); any other role gets 403, and a
 * signed-out caller 401.
 */
import { CAPABILITIES } from '@duka/shared/auth/permissions';
import { ROLES, type Role } from '@duka/shared/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing/create-test-app';
import { buildStore, signedIn } from '../testing/factories';
import { darajaHookTokenOf } from '../modules/payments/daraja-token';
import { webhookSecretOf } from '../modules/webhooks/webhooks.service';

let t: TestApp;
const clients = new Map<Role, TestClient>();
let storeId: number;

beforeAll(async () => {
  t = await createTestApp();
  storeId = (await buildStore(t.db)).id;
  for (const role of ROLES) clients.set(role, (await signedIn(t, role, storeId)).client);
});
afterAll(() => t.close());

// A route id that exists nowhere, so an allowed call cannot change anything.
const concreteUrl = (url: string) => url.replace(/:\w+/g, '999999');

function send(client: TestClient, method: string, url: string) {
  // The super_admin acts on a chosen store (PRODUCT.md §2).
  const query = { store_id: storeId };
  if (method === 'GET') return client.get(url, { query });
  if (method === 'DELETE') return client.delete(url, { query });
  return client.request(method as 'POST', url, { store_id: storeId }, { query });
}

describe('route access sweep', () => {
  it('has every /api route in the table', () => {
    const urls = t.app.routeAccessTable.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'GET /api/users', 'POST /api/stores']),
    );
  });

  it('lets exactly the matrix roles through each protected route', async () => {
    const protectedRoutes = t.app.routeAccessTable.filter((r) => 'capability' in r.access);
    expect(protectedRoutes.length).toBeGreaterThan(5);
    for (const route of protectedRoutes) {
      if (!('capability' in route.access)) continue;
      const allowed = CAPABILITIES[route.access.capability] as readonly Role[];
      const url = concreteUrl(route.url);
      for (const role of ROLES) {
        const response = await send(clients.get(role)!, route.method, url);
        const label = `${role} ${route.method} ${route.url} → ${response.statusCode} ${response.body}`;
        if (allowed.includes(role)) {
          expect([401, 403], label).not.toContain(response.statusCode);
          expect(response.statusCode, label).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().code, label).toBe('auth.forbidden');
        }
      }
      const anonymous = await send(t.client(), route.method, url);
      expect(anonymous.statusCode, `signed out ${route.method} ${route.url}`).toBe(401);
    }
  });

  /**
   * Calls from outside services (issue 21): every webhook route, whoever calls — signed in as
   * any role or not, with or without a CSRF token — is a 404 without its store's secret, before
   * the body is read; with the secret, a bad body is a 400 and never a 5xx.
   */
  it('refuses every webhook route without its secret, whatever the caller sends', async () => {
    const webhooks = t.app.routeAccessTable.filter((r) => 'webhook' in r.access);
    expect(webhooks.length).toBeGreaterThan(0);
    const webhookSecret = await webhookSecretOf(t.db, storeId);
    const darajaToken = await darajaHookTokenOf(t.db, storeId);
    for (const route of webhooks) {
      const secret =
        'webhook' in route.access && route.access.webhook === 'daraja'
          ? darajaToken
          : webhookSecret;
      expect(route.url, 'a webhook names its secret in its path').toContain(':token');
      const withToken = (token: string) => route.url.replace(':token', token);
      const callers = [t.client(), ...clients.values()];
      for (const token of ['A'.repeat(43), 'a'.repeat(64), 'wrong', '%00', 'x'.repeat(99)]) {
        for (const caller of callers) {
          for (const csrf of [true, false]) {
            const response = await caller.request(
              route.method as 'POST',
              withToken(token),
              { junk: true },
              { csrf },
            );
            const label = `${route.method} ${route.url} token ${token.slice(0, 10)} → ${response.body}`;
            expect(response.statusCode, label).toBe(404);
            expect(response.json().code, label).toBe('not_found');
          }
        }
      }
      // The secret opens it to anyone, without session or CSRF: a bad body is then a 400.
      const response = await t
        .client()
        .request(route.method as 'POST', withToken(secret), { junk: true }, { csrf: false });
      expect(response.statusCode, `${route.url} ${response.body}`).toBe(400);
    }
  });
});
