/**
 * A local stand-in for Safaricom's Daraja API (issue 23, decisions/0013), speaking its protocol
 * over real HTTP exactly as research notes §1 give it — used by `npm run dev`
 * (scripts/fake-daraja.ts), the API tests and e2e:
 * - GET /oauth/v1/generate?grant_type=client_credentials with Basic auth of a configured app →
 *   `{ access_token, expires_in: '3599' }`; only an app's LATEST token is valid (each new token
 *   invalidates the previous one), anything else → 404.001.03 Invalid Access Token.
 * - POST /mpesa/stkpush/v1/processrequest: every field checked (Password must decode to a
 *   configured shortcode + its passkey + Timestamp → else 500.001.1001 Wrong credentials), the
 *   sync answer, then after `callbackDelayMs` the customer "answers" and the callback is POSTed
 *   to CallBackURL as Safaricom posts it.
 * - POST /mpesa/stkpushquery/v1/query: 500.001.1001 'The transaction is being processed' until
 *   the customer answered, then ResultCode/ResultDesc (no receipt number, as documented).
 * - POST /mpesa/c2b/v1|v2/registerurl (URLs kept per ShortCode), /mpesa/c2b/v1|v2/simulate
 *   (sandbox only) → validation (when enabled for the shortcode) and confirmation POSTed to the
 *   registered URLs with the v2 body (TransAmount a string, MSISDN masked).
 * Errors use Daraja's envelope `{ requestId, errorCode, errorMessage }`, HTTP status = the
 * code's first part.
 *
 * The customer's response is chosen per phone: `respond(phone, outcome)`, else by the phone's
 * last four digits (PHONE_ENDINGS below; README "M-Pesa locally"), else 'pays'.
 * Control endpoints for browser tests and people: POST /__fake/respond {phone, outcome},
 * POST /__fake/pay {shortcode, amount, msisdn?, bill_ref?, first_name?}, POST /__fake/redeliver
 * {trans_id}, POST /__fake/answer {checkout_request_id?}, GET /__fake/requests, GET /__fake/stk,
 * GET /__fake/registrations.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { hasForbiddenUrlWord } from '@duka/shared/payments/mpesa.schemas';
import { darajaTimestamp } from '../lib/daraja/daraja-client';

/** Daraja's sandbox Lipa na M-Pesa Online shortcode and passkey (research notes §1.4). */
export const SANDBOX_SHORTCODE = '174379';
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
/** The demo store's Daraja app in development (the demo seed uses exactly these). */
export const DEMO_CONSUMER_KEY = 'duka-demo-key';
export const DEMO_CONSUMER_SECRET = 'duka-demo-secret';

export const FAKE_STK_OUTCOMES = [
  'pays',
  'cancels',
  'no_answer',
  'wrong_pin',
  'insufficient',
  'no_callback',
  'callback_twice',
] as const;
export type FakeStkOutcome = (typeof FAKE_STK_OUTCOMES)[number];

/** Without respond(): the phone's last four digits choose the customer's answer. */
export const PHONE_ENDINGS: Record<string, FakeStkOutcome> = {
  '1032': 'cancels',
  '1037': 'no_answer',
  '2001': 'wrong_pin',
  '0001': 'insufficient',
  '0404': 'no_callback',
  '0002': 'callback_twice',
};

/** ResultCode and ResultDesc of each outcome (research notes §1.2). */
const RESULTS: Record<FakeStkOutcome, { code: number; desc: string }> = {
  pays: { code: 0, desc: 'The service request is processed successfully.' },
  no_callback: { code: 0, desc: 'The service request is processed successfully.' },
  callback_twice: { code: 0, desc: 'The service request is processed successfully.' },
  cancels: { code: 1032, desc: 'Request cancelled by user' },
  no_answer: { code: 1037, desc: 'DS timeout user cannot be reached' },
  wrong_pin: { code: 2001, desc: 'The initiator information is invalid' },
  insufficient: { code: 1, desc: 'The balance is insufficient for the transaction' },
};

export interface FakeDarajaApp {
  consumerKey: string;
  consumerSecret: string;
}

export interface FakeDarajaShortcode {
  shortcode: string;
  passkey: string;
}

export interface FakeDarajaRequest {
  method: string;
  path: string;
  /** The parsed JSON body (null for none or not JSON). */
  body: unknown;
  /** What the fake answered. */
  status: number;
  at: string;
}

export interface FakeCallback {
  url: string;
  body: unknown;
  /** The app's HTTP status; null when it could not be reached. */
  status: number | null;
  /** The app's answer (its JSON, else text). */
  answer: unknown;
}

export interface FakeStkRequest {
  merchantRequestId: string;
  checkoutRequestId: string;
  shortcode: string;
  transactionType: string;
  partyB: string;
  amount: number;
  phone: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string;
  outcome: FakeStkOutcome;
  /** Set once the customer answered (the query then knows). */
  result: { code: number; desc: string } | null;
  receipt: string | null;
  callbacks: FakeCallback[];
}

export interface FakeC2bRegistration {
  shortcode: string;
  responseType: 'Completed' | 'Cancelled';
  confirmationUrl: string;
  validationUrl: string;
  version: 'v1' | 'v2';
}

export interface FakePayment {
  shortcode: string;
  /** KSh, may have cents. */
  amount: number;
  /** 2547…; default the sandbox test MSISDN. */
  msisdn?: string;
  /** The account number typed (paybill). */
  billRef?: string;
  firstName?: string;
  /** Default: CustomerBuyGoodsOnline unless a billRef is given. */
  commandId?: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
}

export interface FakeC2bDelivery {
  /** The v2 body posted (validation has OrgAccountBalance ''). */
  body: Record<string, string>;
  validation: FakeCallback | null;
  /** Null when validation rejected the payment or no URLs are registered. */
  confirmation: FakeCallback | null;
  confirmations: FakeCallback[];
}

export interface FakeDarajaError {
  status: number;
  errorCode: string;
  errorMessage: string;
}

export interface FakeDarajaOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default: the demo app (duka-demo-key / duka-demo-secret). */
  apps?: FakeDarajaApp[];
  /** Default: the sandbox shortcode 174379 with its passkey. */
  shortcodes?: FakeDarajaShortcode[];
  /**
   * How long the customer takes to answer a prompt (default 1500 ms; tests 0). Infinity: only
   * answer() answers (a test of the status query while the customer has not answered).
   */
  callbackDelayMs?: number;
  /** 'production': registering URLs twice is refused and simulate does not exist. */
  mode?: 'sandbox' | 'production';
  /** Which registerurl versions the app has the product for (default both). */
  c2bVersions?: ('v1' | 'v2')[];
  /** An unanswered prompt to a phone refuses another to it, as Daraja does (default off). */
  lockSubscriber?: boolean;
  /** Called with one line per event (the dev script prints them). */
  onEvent?: (line: string) => void;
  /**
   * A JSON file that keeps the C2B URL registrations across restarts, as Safaricom keeps them
   * (the dev script's FAKE_DARAJA_REGISTRATIONS); read at start, rewritten on each registration.
   * Default none: registrations live in memory only (tests).
   */
  registrationsFile?: string;
}

export interface FakeDaraja {
  baseUrl: string;
  port: number;
  apps: FakeDarajaApp[];
  shortcodes: FakeDarajaShortcode[];
  /** Every request that reached the fake, in order. */
  requests: FakeDarajaRequest[];
  /** Every token request (GET /oauth/v1/generate) that got a token. */
  readonly tokensIssued: number;
  stk: FakeStkRequest[];
  registrations: Map<string, FakeC2bRegistration>;
  /** Shortcodes with External Validation enabled (off by default, research notes §1.3). */
  validation: Set<string>;
  callbackDelayMs: number;
  mode: 'sandbox' | 'production';
  c2bVersions: ('v1' | 'v2')[];
  /** The customer at `phone` (any form: 07…, +254…, 254…) answers every prompt so. */
  respond(phone: string, outcome: FakeStkOutcome): void;
  /** The outcome a prompt to `phone` gets now. */
  outcomeFor(phone: string): FakeStkOutcome;
  /** The next `count` Daraja API calls (optionally only on `path`) answer this error. */
  failNext(error: FakeDarajaError, count?: number, path?: string): void;
  /** Another process took a new token: every token the apps hold is now invalid. */
  rotateTokens(): void;
  /** Makes every unanswered prompt (or the one named) answered now; waits for its callbacks. */
  answer(checkoutRequestId?: string): Promise<void>;
  /** A customer pays the shortcode from their own phone; resolves once delivered. */
  payToShortcode(payment: FakePayment): Promise<FakeC2bDelivery>;
  /** Posts the same confirmation again (Safaricom's duplicates). */
  redeliver(transId: string): Promise<FakeCallback>;
  /** Resolves once every scheduled answer and callback is done. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly errorMessage: string,
  ) {
    super(errorMessage);
  }
}

const badRequest = (field: string) =>
  new Refusal(400, '400.002.02', `Bad Request - Invalid ${field}`);

/** 07XXXXXXXX / +2547… / 2547… → 2547…; anything else as given. */
function normalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (/^0[17]\d{8}$/.test(digits)) return `254${digits.slice(1)}`;
  return digits;
}

const PHONE = /^254[17]\d{8}$/;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomChars(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** 2547 ***** 126 (research notes §1.3, v2). */
export function maskedMsisdn(msisdn: string): string {
  return `${msisdn.slice(0, 4)} ***** ${msisdn.slice(-3)}`;
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function post(url: string, body: unknown): Promise<FakeCallback> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const raw = await response.text();
    let answer: unknown = raw;
    try {
      answer = JSON.parse(raw);
    } catch {
      // Not JSON: keep the text.
    }
    return { url, body, status: response.status, answer };
  } catch {
    return { url, body, status: null, answer: null };
  }
}

function isRegistration(value: unknown): value is FakeC2bRegistration {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.shortcode === 'string' &&
    (item.responseType === 'Completed' || item.responseType === 'Cancelled') &&
    isUrl(item.confirmationUrl) &&
    isUrl(item.validationUrl) &&
    (item.version === 'v1' || item.version === 'v2')
  );
}

/** The registrations kept in `file`; none when it is missing or not ours. */
function loadRegistrations(file: string | undefined): FakeC2bRegistration[] {
  if (!file) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter(isRegistration) : [];
}

/** Written whole to a sibling file, then renamed over: a crash never leaves half a file. */
function saveRegistrations(file: string, items: FakeC2bRegistration[]) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(items, null, 2)}\n`);
  renameSync(temporary, file);
}

export async function startFakeDaraja({
  port: listenPort = 0,
  apps = [{ consumerKey: DEMO_CONSUMER_KEY, consumerSecret: DEMO_CONSUMER_SECRET }],
  shortcodes = [{ shortcode: SANDBOX_SHORTCODE, passkey: SANDBOX_PASSKEY }],
  callbackDelayMs = 1500,
  mode = 'sandbox',
  c2bVersions = ['v1', 'v2'],
  lockSubscriber = false,
  onEvent,
  registrationsFile,
}: FakeDarajaOptions = {}): Promise<FakeDaraja> {
  const requests: FakeDarajaRequest[] = [];
  const stk: FakeStkRequest[] = [];
  const registrations = new Map<string, FakeC2bRegistration>(
    loadRegistrations(registrationsFile).map((item) => [item.shortcode, item]),
  );
  const validation = new Set<string>();
  const responses = new Map<string, FakeStkOutcome>();
  /** Latest token per consumer key, with its expiry. */
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  const confirmations = new Map<string, { url: string; body: Record<string, string> }>();
  const balances = new Map<string, number>();
  const failures: { error: FakeDarajaError; path: string | undefined }[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  const work = new Set<Promise<unknown>>();
  let tokensIssued = 0;
  const usedReceipts = new Set<string>();
  const log = (line: string) => onEvent?.(line);

  const track = <T>(promise: Promise<T>): Promise<T> => {
    work.add(promise);
    void promise.finally(() => work.delete(promise)).catch(() => undefined);
    return promise;
  };

  const newReceipt = () => {
    for (;;) {
      const receipt = randomChars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 3) + randomChars(ALNUM, 7);
      if (!usedReceipts.has(receipt)) {
        usedReceipts.add(receipt);
        return receipt;
      }
    }
  };

  const outcomeFor = (phone: string): FakeStkOutcome => {
    const normal = normalPhone(phone);
    return responses.get(normal) ?? PHONE_ENDINGS[normal.slice(-4)] ?? 'pays';
  };

  const fake: FakeDaraja = {
    baseUrl: '',
    port: 0,
    apps,
    shortcodes,
    requests,
    get tokensIssued() {
      return tokensIssued;
    },
    stk,
    registrations,
    validation,
    callbackDelayMs,
    mode,
    c2bVersions,
    respond: (phone, outcome) => {
      responses.set(normalPhone(phone), outcome);
    },
    outcomeFor,
    failNext: (error, count = 1, path) => {
      for (let i = 0; i < count; i += 1) failures.push({ error, path });
    },
    rotateTokens: () => {
      for (const [key, value] of tokens) {
        tokens.set(key, { ...value, token: randomChars(ALNUM, 28) });
      }
    },
    answer: async (checkoutRequestId) => {
      const waiting = stk.filter(
        (item) =>
          item.result === null &&
          (checkoutRequestId === undefined || item.checkoutRequestId === checkoutRequestId),
      );
      await Promise.all(waiting.map((item) => settle(item)));
    },
    payToShortcode: (payment) => track(deliverC2b(payment)),
    redeliver: async (transId) => {
      const sent = confirmations.get(transId);
      if (!sent) throw new Error(`No confirmation ${transId} was sent`);
      log(`[fake Daraja] confirmation ${transId} posted again`);
      return track(post(sent.url, sent.body));
    },
    idle: async () => {
      while (work.size > 0 || timers.size > 0) {
        await Promise.allSettled([...work]);
        if (work.size === 0 && timers.size > 0) await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: async () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...work]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** The customer answers the prompt: the result is known, and the callback goes (or not). */
  function settle(item: FakeStkRequest): Promise<void> {
    const timer = timers.get(item.checkoutRequestId);
    if (timer) clearTimeout(timer);
    timers.delete(item.checkoutRequestId);
    if (item.result !== null) return Promise.resolve();
    const result = RESULTS[item.outcome];
    item.result = result;
    if (result.code === 0) item.receipt = newReceipt();
    log(
      `[fake Daraja] ${item.phone} ${item.outcome} (ResultCode ${result.code}) ` +
        `for ${item.checkoutRequestId}${item.receipt ? ` receipt ${item.receipt}` : ''}`,
    );
    if (item.outcome === 'no_callback') return Promise.resolve();
    const body = stkCallbackBody(item);
    const times = item.outcome === 'callback_twice' ? 2 : 1;
    return track(
      (async () => {
        for (let i = 0; i < times; i += 1) item.callbacks.push(await post(item.callbackUrl, body));
      })(),
    );
  }

  function stkCallbackBody(item: FakeStkRequest) {
    const result = item.result!;
    const callback: Record<string, unknown> = {
      MerchantRequestID: item.merchantRequestId,
      CheckoutRequestID: item.checkoutRequestId,
      ResultCode: result.code,
      ResultDesc: result.desc,
    };
    if (result.code === 0) {
      callback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: item.amount },
          { Name: 'MpesaReceiptNumber', Value: item.receipt },
          // Seen in real callbacks: a Balance item with no Value (research notes §1.2).
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(new Date())) },
          { Name: 'PhoneNumber', Value: Number(item.phone) },
        ],
      };
    }
    return { Body: { stkCallback: callback } };
  }

  async function deliverC2b(payment: FakePayment): Promise<FakeC2bDelivery> {
    const registration = registrations.get(payment.shortcode);
    const msisdn = normalPhone(payment.msisdn ?? '254708374149');
    const commandId =
      payment.commandId ?? (payment.billRef ? 'CustomerPayBillOnline' : 'CustomerBuyGoodsOnline');
    const transId = newReceipt();
    const balance = (balances.get(payment.shortcode) ?? 0) + payment.amount;
    const body: Record<string, string> = {
      TransactionType: commandId === 'CustomerPayBillOnline' ? 'Pay Bill' : 'Buy Goods',
      TransID: transId,
      TransTime: darajaTimestamp(new Date()),
      TransAmount: payment.amount.toFixed(2),
      BusinessShortCode: payment.shortcode,
      BillRefNumber: payment.billRef ?? '',
      InvoiceNumber: '',
      OrgAccountBalance: balance.toFixed(2),
      ThirdPartyTransID: '',
      MSISDN: maskedMsisdn(msisdn),
      FirstName: payment.firstName ?? 'JANE',
      MiddleName: '',
      LastName: '',
    };
    const delivery: FakeC2bDelivery = {
      body,
      validation: null,
      confirmation: null,
      confirmations: [],
    };
    if (!registration) {
      log(`[fake Daraja] ${payment.shortcode} paid KSh ${body.TransAmount}: no URLs registered`);
      return delivery;
    }
    if (validation.has(payment.shortcode)) {
      delivery.validation = await post(registration.validationUrl, {
        ...body,
        OrgAccountBalance: '',
      });
      const answer = delivery.validation.answer as { ResultCode?: unknown } | null;
      const accepted =
        delivery.validation.status === null
          ? registration.responseType === 'Completed'
          : String(answer?.ResultCode) === '0';
      if (!accepted) {
        log(`[fake Daraja] ${transId} rejected by validation`);
        return delivery;
      }
    }
    balances.set(payment.shortcode, balance);
    confirmations.set(transId, { url: registration.confirmationUrl, body });
    delivery.confirmation = await post(registration.confirmationUrl, body);
    delivery.confirmations.push(delivery.confirmation);
    log(
      `[fake Daraja] ${payment.shortcode} paid KSh ${body.TransAmount} by ${body.MSISDN} ` +
        `(${transId}${body.BillRefNumber ? `, account ${body.BillRefNumber}` : ''}): ` +
        `confirmation answered ${delivery.confirmation.status ?? 'nothing'}`,
    );
    return delivery;
  }

  // ——— Daraja's endpoints ———

  const bearerApp = (request: IncomingMessage) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) {
      throw new Refusal(404, '404.001.04', 'Invalid Authentication passed');
    }
    const token = header.slice('Bearer '.length).trim();
    for (const [key, value] of tokens) {
      if (value.token === token && value.expiresAt > Date.now()) return key;
    }
    throw new Refusal(404, '404.001.03', 'Invalid Access Token');
  };

  const jsonBody = (request: IncomingMessage, raw: string): Record<string, unknown> => {
    // A wrong content type is a listed cause of "Invalid BusinessShortCode" (FAQ 9).
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
      throw badRequest('BusinessShortCode');
    }
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return parsed as Record<string, unknown>;
      }
    } catch {
      // fall through
    }
    throw new Refusal(400, '400.002.02', 'Bad Request - Invalid JSON');
  };

  const str = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

  /** BusinessShortCode, Timestamp and Password of a configured shortcode. */
  const checkPassword = (body: Record<string, unknown>) => {
    const shortcode = str(body.BusinessShortCode);
    if (!/^\d{5,7}$/.test(shortcode)) throw badRequest('BusinessShortCode');
    const timestamp = str(body.Timestamp);
    if (!/^\d{14}$/.test(timestamp)) throw badRequest('Timestamp');
    const account = shortcodes.find((item) => item.shortcode === shortcode);
    if (!account) throw new Refusal(500, '500.001.1001', 'Merchant does not exist');
    const password = Buffer.from(str(body.Password), 'base64').toString('utf8');
    if (password !== `${shortcode}${account.passkey}${timestamp}`) {
      throw new Refusal(500, '500.001.1001', 'Wrong credentials');
    }
    return shortcode;
  };

  const newRequestId = () => `${randomChars('0123456789', 5)}-${randomChars('0123456789', 8)}-1`;

  function oauth(request: IncomingMessage, url: URL) {
    if (request.method !== 'GET') throw new Refusal(405, '405.001', 'Method not allowed');
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      throw new Refusal(400, '400.008.02', 'Invalid grant type passed');
    }
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) {
      throw new Refusal(400, '400.008.01', 'Invalid Authentication passed');
    }
    const [key, ...rest] = Buffer.from(header.slice(6).trim(), 'base64')
      .toString('utf8')
      .split(':');
    const app = apps.find(
      (item) => item.consumerKey === key && item.consumerSecret === rest.join(':'),
    );
    if (!app) throw new Refusal(400, '400.008.01', 'Invalid Authentication passed');
    const token = randomChars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 28);
    tokens.set(app.consumerKey, { token, expiresAt: Date.now() + 3599_000 });
    tokensIssued += 1;
    return { access_token: token, expires_in: '3599' };
  }

  function stkPush(body: Record<string, unknown>) {
    const shortcode = checkPassword(body);
    const transactionType = str(body.TransactionType);
    if (
      transactionType !== 'CustomerPayBillOnline' &&
      transactionType !== 'CustomerBuyGoodsOnline'
    ) {
      throw badRequest('TransactionType');
    }
    const amount = typeof body.Amount === 'string' ? Number(body.Amount) : body.Amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) {
      throw badRequest('Amount');
    }
    const partyA = str(body.PartyA);
    if (!PHONE.test(partyA)) throw badRequest('PartyA');
    const partyB = str(body.PartyB);
    if (!/^\d{5,8}$/.test(partyB)) throw badRequest('PartyB');
    const phone = str(body.PhoneNumber);
    if (!PHONE.test(phone)) throw badRequest('PhoneNumber');
    if (!isUrl(body.CallBackURL)) throw badRequest('CallBackURL');
    const accountReference = str(body.AccountReference);
    if (accountReference.length < 1 || accountReference.length > 12) {
      throw badRequest('AccountReference');
    }
    const transactionDesc = str(body.TransactionDesc);
    if (transactionDesc.length > 13) throw badRequest('TransactionDesc');
    if (lockSubscriber && stk.some((item) => item.phone === phone && item.result === null)) {
      throw new Refusal(
        500,
        '500.001.1001',
        'Unable to lock subscriber, a transaction is already in process for the current subscriber',
      );
    }
    const now = new Date();
    const stamp = darajaTimestamp(now);
    const item: FakeStkRequest = {
      merchantRequestId: `${randomChars('0123456789abcdef', 4)}-${randomChars('0123456789abcdef', 4)}-${randomChars('0123456789abcdef', 4)}-${randomChars('0123456789abcdef', 16)}`,
      // ws_CO_ + DDMMYYYYHHmmss + digits, as Daraja's look.
      checkoutRequestId: `ws_CO_${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}${stamp.slice(8)}${randomChars('0123456789', 12)}`,
      shortcode,
      transactionType,
      partyB,
      amount,
      phone,
      callbackUrl: body.CallBackURL,
      accountReference,
      transactionDesc,
      outcome: outcomeFor(phone),
      result: null,
      receipt: null,
      callbacks: [],
    };
    stk.push(item);
    log(
      `[fake Daraja] prompt KSh ${amount} to ${phone} (${item.outcome}) ref ${accountReference} ` +
        `→ ${item.checkoutRequestId}`,
    );
    if (fake.callbackDelayMs >= 0 && Number.isFinite(fake.callbackDelayMs)) {
      const timer = setTimeout(() => {
        timers.delete(item.checkoutRequestId);
        void settle(item);
      }, fake.callbackDelayMs);
      timer.unref();
      timers.set(item.checkoutRequestId, timer);
    }
    return {
      MerchantRequestID: item.merchantRequestId,
      CheckoutRequestID: item.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    };
  }

  function stkQuery(body: Record<string, unknown>) {
    checkPassword(body);
    const item = stk.find((entry) => entry.checkoutRequestId === str(body.CheckoutRequestID));
    if (!item) throw badRequest('CheckoutRequestID');
    if (item.result === null) {
      throw new Refusal(500, '500.001.1001', 'The transaction is being processed');
    }
    return {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: item.merchantRequestId,
      CheckoutRequestID: item.checkoutRequestId,
      ResultCode: String(item.result.code),
      ResultDesc: item.result.desc,
    };
  }

  function registerUrl(version: 'v1' | 'v2', body: Record<string, unknown>) {
    if (!fake.c2bVersions.includes(version)) {
      throw new Refusal(
        401,
        '401.003.01',
        'Error Occurred - Invalid Access Token - no apiproduct match found',
      );
    }
    const shortcode = str(body.ShortCode);
    if (!/^\d{5,7}$/.test(shortcode)) throw badRequest('ShortCode');
    const responseType = str(body.ResponseType);
    if (responseType !== 'Completed' && responseType !== 'Cancelled') {
      throw badRequest('ResponseType');
    }
    for (const field of ['ConfirmationURL', 'ValidationURL'] as const) {
      const value = body[field];
      if (!isUrl(value) || hasForbiddenUrlWord(value)) throw badRequest(field);
      if (fake.mode === 'production' && !value.startsWith('https://')) throw badRequest(field);
    }
    if (fake.mode === 'production' && registrations.has(shortcode)) {
      throw new Refusal(500, '500.003.1001', 'Urls are already registered');
    }
    registrations.set(shortcode, {
      shortcode,
      responseType,
      confirmationUrl: str(body.ConfirmationURL),
      validationUrl: str(body.ValidationURL),
      version,
    });
    if (registrationsFile) saveRegistrations(registrationsFile, [...registrations.values()]);
    log(`[fake Daraja] ${shortcode} URLs registered (${version}): ${str(body.ConfirmationURL)}`);
    return {
      OriginatorCoversationID: newRequestId(),
      ResponseCode: '0',
      ResponseDescription: 'Success',
    };
  }

  function simulate(body: Record<string, unknown>) {
    if (fake.mode !== 'sandbox') throw new Refusal(404, '404.001.01', 'Resource not found');
    const shortcode = str(body.ShortCode);
    if (!/^\d{5,7}$/.test(shortcode)) throw badRequest('ShortCode');
    const commandId = str(body.CommandID);
    if (commandId !== 'CustomerPayBillOnline' && commandId !== 'CustomerBuyGoodsOnline') {
      throw badRequest('CommandID');
    }
    const amount = Number(str(body.Amount));
    if (!Number.isFinite(amount) || amount < 1) throw badRequest('Amount');
    const msisdn = str(body.Msisdn);
    if (!PHONE.test(msisdn)) throw badRequest('Msisdn');
    const billRef = str(body.BillRefNumber);
    if (billRef.length > 20) throw badRequest('BillRefNumber');
    const payment: FakePayment = { shortcode, amount, msisdn, commandId };
    if (billRef) payment.billRef = billRef;
    const run = () => void track(deliverC2b(payment));
    if (fake.callbackDelayMs > 0) setTimeout(run, fake.callbackDelayMs).unref();
    else run();
    return {
      OriginatorCoversationID: newRequestId(),
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  }

  // ——— control endpoints (/__fake/…) ———

  async function control(method: string, path: string, raw: string): Promise<[number, unknown]> {
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return [400, { error: 'JSON body expected' }];
    }
    if (method === 'GET' && path === '/__fake/requests') return [200, requests];
    if (method === 'GET' && path === '/__fake/stk') return [200, stk];
    if (method === 'GET' && path === '/__fake/registrations')
      return [200, [...registrations.values()]];
    if (method === 'POST' && path === '/__fake/respond') {
      const outcome = str(body.outcome) as FakeStkOutcome;
      if (!str(body.phone) || !FAKE_STK_OUTCOMES.includes(outcome)) {
        return [400, { error: `phone and outcome (${FAKE_STK_OUTCOMES.join(', ')}) expected` }];
      }
      fake.respond(str(body.phone), outcome);
      return [200, { phone: normalPhone(str(body.phone)), outcome }];
    }
    if (method === 'POST' && path === '/__fake/pay') {
      const amount = Number(str(body.amount));
      if (!/^\d{5,7}$/.test(str(body.shortcode)) || !(amount >= 1)) {
        return [400, { error: 'shortcode and amount (KSh ≥ 1) expected' }];
      }
      if (!registrations.has(str(body.shortcode))) {
        return [
          409,
          {
            error:
              `No C2B URLs are registered for ${str(body.shortcode)}: save the store's M-Pesa ` +
              'settings once (Settings → M-Pesa), which registers them here',
          },
        ];
      }
      const payment: FakePayment = { shortcode: str(body.shortcode), amount };
      if (body.msisdn) payment.msisdn = str(body.msisdn);
      if (body.bill_ref) payment.billRef = str(body.bill_ref);
      if (body.first_name) payment.firstName = str(body.first_name);
      return [200, await fake.payToShortcode(payment)];
    }
    if (method === 'POST' && path === '/__fake/redeliver') {
      if (!confirmations.has(str(body.trans_id))) return [404, { error: 'Unknown trans_id' }];
      return [200, await fake.redeliver(str(body.trans_id))];
    }
    if (method === 'POST' && path === '/__fake/answer') {
      await fake.answer(body.checkout_request_id ? str(body.checkout_request_id) : undefined);
      return [200, { answered: true }];
    }
    return [404, { error: 'Not found' }];
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request).catch(() => '');
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      const reply = (status: number, body: unknown) => {
        let parsed: unknown;
        try {
          parsed = raw ? JSON.parse(raw) : null;
        } catch {
          parsed = raw;
        }
        requests.push({
          method,
          path: url.pathname,
          body: parsed,
          status,
          at: new Date().toISOString(),
        });
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname.startsWith('/__fake/')) {
        const [status, body] = await control(method, url.pathname, raw);
        return reply(status, body);
      }
      try {
        const failure = failures.findIndex((f) => f.path === undefined || f.path === url.pathname);
        if (failure >= 0) {
          const { error } = failures.splice(failure, 1)[0]!;
          throw new Refusal(error.status, error.errorCode, error.errorMessage);
        }
        if (url.pathname === '/oauth/v1/generate') return reply(200, oauth(request, url));
        const routes: Record<string, (body: Record<string, unknown>) => unknown> = {
          '/mpesa/stkpush/v1/processrequest': stkPush,
          '/mpesa/stkpushquery/v1/query': stkQuery,
          '/mpesa/c2b/v1/registerurl': (body) => registerUrl('v1', body),
          '/mpesa/c2b/v2/registerurl': (body) => registerUrl('v2', body),
          '/mpesa/c2b/v1/simulate': simulate,
          '/mpesa/c2b/v2/simulate': simulate,
        };
        const route = routes[url.pathname];
        if (!route) throw new Refusal(404, '404.001.01', 'Resource not found');
        if (method !== 'POST') throw new Refusal(405, '405.001', 'Method not allowed');
        bearerApp(request);
        return reply(200, route(jsonBody(request, raw)));
      } catch (error) {
        if (error instanceof Refusal) {
          return reply(error.status, {
            requestId: newRequestId(),
            errorCode: error.errorCode,
            errorMessage: error.errorMessage,
          });
        }
        return reply(500, {
          requestId: newRequestId(),
          errorCode: '500.003.1001',
          errorMessage: 'Internal Server Error',
        });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  fake.port = port;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  return fake;
}
