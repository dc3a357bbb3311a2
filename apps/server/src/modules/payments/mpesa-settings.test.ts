/**
 * The store's M-Pesa settings (issue 23) against the fake Daraja over real HTTP: saved without
 * ever answering or logging a secret, the C2B URLs registered (accepted, refused, unreachable →
 * a background job registers them once Daraja answers), and GET /api/payments/mpesa/config.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/build-app';
import type { DatabaseHandle } from '../../db/client';
import { DarajaClient } from '../../lib/daraja/daraja-client';
import {
  TestClient,
  TestClock,
  createTestApp,
  testConfig,
  type TestApp,
} from '../../testing/create-test-app';
import {
  DEMO_CONSUMER_KEY,
  DEMO_CONSUMER_SECRET,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  startFakeDaraja,
  type FakeDaraja,
} from '../../testing/fake-daraja';
import { buildStore, buildUser, signedIn } from '../../testing/factories';
import { openTestDatabase } from '../../testing/test-database';

const settings = {
  shortcode: SANDBOX_SHORTCODE,
  kind: 'paybill',
  passkey: SANDBOX_PASSKEY,
  consumer_key: DEMO_CONSUMER_KEY,
  consumer_secret: DEMO_CONSUMER_SECRET,
  environment: 'sandbox',
};

const path = (store: number) => `/api/stores/${store}/mpesa-settings`;

let t: TestApp;
let fake: FakeDaraja;

beforeAll(async () => {
  fake = await startFakeDaraja({ callbackDelayMs: 0 });
  t = await createTestApp({
    daraja: { baseUrl: fake.baseUrl },
    publicUrl: 'https://duka.example.co.ke',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  fake.c2bVersions = ['v1', 'v2'];
  fake.mode = 'sandbox';
});

async function managerOfNewStore() {
  const store = (await buildStore(t.db)).id;
  const { client } = await signedIn(t, 'manager', store);
  return { store, manager: client };
}

describe('GET/PUT /api/stores/{id}/mpesa-settings', () => {
  it('starts empty with the three hook URLs; saves, registers with Daraja, never answers a secret', async () => {
    const { store, manager } = await managerOfNewStore();
    const empty = await manager.get(path(store));
    expect(empty.statusCode, empty.body).toBe(200);
    const data = empty.json().data;
    expect(data).toMatchObject({
      shortcode: null,
      kind: null,
      has_passkey: false,
      has_consumer_secret: false,
      c2b_registered_at: null,
      c2b_registration_error: null,
    });
    expect(data.callback_url).toMatch(
      /^https:\/\/duka\.example\.co\.ke\/api\/hooks\/daraja\/[0-9a-f]{64}\/stk$/,
    );
    const token = (data.callback_url as string).split('/')[6];
    expect(data.validation_url).toBe(
      `https://duka.example.co.ke/api/hooks/daraja/${token}/validation`,
    );
    expect(data.confirmation_url).toBe(
      `https://duka.example.co.ke/api/hooks/daraja/${token}/confirmation`,
    );

    const saved = await manager.put(path(store), settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      shortcode: '174379',
      kind: 'paybill',
      party_b: null,
      environment: 'sandbox',
      consumer_key: DEMO_CONSUMER_KEY,
      has_passkey: true,
      has_consumer_secret: true,
      c2b_registered_at: t.clock.now().toISOString(),
      c2b_registration_error: null,
      callback_url: data.callback_url,
    });
    expect(fake.registrations.get('174379')).toMatchObject({
      responseType: 'Completed',
      confirmationUrl: data.confirmation_url,
      validationUrl: data.validation_url,
    });
    for (const answer of [saved.body, (await manager.get(path(store))).body]) {
      expect(answer).not.toContain(SANDBOX_PASSKEY);
      expect(answer).not.toContain(DEMO_CONSUMER_SECRET);
    }

    // A later save keeps the secrets left out; a till needs its till number.
    const till = await manager.put(path(store), {
      shortcode: '174379',
      kind: 'till',
      party_b: '5123456',
      environment: 'sandbox',
    });
    expect(till.statusCode, till.body).toBe(200);
    expect(till.json().data).toMatchObject({
      kind: 'till',
      party_b: '5123456',
      has_passkey: true,
      has_consumer_secret: true,
      consumer_key: DEMO_CONSUMER_KEY,
    });
  });

  it('refuses a first save without a secret, and a till without its till number, naming the field', async () => {
    const { store, manager } = await managerOfNewStore();
    for (const [field, message] of [
      ['passkey', 'Passkey is required'],
      ['consumer_key', 'Consumer key is required'],
      ['consumer_secret', 'Consumer secret is required'],
    ] as const) {
      const body: Record<string, unknown> = { ...settings };
      delete body[field];
      const response = await manager.put(path(store), body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([{ path: field, message }]);
    }
    const till = await manager.put(path(store), { ...settings, kind: 'till' });
    expect(till.statusCode).toBe(400);
    expect(till.json().errors).toEqual([
      { path: 'party_b', message: 'Till number is required for a till' },
    ]);
    expect((await manager.get(path(store))).json().data.shortcode).toBeNull();
  });

  it("keeps the settings and shows Daraja's refusal in plain words", async () => {
    const { store, manager } = await managerOfNewStore();
    const badKey = await manager.put(path(store), { ...settings, consumer_secret: 'not-it' });
    expect(badKey.statusCode, badKey.body).toBe(200);
    expect(badKey.json().data).toMatchObject({
      shortcode: '174379',
      has_consumer_secret: true,
      c2b_registered_at: null,
      c2b_registration_error: 'M-Pesa refused the registration: Invalid Authentication passed',
    });

    // Production registers once: another store's second registration of the shortcode is refused.
    fake.mode = 'production';
    fake.registrations.clear();
    const first = await managerOfNewStore();
    expect((await first.manager.put(path(first.store), settings)).json().data).toMatchObject({
      c2b_registration_error: null,
    });
    const other = await managerOfNewStore();
    const again = await other.manager.put(path(other.store), settings);
    expect(again.json().data).toMatchObject({
      c2b_registered_at: null,
      c2b_registration_error: 'M-Pesa refused the registration: Urls are already registered',
    });
    // No job for a refusal: only an unreachable Daraja is tried again.
    expect(await t.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
  });

  it('does not call Daraja with an address holding a word Safaricom refuses', async () => {
    const local = await createTestApp({
      daraja: { baseUrl: fake.baseUrl },
      publicUrl: 'https://mpesa-shop.example.com',
    });
    try {
      const store = (await buildStore(local.db)).id;
      const { client } = await signedIn(local, 'manager', store);
      const before = fake.requests.length;
      const saved = await client.put(path(store), settings);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.c2b_registration_error).toBe(
        "The address https://mpesa-shop.example.com contains 'mpesa', which Safaricom refuses " +
          'in a callback URL: set PUBLIC_URL to an address without it',
      );
      expect(fake.requests.length).toBe(before);
    } finally {
      await local.close();
    }
  });

  it('Daraja unreachable: saved, the manager told, and a job registers the URLs once it answers', async () => {
    // Daraja's address, with nothing listening there yet.
    const probe = await startFakeDaraja();
    const port = probe.port;
    await probe.close();
    const local = await createTestApp({
      daraja: { baseUrl: `http://127.0.0.1:${port}` },
      publicUrl: 'https://duka.example.co.ke',
    });
    let later: FakeDaraja | undefined;
    try {
      const store = (await buildStore(local.db)).id;
      const { client } = await signedIn(local, 'manager', store);
      const saved = await client.put(path(store), settings);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({
        has_passkey: true,
        c2b_registered_at: null,
        c2b_registration_error:
          'M-Pesa could not be reached: the URLs will be registered when it answers',
      });
      // The retry waits its turn, and fails again while Daraja is still away.
      expect(await local.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
      local.clock.advance(local.config.jobs.retryBaseMs);
      expect(await local.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 });

      later = await startFakeDaraja({ port });
      local.clock.advance(2 * local.config.jobs.retryBaseMs);
      expect(await local.app.jobs.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
      const data = (await client.get(path(store))).json().data;
      expect(data).toMatchObject({
        c2b_registered_at: local.clock.now().toISOString(),
        c2b_registration_error: null,
      });
      expect(later.registrations.get('174379')?.confirmationUrl).toBe(data.confirmation_url);
      // The job's payload holds no secret.
      const jobs = (await client.get('/api/jobs')).body;
      expect(jobs).not.toContain(SANDBOX_PASSKEY);
      expect(jobs).not.toContain(DEMO_CONSUMER_SECRET);
    } finally {
      await local.close();
      await later?.close();
    }
  });

  it('is the managers of the store: a cashier 403, another store 404, a super_admin any store', async () => {
    const { store, manager } = await managerOfNewStore();
    const other = await managerOfNewStore();
    const { client: cashier } = await signedIn(t, 'sales', store);
    expect((await cashier.get(path(store))).statusCode).toBe(403);
    expect((await cashier.put(path(store), settings)).statusCode).toBe(403);
    expect((await manager.get(path(other.store))).statusCode).toBe(404);
    expect((await manager.put(path(other.store), settings)).statusCode).toBe(404);
    const { client: admin } = await signedIn(t, 'super_admin', store);
    const saved = await admin.put(path(other.store), settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await other.manager.get(path(other.store))).json().data.shortcode).toBe('174379');
  });
});

describe('GET /api/payments/mpesa/config', () => {
  it('tells the till whether prompts can be sent, where a customer pays, whether confirmations come', async () => {
    const { store, manager } = await managerOfNewStore();
    const { client: cashier } = await signedIn(t, 'sales', store);
    const before = await cashier.get('/api/payments/mpesa/config');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({
      prompts_enabled: false,
      kind: null,
      pay_to: null,
      receives_confirmations: false,
    });
    await manager.put(path(store), { ...settings, kind: 'till', party_b: '5123456' });
    expect((await cashier.get('/api/payments/mpesa/config')).json().data).toEqual({
      prompts_enabled: true,
      kind: 'till',
      pay_to: '5123456',
      receives_confirmations: true,
    });
    await manager.put(path(store), { ...settings, consumer_secret: 'not-it' });
    expect((await cashier.get('/api/payments/mpesa/config')).json().data).toEqual({
      prompts_enabled: true,
      kind: 'paybill',
      pay_to: '174379',
      // Same shortcode and app: the earlier registration still stands.
      receives_confirmations: true,
    });
  });
});

describe('logs', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = await buildApp({
      db: handle.db,
      config: testConfig({ logLevel: 'trace', daraja: { baseUrl: fake.baseUrl } }),
      clock: new TestClock(),
      daraja: new DarajaClient({ baseUrl: fake.baseUrl }),
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('hold none of the three secrets of a save, accepted or refused', async () => {
    const store = await buildStore(handle.db);
    const user = await buildUser(handle.db, { role: 'manager', storeId: store.id });
    const client = new TestClient(app);
    await client.login(user.email, user.password);
    const secrets = {
      passkey: 'a-passkey-no-log-may-hold',
      consumer_key: DEMO_CONSUMER_KEY,
      consumer_secret: DEMO_CONSUMER_SECRET,
    };
    fake.shortcodes.push({ shortcode: '600984', passkey: secrets.passkey });
    const saved = await client.put(path(store.id), {
      ...settings,
      shortcode: '600984',
      ...secrets,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await client.put(path(store.id), { ...settings, consumer_secret: 'x-not-it' });
    expect(refused.json().data.c2b_registration_error).toContain('refused');
    const bad = await client.put(path(store.id), { ...settings, kind: 'bogus' });
    expect(bad.statusCode).toBe(400);

    const log = lines.join('\n');
    expect(log).toContain('mpesa-settings');
    for (const secret of [secrets.passkey, SANDBOX_PASSKEY, DEMO_CONSUMER_SECRET, 'x-not-it']) {
      expect(log).not.toContain(secret);
    }
    // The Basic credentials either.
    expect(log).not.toContain(Buffer.from(`${DEMO_CONSUMER_KEY}:`).toString('base64').slice(0, 12));
  });
});
