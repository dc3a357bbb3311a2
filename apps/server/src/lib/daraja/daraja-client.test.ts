/**
 * The Daraja client against the in-repo fake over real HTTP (issue 23): the exact protocol, the
 * token cache, the invalid-token refetch, the error envelope, the registerurl fallback.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_CONSUMER_KEY,
  DEMO_CONSUMER_SECRET,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  startFakeDaraja,
  type FakeDaraja,
} from '../../testing/fake-daraja';
import {
  DarajaClient,
  DarajaError,
  darajaPassword,
  darajaTimestamp,
  type DarajaMerchant,
} from './daraja-client';

describe('darajaTimestamp / darajaPassword', () => {
  it('is YYYYMMDDHHmmss in Nairobi time (UTC+3), across midnight and the new year', () => {
    expect(darajaTimestamp(new Date('2026-11-26T21:30:00Z'))).toBe('20261127003000');
    expect(darajaTimestamp(new Date('2026-12-31T22:00:05Z'))).toBe('20270101010005');
    expect(darajaTimestamp(new Date('2026-06-01T09:04:08Z'))).toBe('20260601120408');
  });

  it("is base64(shortcode + passkey + timestamp): Daraja's own sample password", () => {
    const password = darajaPassword(SANDBOX_SHORTCODE, SANDBOX_PASSKEY, '20210628092408');
    // The Password of Daraja's MpesaExpressSimulate sample (research notes §1.2).
    expect(password).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjEwNjI4MDkyNDA4',
    );
    expect(Buffer.from(password, 'base64').toString('utf8')).toBe(
      `174379${SANDBOX_PASSKEY}20210628092408`,
    );
  });
});

const paybill: DarajaMerchant = {
  environment: 'sandbox',
  consumerKey: DEMO_CONSUMER_KEY,
  consumerSecret: DEMO_CONSUMER_SECRET,
  shortcode: SANDBOX_SHORTCODE,
  kind: 'paybill',
  partyB: null,
  passkey: SANDBOX_PASSKEY,
};

const prompt = {
  amount: 150,
  phone: '254708374149',
  callbackUrl: 'https://shop.example/api/hooks/daraja/abc/stk',
  accountReference: 'A1B2C3D4',
  transactionDesc: 'Duka sale',
};

describe('DarajaClient against the fake Daraja', () => {
  let fake: FakeDaraja;
  let client: DarajaClient;

  beforeEach(async () => {
    fake = await startFakeDaraja({ callbackDelayMs: Infinity });
    client = new DarajaClient({ baseUrl: fake.baseUrl });
  });
  afterEach(() => fake.close());

  it('sends an STK push exactly as Daraja takes it (paybill and till)', async () => {
    const at = new Date('2026-11-26T21:30:00Z');
    const accepted = await client.stkPush(paybill, prompt, at);
    expect(accepted.responseCode).toBe('0');
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_\d+$/);
    const push = fake.requests.find((r) => r.path === '/mpesa/stkpush/v1/processrequest')!;
    expect(push.status).toBe(200);
    expect(push.body).toEqual({
      BusinessShortCode: '174379',
      Password: darajaPassword('174379', SANDBOX_PASSKEY, '20261127003000'),
      Timestamp: '20261127003000',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 150,
      PartyA: '254708374149',
      PartyB: '174379',
      PhoneNumber: '254708374149',
      CallBackURL: prompt.callbackUrl,
      AccountReference: 'A1B2C3D4',
      TransactionDesc: 'Duka sale',
    });

    await client.stkPush({ ...paybill, kind: 'till', partyB: '5123456' }, prompt, at);
    expect(fake.stk[1]).toMatchObject({
      transactionType: 'CustomerBuyGoodsOnline',
      partyB: '5123456',
      shortcode: '174379',
    });
  });

  it('asks for one token for many calls, also when they start together', async () => {
    await Promise.all([
      client.stkPush(paybill, prompt),
      client.stkPush(paybill, { ...prompt, phone: '254708374150' }),
      client.accessToken(paybill),
    ]);
    await client.stkPush(paybill, { ...prompt, phone: '254708374151' });
    expect(fake.tokensIssued).toBe(1);
    const tokenRequests = fake.requests.filter((r) => r.path === '/oauth/v1/generate');
    expect(tokenRequests).toHaveLength(1);
  });

  it('fetches a new token once the cached one is about to expire', async () => {
    let now = Date.parse('2026-11-26T08:00:00Z');
    const timed = new DarajaClient({ baseUrl: fake.baseUrl, now: () => now });
    await timed.accessToken(paybill);
    now += 3599_000 - 61_000;
    await timed.accessToken(paybill);
    expect(fake.tokensIssued).toBe(1);
    now += 2_000;
    await timed.accessToken(paybill);
    expect(fake.tokensIssued).toBe(2);
  });

  it('on Invalid Access Token (another process took a new one) fetches a token once and repeats', async () => {
    await client.stkPush(paybill, prompt);
    fake.rotateTokens();
    const accepted = await client.stkPush(paybill, { ...prompt, phone: '254708374150' });
    expect(accepted.responseCode).toBe('0');
    expect(fake.tokensIssued).toBe(2);
    const statuses = fake.requests
      .filter((r) => r.path === '/mpesa/stkpush/v1/processrequest')
      .map((r) => r.status);
    expect(statuses).toEqual([200, 404, 200]);

    // Refused again after the refetch: no loop, the error comes back.
    const invalid = { status: 404, errorCode: '404.001.03', errorMessage: 'Invalid Access Token' };
    fake.failNext(invalid, 2, '/mpesa/stkpush/v1/processrequest');
    const error = await client.stkPush(paybill, prompt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ status: 404, errorCode: '404.001.03' });
    expect(fake.tokensIssued).toBe(3);
  });

  it("turns Daraja's error envelope into a DarajaError (not retryable unless busy)", async () => {
    const wrong = await client
      .stkPush({ ...paybill, passkey: 'not-the-passkey' }, prompt)
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(DarajaError);
    expect(wrong).toMatchObject({
      failure: 'refused',
      status: 500,
      errorCode: '500.001.1001',
      errorMessage: 'Wrong credentials',
      retryable: false,
    });
    expect((wrong as DarajaError).requestId).toBeTruthy();

    const long = await client
      .stkPush(paybill, { ...prompt, phone: '0708374149' })
      .catch((e: unknown) => e);
    expect(long).toMatchObject({
      status: 400,
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid PartyA',
    });

    fake.failNext({ status: 500, errorCode: '500.003.02', errorMessage: 'System is busy' });
    const busy = await client.stkPush(paybill, prompt).catch((e: unknown) => e);
    expect(busy).toMatchObject({ errorCode: '500.003.02', retryable: true });

    const badKey = await new DarajaClient({ baseUrl: fake.baseUrl })
      .accessToken({ ...paybill, consumerSecret: 'wrong' })
      .catch((e: unknown) => e);
    expect(badKey).toMatchObject({ status: 400, errorCode: '400.008.01', retryable: false });
    // The secret is in no error text.
    expect(String((badKey as Error).message)).not.toContain('wrong');
  });

  it('says unreachable or timeout, retryable, when Daraja does not answer', async () => {
    const closed = await startFakeDaraja();
    const deadUrl = closed.baseUrl;
    await closed.close();
    const unreachable = await new DarajaClient({ baseUrl: deadUrl })
      .stkPush(paybill, prompt)
      .catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ failure: 'unreachable', status: null, retryable: true });

    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const slow = await new DarajaClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 })
        .accessToken(paybill)
        .catch((e: unknown) => e);
      expect(slow).toMatchObject({ failure: 'timeout', retryable: true });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('queries a prompt: pending until the customer answers, then the ResultCode', async () => {
    const accepted = await client.stkPush(paybill, { ...prompt, phone: '254712341032' });
    expect(await client.stkQuery(paybill, accepted.checkoutRequestId)).toEqual({
      pending: true,
      message: 'The transaction is being processed',
    });
    await fake.answer();
    expect(await client.stkQuery(paybill, accepted.checkoutRequestId)).toEqual({
      pending: false,
      merchantRequestId: accepted.merchantRequestId,
      checkoutRequestId: accepted.checkoutRequestId,
      resultCode: '1032',
      resultDesc: 'Request cancelled by user',
    });
  });

  it('registers the C2B URLs on v1, and on v2 when the app has only that product', async () => {
    const urls = {
      shortcode: '600984',
      confirmationUrl: 'https://shop.example/api/hooks/daraja/abc/confirmation',
      validationUrl: 'https://shop.example/api/hooks/daraja/abc/validation',
    };
    expect(await client.registerC2bUrls(paybill, urls)).toMatchObject({
      version: 'v1',
      responseCode: '0',
    });
    expect(fake.registrations.get('600984')).toMatchObject({
      responseType: 'Completed',
      confirmationUrl: urls.confirmationUrl,
      version: 'v1',
    });

    fake.c2bVersions = ['v2'];
    expect(await client.registerC2bUrls(paybill, urls)).toMatchObject({ version: 'v2' });
    const paths = fake.requests.filter((r) => r.path.includes('registerurl'));
    expect(paths.map((r) => [r.path, r.status])).toEqual([
      ['/mpesa/c2b/v1/registerurl', 200],
      ['/mpesa/c2b/v1/registerurl', 401],
      ['/mpesa/c2b/v2/registerurl', 200],
    ]);

    fake.mode = 'production';
    const again = await client.registerC2bUrls(paybill, urls).catch((e: unknown) => e);
    expect(again).toMatchObject({
      errorCode: '500.003.1001',
      errorMessage: 'Urls are already registered',
    });
  });
});

describe('the fake posts callbacks as Safaricom does', () => {
  let fake: FakeDaraja;
  let app: Server;
  const received: { path: string; body: unknown }[] = [];
  let origin = '';

  beforeEach(async () => {
    received.length = 0;
    app = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{"ResultCode":0,"ResultDesc":"Accepted"}');
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    fake = await startFakeDaraja({ callbackDelayMs: 0 });
  });
  afterEach(async () => {
    await fake.close();
    await new Promise<void>((resolve) => app.close(() => resolve()));
  });

  it('a paid prompt: CallbackMetadata with numbers, looked up by name; a cancel: four scalars', async () => {
    const client = new DarajaClient({ baseUrl: fake.baseUrl });
    await client.stkPush(paybill, { ...prompt, callbackUrl: `${origin}/stk` });
    await client.stkPush(paybill, {
      ...prompt,
      phone: '254712341032',
      callbackUrl: `${origin}/stk`,
    });
    await fake.idle();
    expect(received).toHaveLength(2);
    const paid = received.find(
      (r) =>
        (r.body as { Body: { stkCallback: { ResultCode: number } } }).Body.stkCallback
          .ResultCode === 0,
    )!.body as {
      Body: { stkCallback: { CallbackMetadata: { Item: { Name: string; Value?: unknown }[] } } };
    };
    const items = Object.fromEntries(
      paid.Body.stkCallback.CallbackMetadata.Item.map((item) => [item.Name, item.Value]),
    );
    expect(items.Amount).toBe(150);
    expect(items.MpesaReceiptNumber).toMatch(/^[A-Z0-9]{10}$/);
    expect(typeof items.TransactionDate).toBe('number');
    expect(String(items.TransactionDate)).toMatch(/^\d{14}$/);
    expect(items.PhoneNumber).toBe(254708374149);
    const cancelled = received.find(
      (r) =>
        (r.body as { Body: { stkCallback: { ResultCode: number } } }).Body.stkCallback
          .ResultCode === 1032,
    )!.body as { Body: { stkCallback: Record<string, unknown> } };
    expect(Object.keys(cancelled.Body.stkCallback).sort()).toEqual([
      'CheckoutRequestID',
      'MerchantRequestID',
      'ResultCode',
      'ResultDesc',
    ]);
  });

  it('callback twice, never, and a C2B confirmation with the v2 body (and redelivered)', async () => {
    const client = new DarajaClient({ baseUrl: fake.baseUrl });
    fake.respond('0712345678', 'callback_twice');
    await client.stkPush(paybill, {
      ...prompt,
      phone: '254712345678',
      callbackUrl: `${origin}/twice`,
    });
    const lost = await client.stkPush(paybill, {
      ...prompt,
      phone: '254712340404',
      callbackUrl: `${origin}/never`,
    });
    await fake.idle();
    expect(received.map((r) => r.path)).toEqual(['/twice', '/twice']);
    expect(await client.stkQuery(paybill, lost.checkoutRequestId)).toMatchObject({
      pending: false,
      resultCode: '0',
    });

    received.length = 0;
    await client.registerC2bUrls(paybill, {
      shortcode: '600984',
      confirmationUrl: `${origin}/confirmation`,
      validationUrl: `${origin}/validation`,
    });
    const delivery = await fake.payToShortcode({
      shortcode: '600984',
      amount: 100,
      msisdn: '254708374126',
    });
    expect(received.map((r) => r.path)).toEqual(['/confirmation']);
    expect(received[0]!.body).toEqual({
      TransactionType: 'Buy Goods',
      TransID: delivery.body.TransID,
      TransTime: expect.stringMatching(/^\d{14}$/),
      TransAmount: '100.00',
      BusinessShortCode: '600984',
      BillRefNumber: '',
      InvoiceNumber: '',
      OrgAccountBalance: '100.00',
      ThirdPartyTransID: '',
      MSISDN: '2547 ***** 126',
      FirstName: 'JANE',
      MiddleName: '',
      LastName: '',
    });
    await fake.redeliver(delivery.body.TransID!);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toEqual(received[0]!.body);

    fake.validation.add('600984');
    await fake.payToShortcode({ shortcode: '600984', amount: 50, billRef: 'A1B2C3D4' });
    expect(received.slice(2).map((r) => r.path)).toEqual(['/validation', '/confirmation']);
  });

  it('with a registrations file (npm run dev), a restarted fake still delivers till payments', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fake-daraja-'));
    const file = join(dir, 'nested', 'registrations.json');
    const pay = (base: string) =>
      fetch(`${base}/__fake/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ shortcode: '600984', amount: 250 }),
      });
    try {
      const first = await startFakeDaraja({ callbackDelayMs: 0, registrationsFile: file });
      await new DarajaClient({ baseUrl: first.baseUrl }).registerC2bUrls(paybill, {
        shortcode: '600984',
        confirmationUrl: `${origin}/confirmation`,
        validationUrl: `${origin}/validation`,
      });
      await first.close();
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
        expect.objectContaining({ shortcode: '600984', confirmationUrl: `${origin}/confirmation` }),
      ]);

      const restarted = await startFakeDaraja({ callbackDelayMs: 0, registrationsFile: file });
      try {
        expect(restarted.registrations.get('600984')).toMatchObject({
          confirmationUrl: `${origin}/confirmation`,
        });
        expect((await pay(restarted.baseUrl)).status).toBe(200);
        expect(received.map((r) => r.path)).toEqual(['/confirmation']);
        expect(received[0]!.body).toMatchObject({ TransAmount: '250.00' });
      } finally {
        await restarted.close();
      }

      // Without the file (the tests' and e2e's fake) registrations live in memory only.
      expect((await pay(fake.baseUrl)).status).toBe(409);
      expect(received).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
