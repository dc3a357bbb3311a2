/**
 * STK push at the till (issue 23), over real HTTP against the fake Daraja: the app listens on a
 * port of its own with PUBLIC_URL there, so the fake's callbacks reach its hook as Safaricom's
 * would. The customer answers only when a test says so (fake.answer), and the status query job
 * runs under the test clock (runDueJobs). Callbacks posted by hand: stk-callback.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../jobs/jobs.table';
import { createTestApp, type TestClient } from '../../testing/create-test-app';
import {
  DEMO_CONSUMER_KEY,
  DEMO_CONSUMER_SECRET,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  startFakeDaraja,
  type FakeDaraja,
  type FakeStkOutcome,
} from '../../testing/fake-daraja';
import { buildStore, signedIn } from '../../testing/factories';
import { createListeningTestApp, type ListeningTestApp } from '../../testing/listening-app';
import { darajaHookTokenOf } from './daraja-token';
import { mpesaPayments, storeMpesaSettings } from './mpesa.table';
import { NO_ANSWER_DESC } from './stk-query.job';
import { STK_QUERY_JOB } from './stk.service';

let t: ListeningTestApp;
let fake: FakeDaraja;

/** Every answer the app gave in these tests: no secret may be in any. */
const answers: string[] = [];

interface Shop {
  store: number;
  token: string;
  cashier: TestClient;
}

type Settings = Partial<typeof storeMpesaSettings.$inferInsert>;

async function shop(name: string, settings: Settings = {}): Promise<Shop> {
  const store = (await buildStore(t.db, name)).id;
  const token = await darajaHookTokenOf(t.db, store);
  await t.db
    .update(storeMpesaSettings)
    .set({
      shortcode: SANDBOX_SHORTCODE,
      kind: 'paybill',
      environment: 'sandbox',
      passkey: SANDBOX_PASSKEY,
      consumerKey: DEMO_CONSUMER_KEY,
      consumerSecret: DEMO_CONSUMER_SECRET,
      ...settings,
    })
    .where(eq(storeMpesaSettings.storeId, store));
  const cashier = (await signedIn(t, 'sales', store)).client;
  return { store, token, cashier };
}

let phones = 0;
/** A phone of its own per prompt (Daraja refuses a second prompt to a busy phone). */
function nextPhone(): string {
  phones += 1;
  return `0712 ${String(100 + phones).padStart(3, '0')} 5${String(phones % 100).padStart(2, '0')}`;
}

async function prompt(s: Shop, body: Record<string, unknown>) {
  const response = await s.cashier.post('/api/payments/mpesa/stk', body);
  answers.push(response.body);
  return response;
}

/** Sends a prompt the customer answers with `outcome`; its id and the fake's record of it. */
async function sent(s: Shop, outcome: FakeStkOutcome, amount: number | string = 64.5) {
  const phone = nextPhone();
  fake.respond(phone, outcome);
  const response = await prompt(s, { phone, amount, sale_reference: 'A1B2C3D4' });
  expect(response.statusCode, response.body).toBe(201);
  const { data } = response.json<{ data: { id: number; checkout_request_id: string } }>();
  const item = fake.stk.find((entry) => entry.checkoutRequestId === data.checkout_request_id)!;
  expect(item).toBeDefined();
  return { id: data.id, checkout: data.checkout_request_id, item, phone };
}

async function status(s: Shop, id: number) {
  const response = await s.cashier.get(`/api/payments/mpesa/${id}`);
  answers.push(response.body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const row = async (id: number) =>
  (await t.db.select().from(mpesaPayments).where(eq(mpesaPayments.id, id)))[0]!;

const ACK = { ResultCode: 0, ResultDesc: 'Accepted' };

let paybill: Shop;
let till: Shop;
beforeAll(async () => {
  fake = await startFakeDaraja({ callbackDelayMs: Infinity });
  t = await createListeningTestApp({ daraja: { baseUrl: fake.baseUrl } });
  paybill = await shop('STK Paybill Store');
  till = await shop('STK Till Store', { kind: 'till', partyB: '5432109' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('POST /api/payments/mpesa/stk', () => {
  it('prompts the phone for the amount rounded up; the paid callback brings the receipt', async () => {
    const phone = nextPhone();
    const response = await prompt(paybill, { phone, amount: 64.5, sale_reference: 'A1B2C3D4' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      data: { id: expect.any(Number), status: 'pending', checkout_request_id: expect.any(String) },
    });
    const { id, checkout_request_id: checkout } = body.data;
    const item = fake.stk.find((entry) => entry.checkoutRequestId === checkout)!;
    expect(item).toMatchObject({
      shortcode: SANDBOX_SHORTCODE,
      transactionType: 'CustomerPayBillOnline',
      partyB: SANDBOX_SHORTCODE,
      amount: 65,
      phone: `254${phone.replace(/\D/g, '').slice(1)}`,
      callbackUrl: `${t.origin}/api/hooks/daraja/${paybill.token}/stk`,
      accountReference: 'A1B2C3D4',
      transactionDesc: 'Duka sale',
    });
    expect(await row(id)).toMatchObject({
      source: 'stk',
      status: 'pending',
      amount: '64.50',
      promptAmount: 65,
      reference: 'A1B2C3D4',
      merchantRequestId: item.merchantRequestId,
    });
    expect(await status(paybill, id)).toMatchObject({ status: 'pending', amount: 64.5 });

    await fake.answer(checkout);
    expect(item.callbacks.map((c) => [c.status, c.answer])).toEqual([[200, ACK]]);
    const paid = await status(paybill, id);
    expect(paid).toEqual({
      id,
      status: 'paid',
      result_code: '0',
      result_desc: 'The service request is processed successfully.',
      mpesa_receipt: item.receipt,
      amount: 64.5,
      phone: '+254' + phone.replace(/\D/g, '').slice(1),
      sale_id: null,
    });
    expect(item.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect((await row(id)).transactionTime).toMatch(/^\d{14}$/);

    // The status query job, due 30 s later, finds it settled and asks Daraja nothing.
    const before = JSON.stringify(await row(id));
    const queries = fake.requests.filter((r) => r.path.includes('stkpushquery')).length;
    t.clock.advance(30_000);
    await t.app.jobs.runDueJobs();
    expect(fake.requests.filter((r) => r.path.includes('stkpushquery')).length).toBe(queries);
    expect(JSON.stringify(await row(id))).toBe(before);
  });

  it("prompts a till's number with Buy Goods; without a sale reference, the store's name", async () => {
    const response = await prompt(till, { phone: nextPhone(), amount: '100' });
    expect(response.statusCode, response.body).toBe(201);
    const item = fake.stk.at(-1)!;
    expect(item).toMatchObject({
      transactionType: 'CustomerBuyGoodsOnline',
      shortcode: SANDBOX_SHORTCODE,
      partyB: '5432109',
      amount: 100,
      accountReference: 'STKTillStore',
    });
    await fake.answer(item.checkoutRequestId);
  });

  it.each([
    ['cancels', 'cancelled', '1032'],
    ['wrong_pin', 'failed', '2001'],
    ['insufficient', 'failed', '1'],
    ['no_answer', 'failed', '1037'],
  ] as const)('the customer %s → %s (%s)', async (outcome, expected, code) => {
    const { id, checkout } = await sent(paybill, outcome);
    await fake.answer(checkout);
    expect(await status(paybill, id)).toMatchObject({
      status: expected,
      result_code: code,
      result_desc: expect.any(String),
      mpesa_receipt: null,
    });
  });

  it('changes the request once when the callback comes twice', async () => {
    const { id, checkout, item } = await sent(paybill, 'callback_twice');
    await fake.answer(checkout);
    await fake.idle();
    expect(item.callbacks.map((c) => [c.status, c.answer])).toEqual([
      [200, ACK],
      [200, ACK],
    ]);
    const first = await row(id);
    expect(first).toMatchObject({ status: 'paid', mpesaReceipt: item.receipt });
    // A replay later changes nothing either (completed_at stays the first one's).
    t.clock.advance(10_000);
    const replay = await fetch(item.callbacks[0]!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(item.callbacks[0]!.body),
    });
    expect(await replay.json()).toEqual(ACK);
    expect(await row(id)).toEqual(first);
  });

  it('refuses a store whose M-Pesa settings are incomplete, writing nothing', async () => {
    const bare = await shop('STK Bare Store', { consumerSecret: null });
    const before = await t.db.select({ n: count() }).from(mpesaPayments);
    const response = await prompt(bare, { phone: nextPhone(), amount: 10 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'mpesa.not_configured',
      message: 'M-Pesa is not set up for this store: a manager enters its details in Settings',
    });
    const tillWithoutNumber = await shop('STK Till No Number', { kind: 'till', partyB: null });
    expect((await prompt(tillWithoutNumber, { phone: nextPhone(), amount: 10 })).statusCode).toBe(
      409,
    );
    expect(await t.db.select({ n: count() }).from(mpesaPayments)).toEqual(before);
  });

  it('says in plain words why Daraja refused the prompt, and records nothing', async () => {
    const rows = async () => [
      await t.db.select({ n: count() }).from(mpesaPayments),
      await t.db.select({ n: count() }).from(jobs),
    ];
    const before = await rows();
    fake.failNext(
      {
        status: 500,
        errorCode: '500.001.1001',
        errorMessage:
          'Unable to lock subscriber, a transaction is already in process for the current subscriber',
      },
      1,
      '/mpesa/stkpush/v1/processrequest',
    );
    const busy = await prompt(paybill, { phone: nextPhone(), amount: 10 });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(
      'This phone has another M-Pesa request in progress: wait a minute and try again',
    );

    const wrongPasskey = await shop('STK Wrong Passkey', { passkey: 'not-the-passkey' });
    const refused = await prompt(wrongPasskey, { phone: nextPhone(), amount: 10 });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      "M-Pesa refused the store's details: a manager should check them in Settings",
    );

    const wrongSecret = await shop('STK Wrong Secret', { consumerSecret: 'not-the-secret' });
    const noToken = await prompt(wrongSecret, { phone: nextPhone(), amount: 10 });
    expect(noToken.statusCode).toBe(502);
    expect(noToken.json().code).toBe('mpesa.details_refused');

    fake.failNext(
      { status: 503, errorCode: '500.003.02', errorMessage: 'System is busy. Please try again' },
      1,
      '/mpesa/stkpush/v1/processrequest',
    );
    const down = await prompt(paybill, { phone: nextPhone(), amount: 10 });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('M-Pesa could not be reached: try again or take cash');
    expect(await rows()).toEqual(before);
  });

  it('answers 503 when Daraja cannot be reached at all', async () => {
    const other = await createTestApp({ daraja: { baseUrl: 'http://127.0.0.1:9' } });
    try {
      const store = (await buildStore(other.db, 'Unreachable')).id;
      await darajaHookTokenOf(other.db, store);
      await other.db
        .update(storeMpesaSettings)
        .set({
          shortcode: SANDBOX_SHORTCODE,
          kind: 'paybill',
          environment: 'sandbox',
          passkey: SANDBOX_PASSKEY,
          consumerKey: DEMO_CONSUMER_KEY,
          consumerSecret: DEMO_CONSUMER_SECRET,
        })
        .where(eq(storeMpesaSettings.storeId, store));
      const { client } = await signedIn(other, 'sales', store);
      const response = await client.post('/api/payments/mpesa/stk', {
        phone: '0712 345 678',
        amount: 10,
      });
      answers.push(response.body);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'mpesa.unreachable',
        message: 'M-Pesa could not be reached: try again or take cash',
      });
      expect(await other.db.select({ n: count() }).from(mpesaPayments)).toEqual([{ n: 0 }]);
    } finally {
      await other.close();
    }
  });
});

describe('the status query job', () => {
  it('settles a request whose callback never came: paid, no receipt number yet', async () => {
    const { id, checkout, item } = await sent(paybill, 'no_callback');
    // Not answered yet at 30 s: Daraja says it is being processed; the job tries again.
    t.clock.advance(30_000);
    expect(await t.app.jobs.runDueJobs()).toMatchObject({ retried: 1 });
    expect((await status(paybill, id)).status).toBe('pending');
    await fake.answer(checkout);
    expect(item.callbacks).toEqual([]);
    t.clock.advance(15_000);
    expect(await t.app.jobs.runDueJobs()).toMatchObject({ done: 1 });
    expect(await status(paybill, id)).toMatchObject({
      status: 'paid',
      result_code: '0',
      mpesa_receipt: null,
    });
    // A duplicate job (or a late run) finds it settled and changes nothing.
    const settled = await row(id);
    await t.app.jobs.runDueJobs();
    expect(await row(id)).toEqual(settled);
  });

  it('fails a request with no answer about 3 minutes after the prompt', async () => {
    const { id } = await sent(paybill, 'pays');
    for (let waited = 0; waited < 6 * 60_000; waited += 15_000) {
      t.clock.advance(15_000);
      await t.app.jobs.runDueJobs();
      if ((await row(id)).status !== 'pending') break;
    }
    const failed = await row(id);
    expect(failed).toMatchObject({
      status: 'failed',
      resultCode: null,
      resultDesc: NO_ANSWER_DESC,
    });
    const elapsed = failed.completedAt!.getTime() - failed.createdAt.getTime();
    expect(elapsed).toBeGreaterThanOrEqual(3 * 60_000);
    expect(elapsed).toBeLessThan(5 * 60_000);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `stk-${id}`));
    expect(job).toMatchObject({ kind: STK_QUERY_JOB, state: 'done' });
  });
});

describe('secrets', () => {
  it('never appear in any answer', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) {
      expect(answer).not.toContain(SANDBOX_PASSKEY);
      expect(answer).not.toContain(DEMO_CONSUMER_SECRET);
      expect(answer).not.toContain('not-the-secret');
      expect(answer).not.toContain('not-the-passkey');
    }
  });
});
