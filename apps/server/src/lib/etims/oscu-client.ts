/**
 * Our own thin client of KRA's eTIMS OSCU API (issue 26, decisions/0017, research notes §3),
 * over fetch: the two calls Duka makes.
 * - POST /selectInitOsdcInfo {tin, bhfId, dvcSrlNo}: registers the device, answering its
 *   cmcKey, sdcId and mrcNo.
 * - POST /saveTrnsSalesOsdc (TrnsSalesSaveWrReq, etims-payload.ts) with the headers tin, bhfId
 *   and cmcKey: a sale or a credit note, answering curRcptNo, totRcptNo, intrlData, rcptSign and
 *   sdcDateTime.
 *
 * OSCU answers HTTP 200 with `{ resultCd, resultMsg, resultDt, data }`: '000' is success, any
 * other resultCd a refusal (EtimsError 'refused', KRA's code and message kept). No answer, a
 * timeout, an HTTP error or an answer we cannot read is 'unreachable': the same call may work
 * later. Nothing here logs: the cmcKey leaves this module only in the requests to OSCU.
 */
import { ETIMS_HOSTS, type EtimsEnvironment } from '@duka/shared/etims/etims.schemas';
import { z } from 'zod';

export type EtimsFailure = 'unreachable' | 'refused';

/** An OSCU call that did not succeed. The message never holds the cmcKey. */
export class EtimsError extends Error {
  override readonly name = 'EtimsError';
  constructor(
    readonly failure: EtimsFailure,
    /** KRA's resultCd of a refusal; null when OSCU did not answer one. */
    readonly resultCode: string | null,
    /** KRA's resultMsg, or what went wrong on the way. */
    readonly resultMessage: string,
  ) {
    super(
      failure === 'refused'
        ? `eTIMS refused (${resultCode}): ${resultMessage}`
        : `eTIMS unreachable: ${resultMessage}`,
    );
  }
}

export const OSCU_SUCCESS = '000';

/** The device a store registered: where and as whom its calls go. */
export interface OscuDevice {
  environment: EtimsEnvironment;
  /** The store's KRA PIN. */
  tin: string;
  /** The branch id, '00' for the head office. */
  bhfId: string;
  cmcKey: string;
}

export interface OscuDeviceInit {
  environment: EtimsEnvironment;
  tin: string;
  bhfId: string;
  dvcSrlNo: string;
}

export interface OscuDeviceInfo {
  cmcKey: string;
  sdcId: string;
  mrcNo: string;
}

export interface OscuSaleAnswer {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
}

const envelopeSchema = z.object({
  resultCd: z.string(),
  resultMsg: z.string().nullish(),
  resultDt: z.string().nullish(),
  data: z.unknown().optional(),
});

/** Text or a number as text (sdcId and mrcNo are CHAR, but a number must not be refused). */
const code = z.union([z.string().min(1), z.number()]).transform(String);
const count = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

const initDataSchema = z.object({
  info: z.object({ cmcKey: z.string().min(1), sdcId: code, mrcNo: code }),
});

const saleDataSchema = z.object({
  curRcptNo: count,
  totRcptNo: count,
  intrlData: z.string().min(1),
  rcptSign: z.string().min(1),
  sdcDateTime: code,
});

export interface OscuClientOptions {
  /** ETIMS_BASE_URL: one host for every store (the fake); unset → ETIMS_HOSTS[environment]. */
  baseUrl?: string | undefined;
  /** Per request (default 20 s). */
  timeoutMs?: number;
}

export class OscuClient {
  private readonly baseUrl: string | undefined;
  private readonly timeoutMs: number;

  constructor({ baseUrl, timeoutMs = 20_000 }: OscuClientOptions = {}) {
    this.baseUrl = baseUrl?.replace(/\/+$/, '');
    this.timeoutMs = timeoutMs;
  }

  /** The host a store's calls go to. */
  baseUrlFor(environment: EtimsEnvironment): string {
    return this.baseUrl ?? ETIMS_HOSTS[environment];
  }

  /** POST /selectInitOsdcInfo: the device's key and ids. */
  async initDevice(init: OscuDeviceInit): Promise<OscuDeviceInfo> {
    const data = await this.post(
      init.environment,
      '/selectInitOsdcInfo',
      { tin: init.tin, bhfId: init.bhfId },
      { tin: init.tin, bhfId: init.bhfId, dvcSrlNo: init.dvcSrlNo },
    );
    const parsed = initDataSchema.safeParse(data);
    if (!parsed.success) {
      throw new EtimsError('unreachable', null, 'the answer had no device key (data.info.cmcKey)');
    }
    return parsed.data.info;
  }

  /** POST /saveTrnsSalesOsdc: a sale or credit note, signed by the control unit. */
  async saveSales(device: OscuDevice, payload: unknown): Promise<OscuSaleAnswer> {
    const data = await this.post(
      device.environment,
      '/saveTrnsSalesOsdc',
      { tin: device.tin, bhfId: device.bhfId, cmcKey: device.cmcKey },
      payload,
    );
    const parsed = saleDataSchema.safeParse(data);
    if (!parsed.success) {
      throw new EtimsError('unreachable', null, 'the answer had no receipt signature');
    }
    return parsed.data;
  }

  /** One exchange; the envelope's data on '000', else an EtimsError. */
  private async post(
    environment: EtimsEnvironment,
    path: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrlFor(environment)}${path}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new EtimsError(
        'unreachable',
        null,
        timedOut ? `no answer within ${this.timeoutMs / 1000} s` : 'could not connect',
      );
    }
    let raw: string;
    try {
      raw = await response.text();
    } catch {
      throw new EtimsError('unreachable', null, 'the answer was cut off');
    }
    if (!response.ok) {
      throw new EtimsError('unreachable', null, `HTTP ${response.status}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new EtimsError('unreachable', null, 'the answer was not JSON');
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      throw new EtimsError('unreachable', null, 'the answer had no resultCd');
    }
    const { resultCd, resultMsg, data } = envelope.data;
    if (resultCd !== OSCU_SUCCESS) {
      throw new EtimsError('refused', resultCd, resultMsg || 'no message');
    }
    return data;
  }
}
