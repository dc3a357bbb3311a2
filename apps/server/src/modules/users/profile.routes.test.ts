import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, buildUser, signedIn } from '../../testing/factories';

let t: TestApp;
let storeId: number;

beforeAll(async () => {
  t = await createTestApp();
  storeId = (await buildStore(t.db)).id;
});
afterAll(() => t.close());

describe('PUT /api/users/profile', () => {
  it('updates the signed-in person’s name and email (trimmed, lower-case)', async () => {
    const { client } = await signedIn(t, 'user', storeId);
    const response = await client.put('/api/users/profile', {
      name: '  Njeri  ',
      email: ' Njeri@Example.TEST ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Njeri',
      email: 'njeri@example.test',
      role: 'user',
    });
    expect((await client.get('/api/auth/me')).json().data.name).toBe('Njeri');
  });

  it('uses the spec messages and refuses a taken email', async () => {
    const { client } = await signedIn(t, 'sales', storeId);
    const empty = await client.put('/api/users/profile', { name: ' ', email: '' });
    expect(empty.json().errors).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Email is required' },
    ]);
    const other = await buildUser(t.db, { role: 'sales', storeId });
    const taken = await client.put('/api/users/profile', { name: 'Me', email: other.email });
    expect(taken.statusCode).toBe(409);
  });

  it('cannot change the role through the profile', async () => {
    const { client } = await signedIn(t, 'user', storeId);
    const response = await client.put('/api/users/profile', {
      name: 'Still Shopper',
      email: 'still@example.test',
      role: 'admin',
    });
    expect(response.json().data.role).toBe('user');
  });
});

describe('POST /api/users/change-password', () => {
  it('checks the current password', async () => {
    const { client } = await signedIn(t, 'sales', storeId);
    const response = await client.post('/api/users/change-password', {
      currentPassword: 'wrong-password',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Current password is incorrect' });
  });

  it('refuses short and mismatched passwords with the spec messages', async () => {
    const { client, user } = await signedIn(t, 'sales', storeId);
    const short = await client.post('/api/users/change-password', {
      currentPassword: user.password,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.json().errors).toEqual([
      { path: 'newPassword', message: 'Password must be at least 8 characters' },
    ]);
    const mismatch = await client.post('/api/users/change-password', {
      currentPassword: user.password,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-2',
    });
    expect(mismatch.json().errors).toEqual([
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  it('changes it: the new one signs in, other sessions end, this one stays', async () => {
    const { client, user } = await signedIn(t, 'manager', storeId);
    const otherDevice = t.client();
    await otherDevice.login(user.email, user.password);
    const response = await client.post('/api/users/change-password', {
      currentPassword: user.password,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(response.json()).toEqual({ success: true });
    expect((await client.get('/api/stores')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/stores')).statusCode).toBe(401);
    expect((await t.client().login(user.email, user.password)).statusCode).toBe(401);
    expect((await t.client().login(user.email, 'new-password-1')).statusCode).toBe(200);
  });
});

describe('POST /api/users/change-password — guessing the current password', () => {
  let limited: TestApp;
  let limitedStore: number;
  beforeAll(async () => {
    limited = await createTestApp({
      authRateLimit: {
        windowMs: 60_000,
        loginPerIp: 1000,
        registerPerIp: 1000,
        failedLoginsPerEmail: 3,
      },
    });
    limitedStore = (await buildStore(limited.db)).id;
  });
  afterAll(() => limited.close());

  const change = (client: TestClient, currentPassword: string) =>
    client.post('/api/users/change-password', {
      currentPassword,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });

  it('counts wrong guesses on the sign-in counter: 429 with Retry-After, even for the right one', async () => {
    const { client, user } = await signedIn(limited, 'sales', limitedStore);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await change(client, `wrong-guess-${attempt}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: 'Current password is incorrect',
        code: 'users.wrong_password',
        errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      });
    }
    const blocked = await change(client, 'wrong-guess-3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // While limited, the right current password is refused too, and nothing changes.
    const right = await change(client, user.password);
    expect(right.statusCode).toBe(429);
    // The counter is the account's from this address: signing in from here is limited as well
    // (from another address it is not: decisions/0002, issue 20).
    const signIn = await limited.client().login(user.email, user.password);
    expect(signIn.statusCode).toBe(429);
    expect(Number(signIn.headers['retry-after'])).toBeGreaterThan(0);
    expect((await limited.client('10.7.0.1').login(user.email, user.password)).statusCode).toBe(
      200,
    );

    // Once the window has passed, the right password changes it.
    limited.clock.advance(Number(right.headers['retry-after']) * 1000);
    expect((await change(client, user.password)).json()).toEqual({ success: true });
    expect((await limited.client().login(user.email, 'new-password-1')).statusCode).toBe(200);
  });

  it('failed sign-ins count against changing the password, too', async () => {
    const { client, user } = await signedIn(limited, 'manager', limitedStore);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await limited.client().login(user.email, 'wrong-guess')).statusCode).toBe(401);
    }
    expect((await change(client, user.password)).statusCode).toBe(429);
  });

  it('changing the email does not reset the count: it is kept per account', async () => {
    const { client, user } = await signedIn(limited, 'sales', limitedStore);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await change(client, `wrong-guess-${attempt}`)).statusCode).toBe(400);
    }
    const renamed = await client.put('/api/users/profile', {
      name: user.name,
      email: `renamed-${user.email}`,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await change(client, 'wrong-guess-after-rename')).statusCode).toBe(429);
    // Nor does signing in under the new email get a fresh count.
    const signIn = await limited.client().login(`renamed-${user.email}`, user.password);
    expect(signIn.statusCode).toBe(429);
  });

  it('a right current password does not count', async () => {
    const { client, user } = await signedIn(limited, 'admin', limitedStore);
    let current = user.password;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const next = `new-password-${attempt}`;
      const response = await client.post('/api/users/change-password', {
        currentPassword: current,
        newPassword: next,
        confirmPassword: next,
      });
      expect(response.statusCode).toBe(200);
      current = next;
    }
  });
});
