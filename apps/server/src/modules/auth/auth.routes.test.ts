import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../lib/session';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, buildUser, signedIn, TEST_PASSWORD } from '../../testing/factories';
import { stores, type StoreRow } from '../stores/stores.table';

/** The client's session no longer works: a store-scoped call is 401 and /me reports signed out. */
async function expectSignedOut(client: TestClient) {
  const stores = await client.get('/api/stores');
  expect(stores.statusCode).toBe(401);
  expect(stores.json()).toEqual({
    message: 'Authentication required',
    code: 'auth.unauthenticated',
  });
  client.resetCsrf();
  expect((await client.get('/api/auth/me')).json()).toEqual({ authenticated: false, data: null });
}

let t: TestApp;
let firstStore: StoreRow;
let secondStore: StoreRow;

beforeAll(async () => {
  t = await createTestApp();
  firstStore = await buildStore(t.db, 'First Store');
  secondStore = await buildStore(t.db, 'Second Store');
});
afterAll(() => t.close());

describe('GET /api/auth/csrf-token', () => {
  it('answers a token and sets the anonymous seed cookie', async () => {
    const client = t.client();
    const response = await client.get('/api/auth/csrf-token', { csrf: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toMatch(/^[\w-]{20,}$/);
    expect(client.cookie('duka_csrf')).toBeTruthy();
  });
});

describe('POST /api/auth/login', () => {
  let email: string;
  beforeAll(async () => {
    email = (
      await buildUser(t.db, { role: 'sales', storeId: firstStore.id, email: 'till@example.test' })
    ).email;
  });

  it('signs in with email in any case and spacing, sets an httpOnly session cookie', async () => {
    const client = t.client();
    const response = await client.login('  TILL@Example.test ', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { email, role: 'sales', store_id: firstStore.id },
    });
    expect(response.json().data).not.toHaveProperty('password_hash');
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const me = await client.get('/api/auth/me');
    expect(me.json()).toMatchObject({ authenticated: true, data: { email } });
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const wrong = await t.client().login(email, 'not-the-password');
    const unknown = await t.client().login('nobody@example.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: 'Invalid email or password',
      code: 'auth.invalid_credentials',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates with the spec messages', async () => {
    const response = await t.client().login('not-an-email', '123');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  it('refuses a deactivated account', async () => {
    const user = await buildUser(t.db, { role: 'sales', storeId: firstStore.id, isActive: false });
    const response = await t.client().login(user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('auth.account_disabled');
  });
});

describe('POST /api/auth/register', () => {
  it('creates a shopper (role user) in the first store and signs them in', async () => {
    const client = t.client();
    const response = await client.post('/api/auth/register', {
      email: ' New.Shopper@Example.test ',
      password: 'secret-123',
      name: '  Achieng  ',
      role: 'admin', // ignored: registration always makes a shopper
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      email: 'new.shopper@example.test',
      name: 'Achieng',
      role: 'user',
      store_id: firstStore.id,
    });
    client.resetCsrf();
    expect((await client.get('/api/auth/me')).json().authenticated).toBe(true);
  });

  it('joins the store named by the shop link', async () => {
    const response = await t.client().post('/api/auth/register', {
      email: 'mombasa.shopper@example.test',
      password: 'secret-123',
      name: 'Baraka',
      store_id: secondStore.id,
    });
    expect(response.json().data.store_id).toBe(secondStore.id);
  });

  it('refuses a store that does not exist', async () => {
    const response = await t.client().post('/api/auth/register', {
      email: 'lost@example.test',
      password: 'secret-123',
      name: 'Lost',
      store_id: 99999,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'store_id', message: 'Store not found' }]);
  });

  it('refuses a duplicate email whatever its case, and writes nothing', async () => {
    const body = { email: 'twice@example.test', password: 'secret-123', name: 'Twice' };
    expect((await t.client().post('/api/auth/register', body)).statusCode).toBe(201);
    const again = await t
      .client()
      .post('/api/auth/register', { ...body, email: 'TWICE@example.test', name: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'users.email_taken',
      message: 'An account with this email already exists',
    });
    // The first account still signs in with its own password and name.
    const login = await t.client().login('twice@example.test', 'secret-123');
    expect(login.json().data.name).toBe('Twice');
  });

  it('refuses a short name and a short password with the spec messages', async () => {
    const response = await t
      .client()
      .post('/api/auth/register', { email: 'short@example.test', password: '12345', name: 'J' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'password', message: 'Password must be at least 6 characters' },
      { path: 'name', message: 'Name must be at least 2 characters' },
    ]);
  });
});

describe('CSRF', () => {
  it('refuses an /auth call without the header (403), even a GET', async () => {
    const client = t.client();
    await client.fetchCsrfToken();
    const login = await client.post(
      '/api/auth/login',
      { email: 'a@b.co', password: 'secret-1' },
      { csrf: false },
    );
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('auth.csrf_invalid');
    expect((await client.get('/api/auth/me', { csrf: false })).statusCode).toBe(403);
  });

  it('refuses a wrong token and a token of another browser', async () => {
    const client = t.client();
    await client.fetchCsrfToken();
    const wrong = await client.post(
      '/api/auth/logout',
      {},
      { headers: { 'x-csrf-token': 'forged' } },
    );
    expect(wrong.statusCode).toBe(403);
    const otherToken = await t.client().fetchCsrfToken();
    const foreign = await client.post(
      '/api/auth/logout',
      {},
      { headers: { 'x-csrf-token': otherToken } },
    );
    expect(foreign.statusCode).toBe(403);
  });

  it('binds the token to the session: the pre-login token stops working after login', async () => {
    const user = await buildUser(t.db, { role: 'admin', storeId: firstStore.id });
    const client = t.client();
    const anonymousToken = await client.fetchCsrfToken();
    await client.login(user.email, user.password);
    const stale = await client.put(
      '/api/users/profile',
      { name: 'X Y', email: user.email },
      { headers: { 'x-csrf-token': anonymousToken } },
    );
    expect(stale.statusCode).toBe(403);
    const fresh = await client.put('/api/users/profile', { name: 'X Y', email: user.email });
    expect(fresh.statusCode).toBe(200);
  });

  it('checks the route, not the spelling of the URL', async () => {
    const client = t.client();
    await client.fetchCsrfToken();
    const encoded = await client.get('/api/%61uth/me', { csrf: false });
    expect(encoded.statusCode).toBe(403);
  });

  it('lets a plain GET through without a token', async () => {
    const { client } = await signedInAdmin();
    expect((await client.get('/api/stores', { csrf: false })).statusCode).toBe(200);
  });
});

async function signedInAdmin() {
  const user = await buildUser(t.db, { role: 'admin', storeId: firstStore.id });
  const client = t.client();
  await client.login(user.email, user.password);
  return { client, user };
}

describe('sessions', () => {
  it('logout ends the session on the server, not only the cookie', async () => {
    const { client } = await signedInAdmin();
    const stolenCookie = client.cookie(SESSION_COOKIE)!;
    const logout = await client.post('/api/auth/logout');
    expect(logout.json()).toEqual({ success: true });
    const replay = t.client();
    replay.setCookie(SESSION_COOKIE, stolenCookie);
    expect((await replay.get('/api/stores')).statusCode).toBe(401);
  });

  it('an expired session is signed out', async () => {
    const { client } = await signedInAdmin();
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    try {
      await expectSignedOut(client);
    } finally {
      t.clock.advance(-8 * 24 * 60 * 60 * 1000);
    }
  });

  it('a session in use is renewed, so a till used every day stays signed in', async () => {
    const { client } = await signedInAdmin();
    const day = 24 * 60 * 60 * 1000;
    try {
      for (let days = 0; days < 10; days += 1) {
        t.clock.advance(day);
        expect((await client.get('/api/stores')).statusCode, `day ${days + 1}`).toBe(200);
      }
      // Left alone for longer than a session lives, it expires.
      t.clock.advance(8 * day);
      expect((await client.get('/api/stores')).statusCode).toBe(401);
    } finally {
      t.clock.advance(-18 * day);
    }
  });

  it('a forged session cookie is nobody', async () => {
    const client = t.client();
    client.setCookie(SESSION_COOKIE, 'forged-token-value');
    expect((await client.get('/api/stores')).statusCode).toBe(401);
    expect((await client.get('/api/auth/me')).json().authenticated).toBe(false);
  });

  it('deactivating a user ends their sessions at once', async () => {
    const { client: admin } = await signedInAdmin();
    const cashier = await buildUser(t.db, { role: 'sales', storeId: firstStore.id });
    const cashierClient = t.client();
    await cashierClient.login(cashier.email, cashier.password);
    expect((await cashierClient.get('/api/stores')).statusCode).toBe(200);
    const response = await admin.put(`/api/users/${cashier.id}`, { is_active: false });
    expect(response.statusCode).toBe(200);
    expect((await cashierClient.get('/api/stores')).statusCode).toBe(401);
  });
});

describe('request hygiene', () => {
  it('answers 413 for an oversize body', async () => {
    const response = await t
      .client()
      .post('/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('request.too_large');
  });

  it('answers 400 for malformed JSON', async () => {
    const client = t.client();
    const token = await client.fetchCsrfToken();
    const response = await client.raw({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'request.invalid_json' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.client().get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('serves health and the OpenAPI document', async () => {
    expect((await t.client().get('/api/health', { csrf: false })).json()).toEqual({ status: 'ok' });
    const docs = await t.client().get('/api/docs/json', { csrf: false });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/auth/login');
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      authRateLimit: { windowMs: 60_000, loginPerIp: 6, registerPerIp: 2, failedLoginsPerEmail: 3 },
    });
    await buildStore(limited.db);
  });
  afterAll(() => limited.close());

  let victim: Awaited<ReturnType<typeof buildUser>>;
  beforeEach(async () => {
    victim = await buildUser(limited.db, {
      role: 'sales',
      storeId: (await buildStore(limited.db)).id,
    });
  });

  it('stops password guessing on one email with 429 and Retry-After', async () => {
    const client = limited.client('10.0.0.1');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await client.login(victim.email, 'wrong-guess')).statusCode).toBe(401);
    }
    const blocked = await client.login(victim.email, victim.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().code).toBe('rate_limited');
  });

  it("lets the owner in from their own address while another address's guesses are slowed", async () => {
    const guesser = limited.client('10.0.5.1');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await guesser.login(victim.email, 'wrong-guess')).statusCode).toBe(401);
    }
    // The guessing pair (this email from this address) is slowed down: 429 with Retry-After,
    // the right password included, and on the same counter for change-password.
    const throttled = await guesser.login(victim.email, victim.password);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json().code).toBe('rate_limited');

    // The owner, from their own address, signs in and changes the password meanwhile.
    const owner = limited.client('10.0.5.2');
    expect((await owner.login(victim.email, victim.password)).statusCode).toBe(200);
    const changed = await owner.post('/api/users/change-password', {
      currentPassword: victim.password,
      newPassword: 'a-new-secret-123',
      confirmPassword: 'a-new-secret-123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await guesser.login(victim.email, 'a-new-secret-123')).statusCode).toBe(429);
  });

  it('counts wrong current passwords per account and address, as sign-in does', async () => {
    const session = limited.client('10.0.6.1');
    expect((await session.login(victim.email, victim.password)).statusCode).toBe(200);
    const change = (currentPassword: string) =>
      session.post('/api/users/change-password', {
        currentPassword,
        newPassword: 'another-secret-123',
        confirmPassword: 'another-secret-123',
      });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await change('wrong-guess')).statusCode).toBe(400);
    }
    const refused = await change(victim.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The same account from another address is not locked out.
    expect((await limited.client('10.0.6.2').login(victim.email, victim.password)).statusCode).toBe(
      200,
    );
  });

  it('counts parallel guesses: a burst cannot get past the per-email limit', async () => {
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        limited.client('10.0.1.1').login(victim.email, 'wrong-guess'),
      ),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('a correct password does not count against the email', async () => {
    const client = limited.client('10.0.1.2');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await client.login(victim.email, victim.password)).statusCode).toBe(200);
    }
  });

  it('the window passes: guessing may resume after Retry-After', async () => {
    const client = limited.client('10.0.1.3');
    for (let attempt = 0; attempt < 3; attempt += 1)
      await client.login(victim.email, 'wrong-guess');
    const blocked = await client.login(victim.email, 'wrong-guess');
    expect(blocked.statusCode).toBe(429);
    limited.clock.advance(Number(blocked.headers['retry-after']) * 1000);
    expect((await client.login(victim.email, victim.password)).statusCode).toBe(200);
  });

  it('does not believe a client-written X-Forwarded-For without a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await limited
        .client('10.0.2.1')
        .login(`spoof${attempt}@example.test`, 'wrong-guess', {
          'x-forwarded-for': `203.0.113.${attempt}`,
        });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits logins per IP and registrations per IP', async () => {
    const client = limited.client('10.0.0.2');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      statuses.push(
        (await client.login(`someone${attempt}@example.test`, 'wrong-guess')).statusCode,
      );
    }
    // Six attempts per window from one IP, whatever the emails; the seventh is refused.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // Another IP is not affected.
    expect(
      (await limited.client('10.0.0.3').login('someone@example.test', 'wrong-guess')).statusCode,
    ).toBe(401);

    const register = (n: number) =>
      limited.client('10.0.0.4').post('/api/auth/register', {
        email: `r${n}@example.test`,
        password: 'secret-123',
        name: 'Reg',
      });
    expect((await register(1)).statusCode).toBe(201);
    expect((await register(2)).statusCode).toBe(201);
    const third = await register(3);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({
      trustProxy: 1,
      authRateLimit: {
        windowMs: 60_000,
        loginPerIp: 2,
        registerPerIp: 2,
        failedLoginsPerEmail: 100,
      },
    });
  });
  afterAll(() => proxied.close());

  it("counts each client by the address the proxy saw, not the proxy's own", async () => {
    const viaProxy = (client: string, n: number) =>
      proxied
        .client('10.9.9.9')
        .login(`p${n}@example.test`, 'wrong-guess', { 'x-forwarded-for': client });
    expect((await viaProxy('198.51.100.1', 1)).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.1', 2)).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.1', 3)).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.2', 4)).statusCode).toBe(401);
    // A forged extra hop from the client does not change who it is.
    const forged = await proxied
      .client('10.9.9.9')
      .login('p5@example.test', 'wrong-guess', { 'x-forwarded-for': '1.2.3.4, 198.51.100.1' });
    expect(forged.statusCode).toBe(429);
  });
});

describe('a closed store (PRODUCT.md §2)', () => {
  let c: TestApp;
  let chief: TestClient;
  beforeAll(async () => {
    c = await createTestApp();
    // The first store closes in one test below; the others keep their own stores.
    await buildStore(c.db, 'Closed First');
    chief = (await signedIn(c, 'super_admin', 0)).client;
  });
  afterAll(() => c.close());

  const CLOSED = {
    message: 'This store is closed. Ask the owner to reopen it.',
    code: 'auth.store_closed',
  };
  const setOpen = (storeId: number, isActive: boolean) =>
    chief.put(`/api/stores/${storeId}`, { is_active: isActive });

  it('refuses its staff and shoppers at sign-in with a clear message, and lets them back when reopened', async () => {
    const store = await buildStore(c.db);
    const cashier = await buildUser(c.db, { role: 'sales', storeId: store.id });
    const shopper = await buildUser(c.db, { role: 'user', storeId: store.id });
    expect((await setOpen(store.id, false)).statusCode).toBe(200);

    for (const person of [cashier, shopper]) {
      const refused = await c.client().login(person.email, person.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(CLOSED);
      expect(refused.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
      // A wrong password still gets the ordinary answer: closing reveals nothing to a guesser.
      const wrong = await c.client().login(person.email, 'wrong-guess');
      expect(wrong.json().code).toBe('auth.invalid_credentials');
    }

    expect((await setOpen(store.id, true)).statusCode).toBe(200);
    for (const person of [cashier, shopper]) {
      const client = c.client();
      expect((await client.login(person.email, person.password)).statusCode).toBe(200);
      expect((await client.get('/api/auth/me')).json().authenticated).toBe(true);
    }
  });

  it('signs out the open sessions of its people: 401, and /me says signed out', async () => {
    const store = await buildStore(c.db);
    const { client: cashier } = await signedIn(c, 'sales', store.id);
    const { client: admin } = await signedIn(c, 'admin', store.id);
    const { client: neighbour } = await signedIn(c, 'sales', (await buildStore(c.db)).id);
    expect((await cashier.get('/api/stores')).statusCode).toBe(200);

    expect((await setOpen(store.id, false)).statusCode).toBe(200);
    for (const client of [cashier, admin]) {
      await expectSignedOut(client);
    }
    // Another store's people are not touched.
    expect((await neighbour.get('/api/stores')).statusCode).toBe(200);

    // Closing ended the sessions: reopening lets people sign in again, not resume old sessions.
    expect((await setOpen(store.id, true)).statusCode).toBe(200);
    expect((await cashier.get('/api/stores')).statusCode).toBe(401);
  });

  it('a session is refused even when the store was closed behind the API’s back', async () => {
    const store = await buildStore(c.db);
    const { client: cashier } = await signedIn(c, 'sales', store.id);
    await c.db.update(stores).set({ isActive: false }).where(eq(stores.id, store.id));
    expect((await cashier.get('/api/stores')).statusCode).toBe(401);
    await c.db.update(stores).set({ isActive: true }).where(eq(stores.id, store.id));
    // The session was not ended (nobody closed the store through the API), so it works again.
    expect((await cashier.get('/api/stores')).statusCode).toBe(200);
  });

  it('never locks out a super_admin, who still sees, selects and manages the closed store', async () => {
    const store = await buildStore(c.db, 'Shuttered Shop');
    const staff = await buildUser(c.db, { role: 'sales', storeId: store.id });
    expect((await setOpen(store.id, false)).statusCode).toBe(200);

    const listed = (await chief.get('/api/stores')).json().data as {
      id: number;
      is_active: boolean;
    }[];
    expect(listed.find((s) => s.id === store.id)).toMatchObject({ is_active: false });
    const users = await chief.get('/api/users', { query: { store_id: store.id } });
    expect(users.statusCode).toBe(200);
    expect(users.json().data.map((u: { id: number }) => u.id)).toContain(staff.id);
    const renamed = await chief.put(`/api/stores/${store.id}`, { name: 'Shuttered Shop 2' });
    expect(renamed.json().data).toMatchObject({ name: 'Shuttered Shop 2', is_active: false });

    // A super_admin still signs in while stores are closed.
    const other = await buildUser(c.db, { role: 'super_admin', storeId: null });
    const client = c.client();
    expect((await client.login(other.email, other.password)).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json().authenticated).toBe(true);
  });

  it('takes no registrations: a shop link to it is refused, and the default skips it', async () => {
    const store = await buildStore(c.db);
    expect((await setOpen(store.id, false)).statusCode).toBe(200);
    const viaLink = await c.client().post('/api/auth/register', {
      email: 'closed-link@example.test',
      password: 'secret-123',
      name: 'Wanjiru',
      store_id: store.id,
    });
    expect(viaLink.statusCode).toBe(403);
    expect(viaLink.json()).toEqual(CLOSED);
    // No account was written: the email is still free once the store reopens.
    expect((await setOpen(store.id, true)).statusCode).toBe(200);
    const reopened = await c.client().post('/api/auth/register', {
      email: 'closed-link@example.test',
      password: 'secret-123',
      name: 'Wanjiru',
      store_id: store.id,
    });
    expect(reopened.statusCode).toBe(201);

    // Without a link a shopper joins the first open store, never a closed one.
    const [first] = (await chief.get('/api/stores')).json().data as { id: number }[];
    expect((await setOpen(first!.id, false)).statusCode).toBe(200);
    const byDefault = await c.client().post('/api/auth/register', {
      email: 'default-shopper@example.test',
      password: 'secret-123',
      name: 'Otieno',
    });
    expect(byDefault.statusCode).toBe(201);
    expect(byDefault.json().data.store_id).not.toBe(first!.id);
    expect((await setOpen(first!.id, true)).statusCode).toBe(200);
  });
});
