/**
 * Our own thin client of Safaricom's Daraja API (issue 23, decisions/0013, research notes §1),
 * over fetch — the npm Daraja SDKs are barely used and the API is small:
 * - GET  /oauth/v1/generate?grant_type=client_credentials (Basic auth) → an access token, cached
 *   per Daraja app (base URL + consumer key) until shortly before it expires. Each new token
 *   invalidates the previous one at Daraja, so one token request at a time per app is shared by
 *   every caller, and `404.001.03 Invalid Access Token` (another process took a new one) is
 *   answered by fetching a token once more and repeating the call once.
 * - POST /mpesa/stkpush/v1/processrequest, /mpesa/stkpushquery/v1/query,
 *   /mpesa/c2b/v1/registerurl (falling back to /v2/ on `401.003.01`, research notes §1.3).
 *
 * Every failure is a DarajaError (HTTP status, Daraja's errorCode/errorMessage, retryable);
 * callers turn it into plain words. Nothing here logs: secrets, tokens and Authorization headers
 * never leave this module except in the requests to Daraja.
 */
import { createHash } from 'node:crypto';
import {
  DARAJA_HOSTS,
  type MpesaEnvironment,
  type MpesaKind,
} from '@duka/shared/payments/mpesa.schemas';

/** A Daraja app's credentials and which host it lives on. */
export interface DarajaCredentials {
  environment: MpesaEnvironment;
  consumerKey: string;
  consumerSecret: string;
}

/** A store's Lipa na M-Pesa Online account: what an STK push and its query need. */
export interface DarajaMerchant extends DarajaCredentials {
  /** BusinessShortCode: the paybill, or a till's store/head-office number (FAQ 10). */
  shortcode: string;
  kind: MpesaKind;
  /** A till's till number (PartyB); null for a paybill (PartyB is then the shortcode). */
  partyB: string | null;
  passkey: string;
}

export interface StkPushRequest {
  /** Whole shillings (promptShillings()). */
  amount: number;
  /** 2547XXXXXXXX / 2541XXXXXXXX (darajaPhone()). */
  phone: string;
  callbackUrl: string;
  /** ≤ 12 letters and digits; shown to the customer in the prompt. */
  accountReference: string;
  /** ≤ 13 characters. */
  transactionDesc: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  responseCode: string;
  responseDescription: string;
  customerMessage: string;
}

/**
 * The STK query's answer: `pending` while the customer has not answered (Daraja says so with an
 * error, 500.001.1001 'The transaction is being processed'); otherwise the final ResultCode as
 * text ('0' paid, '1032' cancelled, …). No receipt number: only the callback carries it.
 */
export type StkQueryResult =
  | { pending: true; message: string }
  | {
      pending: false;
      merchantRequestId: string;
      checkoutRequestId: string;
      resultCode: string;
      resultDesc: string;
    };

export interface C2bRegistration {
  shortcode: string;
  confirmationUrl: string;
  validationUrl: string;
  /** What Daraja does when the validation URL cannot be reached (default 'Completed'). */
  responseType?: 'Completed' | 'Cancelled';
}

export interface C2bRegistered {
  /** Which registerurl version Daraja accepted. */
  version: 'v1' | 'v2';
  responseCode: string;
  responseDescription: string;
}

/** Daraja's error envelope: `{ requestId, errorCode, errorMessage }` (research notes §1.2). */
interface DarajaErrorEnvelope {
  requestId?: unknown;
  errorCode?: unknown;
  errorMessage?: unknown;
}

export type DarajaFailure = 'unreachable' | 'timeout' | 'refused';

/**
 * A Daraja call that did not succeed. `failure`: 'unreachable' (no answer: DNS, refused
 * connection…), 'timeout', or 'refused' (Daraja answered with an error). `retryable`: trying the
 * same call later may work (no answer, a timeout, Daraja busy 500.003.02, a gateway error).
 * The message never holds a secret.
 */
export class DarajaError extends Error {
  override readonly name = 'DarajaError';
  constructor(
    readonly failure: DarajaFailure,
    /** HTTP status of Daraja's answer; null when none came. */
    readonly status: number | null,
    /** Daraja's errorCode (e.g. '404.001.03') or a non-zero ResponseCode; null when none. */
    readonly errorCode: string | null,
    /** Daraja's errorMessage / ResponseDescription, or what went wrong on the way. */
    readonly errorMessage: string,
    readonly retryable: boolean,
    readonly requestId: string | null = null,
  ) {
    super(
      status === null
        ? `Daraja ${failure}: ${errorMessage}`
        : `Daraja HTTP ${status}${errorCode ? ` ${errorCode}` : ''}: ${errorMessage}`,
    );
  }
}

export const DARAJA_INVALID_TOKEN = '404.001.03';
export const DARAJA_BUSY = '500.003.02';
/** registerurl on an app without that version's C2B product (research notes §1.3). */
export const DARAJA_NO_API_PRODUCT = '401.003.01';
const STILL_PROCESSING = /being processed/i;
/** Gateway answers without Daraja's envelope that are worth another try later. */
const RETRYABLE_HTTP = new Set([502, 503, 504]);

/**
 * YYYYMMDDHHmmss in Africa/Nairobi time (East Africa Time, UTC+3, no daylight saving): the STK
 * Timestamp, also inside the Password.
 */
export function darajaTimestamp(now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Nairobi',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`;
}

/** The STK Password: base64(shortcode + passkey + timestamp). */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

export interface DarajaClientOptions {
  /** DARAJA_BASE_URL: one host for every store (the fake); unset → DARAJA_HOSTS[environment]. */
  baseUrl?: string | undefined;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** A token is dropped this long before Daraja says it expires (default 60 s). */
  tokenMarginMs?: number;
  /** Milliseconds since the epoch (the token cache's clock; tests move it). */
  now?: () => number;
}

interface CachedToken {
  token: string;
  expiresAt: number;
  /** sha256 of the secret it was fetched with: a changed secret fetches a new token. */
  secretHash: string;
}

type Fetched = { status: number; body: unknown };

export class DarajaClient {
  private readonly baseUrl: string | undefined;
  private readonly timeoutMs: number;
  private readonly tokenMarginMs: number;
  private readonly now: () => number;
  private readonly tokens = new Map<string, CachedToken>();
  private readonly inFlight = new Map<string, Promise<CachedToken>>();

  constructor({
    baseUrl,
    timeoutMs = 15_000,
    tokenMarginMs = 60_000,
    now,
  }: DarajaClientOptions = {}) {
    this.baseUrl = baseUrl?.replace(/\/+$/, '');
    this.timeoutMs = timeoutMs;
    this.tokenMarginMs = tokenMarginMs;
    this.now = now ?? Date.now;
  }

  /** The host a store's calls go to. */
  baseUrlFor(environment: MpesaEnvironment): string {
    return this.baseUrl ?? DARAJA_HOSTS[environment];
  }

  /** A valid access token for the app: the cached one, the one being fetched, or a new one. */
  async accessToken(credentials: DarajaCredentials): Promise<string> {
    return (await this.cachedToken(credentials)).token;
  }

  /** Forget every cached token (tests; a changed DARAJA app). */
  clearTokens(): void {
    this.tokens.clear();
  }

  /** POST /mpesa/stkpush/v1/processrequest: the prompt on the customer's phone. */
  async stkPush(
    merchant: DarajaMerchant,
    request: StkPushRequest,
    at: Date = new Date(this.now()),
  ): Promise<StkPushAccepted> {
    const timestamp = darajaTimestamp(at);
    const body = {
      BusinessShortCode: merchant.shortcode,
      Password: darajaPassword(merchant.shortcode, merchant.passkey, timestamp),
      Timestamp: timestamp,
      TransactionType:
        merchant.kind === 'till' ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
      Amount: request.amount,
      PartyA: request.phone,
      PartyB:
        merchant.kind === 'till' ? (merchant.partyB ?? merchant.shortcode) : merchant.shortcode,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference.slice(0, 12),
      TransactionDesc: request.transactionDesc.slice(0, 13),
    };
    const answer = await this.authorizedPost(merchant, '/mpesa/stkpush/v1/processrequest', body);
    const data = record(answer.body);
    const responseCode = text(data.ResponseCode);
    if (responseCode !== '0') throw refusedResponse(answer.status, data);
    return {
      merchantRequestId: text(data.MerchantRequestID),
      checkoutRequestId: text(data.CheckoutRequestID),
      responseCode,
      responseDescription: text(data.ResponseDescription),
      customerMessage: text(data.CustomerMessage),
    };
  }

  /** POST /mpesa/stkpushquery/v1/query: how a prompt ended, when its callback is late. */
  async stkQuery(
    merchant: DarajaMerchant,
    checkoutRequestId: string,
    at: Date = new Date(this.now()),
  ): Promise<StkQueryResult> {
    const timestamp = darajaTimestamp(at);
    const body = {
      BusinessShortCode: merchant.shortcode,
      Password: darajaPassword(merchant.shortcode, merchant.passkey, timestamp),
      Timestamp: timestamp,
      CheckoutRequestID: checkoutRequestId,
    };
    let answer: Fetched;
    try {
      answer = await this.authorizedPost(merchant, '/mpesa/stkpushquery/v1/query', body);
    } catch (error) {
      if (error instanceof DarajaError && STILL_PROCESSING.test(error.errorMessage)) {
        return { pending: true, message: error.errorMessage };
      }
      throw error;
    }
    const data = record(answer.body);
    if (text(data.ResponseCode) !== '0') throw refusedResponse(answer.status, data);
    return {
      pending: false,
      merchantRequestId: text(data.MerchantRequestID),
      checkoutRequestId: text(data.CheckoutRequestID) || checkoutRequestId,
      resultCode: text(data.ResultCode),
      resultDesc: text(data.ResultDesc),
    };
  }

  /**
   * POST /mpesa/c2b/v1/registerurl; on `401.003.01` (the app has the other C2B product) the same
   * at /mpesa/c2b/v2/registerurl (research notes §1.3).
   */
  async registerC2bUrls(
    credentials: DarajaCredentials,
    registration: C2bRegistration,
  ): Promise<C2bRegistered> {
    const body = {
      ShortCode: registration.shortcode,
      ResponseType: registration.responseType ?? 'Completed',
      ConfirmationURL: registration.confirmationUrl,
      ValidationURL: registration.validationUrl,
    };
    let version: 'v1' | 'v2' = 'v1';
    let answer: Fetched;
    try {
      answer = await this.authorizedPost(credentials, '/mpesa/c2b/v1/registerurl', body);
    } catch (error) {
      if (!(error instanceof DarajaError) || error.errorCode !== DARAJA_NO_API_PRODUCT) throw error;
      version = 'v2';
      answer = await this.authorizedPost(credentials, '/mpesa/c2b/v2/registerurl', body);
    }
    const data = record(answer.body);
    const responseCode = text(data.ResponseCode);
    // The docs' sample answers "0"; Odoo treats "00000000" as success too.
    if (responseCode !== '' && !/^0+$/.test(responseCode)) {
      throw refusedResponse(answer.status, data);
    }
    return {
      version,
      responseCode,
      responseDescription: text(data.ResponseDescription),
    };
  }

  // ——— internals ———

  private cacheKey(credentials: DarajaCredentials): string {
    return `${this.baseUrlFor(credentials.environment)}\n${credentials.consumerKey}`;
  }

  private async cachedToken(credentials: DarajaCredentials): Promise<CachedToken> {
    const key = this.cacheKey(credentials);
    const secretHash = sha256(credentials.consumerSecret);
    const cached = this.tokens.get(key);
    if (cached && cached.secretHash === secretHash && cached.expiresAt > this.now()) return cached;
    const pending = this.inFlight.get(key);
    if (pending) {
      const shared = await pending;
      if (shared.secretHash === secretHash) return shared;
    }
    const request = this.fetchToken(credentials, secretHash).finally(() => {
      if (this.inFlight.get(key) === request) this.inFlight.delete(key);
    });
    this.inFlight.set(key, request);
    const fresh = await request;
    this.tokens.set(key, fresh);
    return fresh;
  }

  private async fetchToken(
    credentials: DarajaCredentials,
    secretHash: string,
  ): Promise<CachedToken> {
    const basic = Buffer.from(
      `${credentials.consumerKey}:${credentials.consumerSecret}`,
      'utf8',
    ).toString('base64');
    const answer = await this.send(
      `${this.baseUrlFor(credentials.environment)}/oauth/v1/generate?grant_type=client_credentials`,
      { method: 'GET', headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' } },
    );
    const data = record(answer.body);
    const token = text(data.access_token);
    if (!token) {
      throw new DarajaError('refused', answer.status, null, 'No access token in the answer', false);
    }
    const lifeMs = Number(text(data.expires_in) || '3599') * 1000;
    const margin = Math.min(this.tokenMarginMs, lifeMs / 2);
    return { token, expiresAt: this.now() + lifeMs - margin, secretHash };
  }

  /** A POST with the app's token; on Invalid Access Token, once more with a fresh token. */
  private async authorizedPost(
    credentials: DarajaCredentials,
    path: string,
    body: unknown,
  ): Promise<Fetched> {
    const url = `${this.baseUrlFor(credentials.environment)}${path}`;
    const post = async () => {
      const token = await this.cachedToken(credentials);
      try {
        return await this.send(url, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token.token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(body),
        });
      } catch (error) {
        if (error instanceof DarajaError && error.errorCode === DARAJA_INVALID_TOKEN) {
          // Another process (or a person on the portal) took a new token: ours is dead.
          const key = this.cacheKey(credentials);
          if (this.tokens.get(key)?.token === token.token) this.tokens.delete(key);
        }
        throw error;
      }
    };
    try {
      return await post();
    } catch (error) {
      if (error instanceof DarajaError && error.errorCode === DARAJA_INVALID_TOKEN) return post();
      throw error;
    }
  }

  /** One HTTP exchange; a non-2xx answer or no answer is a DarajaError. */
  private async send(url: string, init: RequestInit): Promise<Fetched> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new DarajaError(
        timedOut ? 'timeout' : 'unreachable',
        null,
        null,
        timedOut ? `no answer within ${this.timeoutMs / 1000} s` : 'could not connect',
        true,
      );
    }
    let raw: string;
    try {
      raw = await response.text();
    } catch {
      throw new DarajaError('unreachable', response.status, null, 'the answer was cut off', true);
    }
    const body = parseJson(raw);
    if (response.ok) return { status: response.status, body };
    const envelope = record(body) as DarajaErrorEnvelope;
    const errorCode = text(envelope.errorCode) || null;
    const errorMessage =
      text(envelope.errorMessage) || response.statusText || `HTTP ${response.status}`;
    const retryable =
      errorCode === DARAJA_BUSY || (errorCode === null && RETRYABLE_HTTP.has(response.status));
    throw new DarajaError(
      'refused',
      response.status,
      errorCode,
      errorMessage,
      retryable,
      text(envelope.requestId) || null,
    );
  }
}

function refusedResponse(status: number, data: Record<string, unknown>): DarajaError {
  return new DarajaError(
    'refused',
    status,
    text(data.ResponseCode) || null,
    text(data.ResponseDescription) ||
      text(data.errorMessage) ||
      'Daraja did not accept the request',
    false,
  );
}

function parseJson(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
