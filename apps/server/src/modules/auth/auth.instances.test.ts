/**
 * Several instances on one database enforce one sign-in limit (docs/decisions/0002): the
 * counters live in the database, not in each process. Wrong passwords count per account and
 * address (issue 20), so each case guesses from one address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStore, buildUser } from '../../testing/factories';
import { createTwoTestApps, type TwoInstances } from '../../testing/two-instances';

let apps: TwoInstances;
let storeId: number;

beforeAll(async () => {
  apps = await createTwoTestApps({
    authRateLimit: { windowMs: 60_000, loginPerIp: 6, registerPerIp: 2, failedLoginsPerEmail: 3 },
  });
  storeId = (await buildStore(apps.first.db)).id;
});
afterAll(() => apps.close());

const victim = () => buildUser(apps.first.db, { role: 'sales', storeId });

describe('two instances on one database', () => {
  it('share the per-email limit: guesses spent on one are refused on the other', async () => {
    const user = await victim();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await apps.first.client('10.1.0.1').login(user.email, 'wrong-guess');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await apps.second.client('10.1.0.1').login(user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await apps.first.client('10.1.0.1').login(user.email, user.password)).statusCode).toBe(
      429,
    );
    // The owner, from another address, is let in by either instance.
    expect((await apps.second.client('10.1.0.2').login(user.email, user.password)).statusCode).toBe(
      200,
    );
  });

  it('a burst spread over both instances cannot get past the limit', async () => {
    const user = await victim();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        (n % 2 ? apps.first : apps.second).client('10.2.0.1').login(user.email, 'wrong-guess'),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  it('a right password on one instance gives its attempt back on both', async () => {
    const user = await victim();
    // Six sign-ins from one address: the most its per-address limit lets through.
    await apps.first.client('10.3.0.1').login(user.email, 'wrong-guess');
    await apps.second.client('10.3.0.1').login(user.email, 'wrong-guess');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const client = (attempt % 2 ? apps.first : apps.second).client('10.3.0.1');
      expect((await client.login(user.email, user.password)).statusCode).toBe(200);
    }
    expect((await apps.first.client('10.3.0.1').login(user.email, 'wrong-guess')).statusCode).toBe(
      401,
    );
    expect((await apps.second.client('10.3.0.1').login(user.email, 'wrong-guess')).statusCode).toBe(
      429,
    );
  });

  it('share the per-IP limits of login and register', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const app = attempt % 2 ? apps.first : apps.second;
      const response = await app.client('10.4.0.1').login(`ip${attempt}@example.test`, 'wrong-1');
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);

    const register = (app: typeof apps.first, n: number) =>
      app.client('10.4.0.2').post('/api/auth/register', {
        email: `shared-reg${n}@example.test`,
        password: 'secret-123',
        name: 'Reg',
      });
    expect((await register(apps.first, 1)).statusCode).toBe(201);
    expect((await register(apps.second, 2)).statusCode).toBe(201);
    const third = await register(apps.first, 3);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('the window passes for both instances: guessing may resume after Retry-After', async () => {
    const user = await victim();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await apps.first.client('10.5.0.1').login(user.email, 'wrong-guess');
    }
    const blocked = await apps.second.client('10.5.0.1').login(user.email, 'wrong-guess');
    expect(blocked.statusCode).toBe(429);
    apps.first.clock.advance(Number(blocked.headers['retry-after']) * 1000);
    expect((await apps.second.client('10.5.0.1').login(user.email, user.password)).statusCode).toBe(
      200,
    );
  });
});
