/**
 * A local stand-in for KRA's eTIMS OSCU API (issue 26, decisions/0017), speaking its protocol
 * over real HTTP as research notes §3 give it — used by `npm run dev` (scripts/fake-etims.ts),
 * the API tests and e2e:
 * - POST /selectInitOsdcInfo {tin, bhfId, dvcSrlNo} → `data.info` with the device's cmcKey,
 *   sdcId and mrcNo: those it was started with for a known device (the demo seed's, written
 *   directly), else derived from the three (fakeCmcKey) — the same device, the same key.
 * - POST /saveTrnsSalesOsdc (TrnsSalesSaveWrReq) with the headers tin, bhfId and cmcKey of a
 *   device it issued the key to (else 901), every required field of research notes §3.5 present
 *   (else 910 naming the first missing), and an invcNo the branch has not had yet (else 994
 *   overlapped data) → curRcptNo, totRcptNo, intrlData, rcptSign and sdcDateTime.
 * OSCU answers HTTP 200 with `{ resultCd, resultMsg, resultDt, data }`; '000' is success.
 *
 * Control endpoints for browser tests and people: POST /__fake/down {mode: 'connection'|'503'},
 * POST /__fake/up, POST /__fake/refuse {count?, code, message}, GET /__fake/requests,
 * GET /__fake/invoices (the sales it signed). "Down" as 'connection' drops each API request's
 * connection without an answer — to the client the same network failure as a refused
 * connection, while the control endpoints stay reachable to bring it back up. In tests,
 * loseNextAnswers(count) signs the next invoices and drops their connection instead of
 * answering: KRA took them and the client never heard.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { darajaTimestamp } from '../lib/daraja/daraja-client';

export interface FakeEtimsDevice {
  tin: string;
  bhfId: string;
  dvcSrlNo: string;
}

/** A device the fake knows from the start, with the ids it was given (the demo's). */
export interface FakeEtimsKnownDevice extends FakeEtimsDevice {
  cmcKey: string;
  sdcId: string;
  mrcNo: string;
}

/** The key the fake gives a device: the same device, the same key. */
export function fakeCmcKey({ tin, bhfId, dvcSrlNo }: FakeEtimsDevice): string {
  return createHash('sha256')
    .update(`duka-fake-etims\n${tin}\n${bhfId}\n${dvcSrlNo}`)
    .digest('hex')
    .slice(0, 32)
    .toUpperCase();
}

/** The control unit's id of a device (KRACU + 10 digits), derived like its key. */
export function fakeSdcId(device: FakeEtimsDevice): string {
  const digits = BigInt(`0x${fakeCmcKey(device).slice(0, 12)}`) % 10_000_000_000n;
  return `KRACU${digits.toString().padStart(10, '0')}`;
}

export function fakeMrcNo(device: FakeEtimsDevice): string {
  const digits = BigInt(`0x${fakeCmcKey(device).slice(12, 24)}`) % 1_000_000_000n;
  return `WIS${digits.toString().padStart(9, '0')}`;
}

/**
 * TrnsSalesSaveWrReq's required fields (research notes §3.5, paybill's table cross-checked with
 * navari and Odoo): the header's, the receipt object's and each itemList line's.
 */
export const REQUIRED_SALE_FIELDS = [
  'invcNo',
  'orgInvcNo',
  'trdInvcNo',
  'rcptTyCd',
  'salesSttsCd',
  'cfmDt',
  'salesDt',
  'totItemCnt',
  ...(['A', 'B', 'C', 'D', 'E'] as const).flatMap((letter) => [
    `taxblAmt${letter}`,
    `taxRt${letter}`,
    `taxAmt${letter}`,
  ]),
  'totTaxblAmt',
  'totTaxAmt',
  'totAmt',
  'prchrAcptcYn',
  'regrId',
  'regrNm',
  'modrId',
  'modrNm',
] as const;
export const REQUIRED_RECEIPT_FIELDS = ['rcptPbctDt', 'prchrAcptcYn'] as const;
export const REQUIRED_ITEM_FIELDS = [
  'itemSeq',
  'itemCd',
  'itemNm',
  'pkgUnitCd',
  'pkg',
  'qtyUnitCd',
  'qty',
  'prc',
  'splyAmt',
  'dcRt',
  'dcAmt',
  'taxTyCd',
  'taxblAmt',
  'taxAmt',
  'totAmt',
] as const;

export interface FakeEtimsRequest {
  method: string;
  path: string;
  headers: { tin?: string; bhfId?: string; cmcKey?: string };
  /** The parsed JSON body (null for none or not JSON). */
  body: unknown;
  /** OSCU's resultCd answered, or the HTTP status when it answered none (503), or null (dropped). */
  result: string | number | null;
  at: string;
}

/** A sale or credit note the fake signed. */
export interface FakeEtimsInvoice {
  tin: string;
  bhfId: string;
  invcNo: number;
  orgInvcNo: number;
  rcptTyCd: string;
  trdInvcNo: string;
  totAmt: number;
  payload: Record<string, unknown>;
  answer: {
    curRcptNo: number;
    totRcptNo: number;
    intrlData: string;
    rcptSign: string;
    sdcDateTime: string;
  };
}

export type FakeEtimsDown = false | 'connection' | 503;

export interface FakeEtimsRefusal {
  code: string;
  message: string;
}

export interface FakeEtimsOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Devices known from the start with their key and ids (the dev script: the demo's). */
  devices?: FakeEtimsKnownDevice[];
  /** Called with one line per event (the dev script prints them). */
  onEvent?: (line: string) => void;
}

export interface FakeEtims {
  baseUrl: string;
  port: number;
  /** Every request that reached the fake's API (not its control endpoints), in order. */
  requests: FakeEtimsRequest[];
  /** Every sale and credit note signed, in order. */
  invoices: FakeEtimsInvoice[];
  /** Devices given a key (by selectInitOsdcInfo or the options), by cmcKey. */
  devices: Map<string, FakeEtimsKnownDevice>;
  /** Down: API requests get no answer ('connection') or HTTP 503; false: up. */
  down: FakeEtimsDown;
  /** The next `count` API calls (optionally only on `path`) answer this resultCd and message. */
  refuseNext(refusal: FakeEtimsRefusal, count?: number, path?: string): void;
  /**
   * The next `count` invoices are signed and their answer lost: the connection is dropped
   * instead (a timeout after KRA accepted, to the client).
   */
  loseNextAnswers(count?: number): void;
  close(): Promise<void>;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomChars(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALNUM[byte % ALNUM.length]).join('');
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parse(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
};

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const PIN = /^[A-Za-z]\d{9}[A-Za-z]$/;

export async function startFakeEtims({
  port: listenPort = 0,
  devices: known = [],
  onEvent,
}: FakeEtimsOptions = {}): Promise<FakeEtims> {
  const requests: FakeEtimsRequest[] = [];
  const invoices: FakeEtimsInvoice[] = [];
  const devices = new Map(known.map((device) => [device.cmcKey, device]));
  const refusals: { refusal: FakeEtimsRefusal; path: string | undefined }[] = [];
  /** Per branch (tin + bhfId): the invcNos signed, and the receipt counters. */
  const branches = new Map<string, { numbers: Set<number>; byType: Map<string, number> }>();
  const sockets = new Set<Socket>();
  let answersToLose = 0;
  const log = (line: string) => onEvent?.(line);

  const answer = (data: unknown) => ({
    resultCd: '000',
    resultMsg: 'It is succeeded',
    resultDt: darajaTimestamp(new Date()),
    data,
  });

  function initDevice(body: Record<string, unknown>) {
    for (const field of ['tin', 'bhfId', 'dvcSrlNo'] as const) {
      if (typeof body[field] !== 'string' || !body[field]) {
        throw new Refusal('910', `Request parameter error: ${field} is required`);
      }
    }
    const device = {
      tin: String(body.tin),
      bhfId: String(body.bhfId),
      dvcSrlNo: String(body.dvcSrlNo),
    };
    if (!PIN.test(device.tin) || !/^\d{2}$/.test(device.bhfId)) {
      throw new Refusal('901', 'It is not valid device');
    }
    const given = [...devices.values()].find(
      (item) =>
        item.tin === device.tin && item.bhfId === device.bhfId && item.dvcSrlNo === device.dvcSrlNo,
    );
    const issued = given ?? {
      ...device,
      cmcKey: fakeCmcKey(device),
      sdcId: fakeSdcId(device),
      mrcNo: fakeMrcNo(device),
    };
    devices.set(issued.cmcKey, issued);
    log(
      `[fake eTIMS] device ${device.dvcSrlNo} of ${device.tin} branch ${device.bhfId} initialised`,
    );
    return answer({
      info: {
        tin: device.tin,
        taxprNm: 'DUKA DEMO TAXPAYER',
        bsnsActv: null,
        bhfId: device.bhfId,
        bhfNm: device.bhfId === '00' ? 'Headquarter' : `Branch ${device.bhfId}`,
        bhfOpenDt: '20240101',
        prvncNm: 'NAIROBI',
        dstrtNm: 'NAIROBI',
        sctrNm: 'CBD',
        locDesc: null,
        hqYn: device.bhfId === '00' ? 'Y' : 'N',
        mgrNm: null,
        mgrTelNo: null,
        mgrEmail: null,
        dvcId: device.dvcSrlNo,
        sdcId: issued.sdcId,
        mrcNo: issued.mrcNo,
        cmcKey: issued.cmcKey,
      },
    });
  }

  function saveSales(request: IncomingMessage, body: Record<string, unknown>) {
    const tin = header(request, 'tin');
    const bhfId = header(request, 'bhfId');
    const device = devices.get(header(request, 'cmcKey') ?? '');
    if (!device || device.tin !== tin || device.bhfId !== bhfId) {
      throw new Refusal('901', 'It is not valid device');
    }
    for (const field of REQUIRED_SALE_FIELDS) {
      if (!present(body[field])) throw new Refusal('910', `Request parameter error: ${field}`);
    }
    const receipt = record(body.receipt);
    if (!receipt) throw new Refusal('910', 'Request parameter error: receipt');
    for (const field of REQUIRED_RECEIPT_FIELDS) {
      if (!present(receipt[field])) {
        throw new Refusal('910', `Request parameter error: receipt.${field}`);
      }
    }
    const items = body.itemList;
    if (!Array.isArray(items) || items.length === 0) {
      throw new Refusal('910', 'Request parameter error: itemList');
    }
    for (const [index, raw] of items.entries()) {
      const item = record(raw) ?? {};
      for (const field of REQUIRED_ITEM_FIELDS) {
        if (!present(item[field])) {
          throw new Refusal('910', `Request parameter error: itemList[${index}].${field}`);
        }
      }
    }
    if (Number(body.totItemCnt) !== items.length) {
      throw new Refusal('910', 'Request parameter error: totItemCnt');
    }
    const invcNo = Number(body.invcNo);
    if (!Number.isInteger(invcNo) || invcNo < 1) {
      throw new Refusal('910', 'Request parameter error: invcNo');
    }
    const rcptTyCd = String(body.rcptTyCd);
    if (rcptTyCd !== 'S' && rcptTyCd !== 'R') {
      throw new Refusal('910', 'Request parameter error: rcptTyCd');
    }
    if (!/^\d{14}$/.test(String(body.cfmDt)) || !/^\d{8}$/.test(String(body.salesDt))) {
      throw new Refusal('910', 'Request parameter error: cfmDt/salesDt');
    }
    const key = `${device.tin}/${device.bhfId}`;
    const branch = branches.get(key) ?? {
      numbers: new Set<number>(),
      byType: new Map<string, number>(),
    };
    branches.set(key, branch);
    if (branch.numbers.has(invcNo)) throw new Refusal('994', 'Overlapped data');
    const orgInvcNo = Number(body.orgInvcNo);
    if (rcptTyCd === 'R' && !branch.numbers.has(orgInvcNo)) {
      throw new Refusal('910', 'Request parameter error: orgInvcNo');
    }
    branch.numbers.add(invcNo);
    const curRcptNo = (branch.byType.get(rcptTyCd) ?? 0) + 1;
    branch.byType.set(rcptTyCd, curRcptNo);
    const data = {
      curRcptNo,
      totRcptNo: branch.numbers.size,
      intrlData: randomChars(26),
      rcptSign: randomChars(16),
      sdcDateTime: darajaTimestamp(new Date()),
    };
    invoices.push({
      tin: device.tin,
      bhfId: device.bhfId,
      invcNo,
      orgInvcNo,
      rcptTyCd,
      trdInvcNo: String(body.trdInvcNo),
      totAmt: Number(body.totAmt),
      payload: body,
      answer: data,
    });
    log(
      `[fake eTIMS] ${rcptTyCd === 'S' ? 'sale' : 'credit note'} invcNo ${invcNo} ` +
        `(${String(body.trdInvcNo)}, KSh ${String(body.totAmt)}) signed: receipt ${curRcptNo}`,
    );
    return answer(data);
  }

  const fake: FakeEtims = {
    baseUrl: '',
    port: 0,
    requests,
    invoices,
    devices,
    down: false,
    refuseNext(refusal, count = 1, path) {
      for (let i = 0; i < count; i += 1) refusals.push({ refusal, path });
    },
    loseNextAnswers(count = 1) {
      answersToLose += count;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function control(method: string, path: string, raw: string): [number, unknown] {
    const body = record(parse(raw)) ?? {};
    if (method === 'GET' && path === '/__fake/requests') return [200, requests];
    if (method === 'GET' && path === '/__fake/invoices') return [200, invoices];
    if (method === 'POST' && path === '/__fake/down') {
      const mode = body.mode === '503' || body.mode === 503 ? 503 : 'connection';
      fake.down = mode;
      log(`[fake eTIMS] down (${mode})`);
      return [200, { down: mode }];
    }
    if (method === 'POST' && path === '/__fake/up') {
      fake.down = false;
      log('[fake eTIMS] up');
      return [200, { down: false }];
    }
    if (method === 'POST' && path === '/__fake/refuse') {
      const count = body.count === undefined ? 1 : Number(body.count);
      if (
        typeof body.code !== 'string' ||
        typeof body.message !== 'string' ||
        !Number.isInteger(count) ||
        count < 1
      ) {
        return [400, { error: 'code and message (strings), count (≥ 1) expected' }];
      }
      fake.refuseNext(
        { code: body.code, message: body.message },
        count,
        typeof body.path === 'string' ? body.path : undefined,
      );
      return [200, { refusing: count }];
    }
    return [404, { error: 'Not found' }];
  }

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request).catch(() => '');
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      if (url.pathname.startsWith('/__fake/')) {
        const [status, body] = control(method, url.pathname, raw);
        return reply(response, status, body);
      }
      const body = parse(raw);
      const entry: FakeEtimsRequest = {
        method,
        path: url.pathname,
        headers: {
          ...(header(request, 'tin') ? { tin: header(request, 'tin') } : {}),
          ...(header(request, 'bhfId') ? { bhfId: header(request, 'bhfId') } : {}),
          ...(header(request, 'cmcKey') ? { cmcKey: header(request, 'cmcKey') } : {}),
        },
        body,
        result: null,
        at: new Date().toISOString(),
      };
      requests.push(entry);
      if (fake.down === 'connection') {
        request.socket.destroy();
        return;
      }
      if (fake.down === 503) {
        entry.result = 503;
        response.writeHead(503, { 'Content-Type': 'text/plain' });
        response.end('Service Unavailable');
        return;
      }
      const answered = (value: { resultCd: string }) => {
        entry.result = value.resultCd;
        if (value.resultCd === '000' && url.pathname === '/saveTrnsSalesOsdc' && answersToLose) {
          answersToLose -= 1;
          log('[fake eTIMS] answer lost (connection dropped after signing)');
          request.socket.destroy();
          return;
        }
        reply(response, 200, value);
      };
      try {
        const refusal = refusals.findIndex((r) => r.path === undefined || r.path === url.pathname);
        if (refusal >= 0) {
          const { refusal: given } = refusals.splice(refusal, 1)[0]!;
          throw new Refusal(given.code, given.message);
        }
        const routes: Record<string, (payload: Record<string, unknown>) => { resultCd: string }> = {
          '/selectInitOsdcInfo': initDevice,
          '/saveTrnsSalesOsdc': (payload) => saveSales(request, payload),
        };
        const route = routes[url.pathname];
        if (!route || method !== 'POST') {
          response.writeHead(404, { 'Content-Type': 'text/plain' });
          entry.result = 404;
          return response.end('Not Found');
        }
        const payload = record(body);
        if (!payload) throw new Refusal('910', 'Request parameter error: JSON body expected');
        return answered(route(payload));
      } catch (error) {
        const refusal =
          error instanceof Refusal ? error : new Refusal('999', 'An unknown error occurred');
        log(`[fake eTIMS] ${url.pathname} refused: ${refusal.code} ${refusal.message}`);
        return answered({
          resultCd: refusal.code,
          resultMsg: refusal.message,
          resultDt: darajaTimestamp(new Date()),
          data: null,
        } as { resultCd: string });
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
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
