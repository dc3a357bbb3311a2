/**
 * The OSCU client against the fake OSCU over real HTTP (issue 26): a device registered and its
 * key sent as headers, a sale signed, KRA's refusals kept with their code (a missing required
 * field, a repeated invcNo, a refusal the fake is told to give), and OSCU down (no answer, 503,
 * no server at all, too slow) read as unreachable.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeCmcKey,
  fakeMrcNo,
  fakeSdcId,
  startFakeEtims,
  type FakeEtims,
} from '../../testing/fake-etims';
import { buildSalesPayload, type EtimsDocument } from './etims-payload';
import { EtimsError, OscuClient, type OscuDevice } from './oscu-client';

let fake: FakeEtims;
let client: OscuClient;
const init = {
  environment: 'sandbox' as const,
  tin: 'P051234567K',
  bhfId: '00',
  dvcSrlNo: 'TEST-OSCU-1',
};
let device: OscuDevice;

const document = (etimsNo: number, overrides: Partial<EtimsDocument> = {}): EtimsDocument => ({
  kind: 'sale',
  etimsNo,
  originalEtimsNo: null,
  documentNo: etimsNo,
  at: new Date('2026-11-22T08:00:00Z'),
  buyerKraPin: null,
  customerName: null,
  customerPhone: null,
  payments: [{ method: 'cash', amountCents: 11600 }],
  lines: [
    {
      productId: 7,
      sku: 'SUG-1',
      name: 'Sugar 1kg',
      barcode: null,
      kind: 'goods',
      unitType: 'piece',
      quantity: 1,
      unitPriceCents: 11600,
      chargedUnitPriceCents: 11600,
      totalCents: 11600,
      taxType: 'B',
      taxCents: 1600,
    },
  ],
  deliveryCents: 0,
  deliveryTaxCents: 0,
  user: { id: 1, name: 'Wanjiku' },
  storeName: 'Duka Test',
  reason: null,
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<EtimsError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EtimsError);
  return error as EtimsError;
}

beforeAll(async () => {
  fake = await startFakeEtims();
  client = new OscuClient({ baseUrl: fake.baseUrl });
});
afterAll(() => fake.close());

describe('OscuClient against the fake OSCU', () => {
  it('registers a device: its key, control unit id and MRC number, the same again', async () => {
    const info = await client.initDevice(init);
    expect(info).toEqual({
      cmcKey: fakeCmcKey(init),
      sdcId: fakeSdcId(init),
      mrcNo: fakeMrcNo(init),
    });
    expect(info.sdcId).toMatch(/^KRACU\d{10}$/);
    expect(await client.initDevice(init)).toEqual(info);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      path: '/selectInitOsdcInfo',
      headers: { tin: init.tin, bhfId: '00' },
      body: { tin: init.tin, bhfId: '00', dvcSrlNo: 'TEST-OSCU-1' },
      result: '000',
    });
    device = { environment: 'sandbox', tin: init.tin, bhfId: '00', cmcKey: info.cmcKey };
  });

  it('sends a sale with the headers tin, bhfId and cmcKey, and reads the signed answer', async () => {
    const answer = await client.saveSales(device, buildSalesPayload(document(1)));
    expect(answer).toMatchObject({ curRcptNo: 1, totRcptNo: 1 });
    expect(answer.rcptSign).toMatch(/^[A-Z0-9]{16}$/);
    expect(answer.intrlData).toMatch(/^[A-Z0-9]{26}$/);
    expect(answer.sdcDateTime).toMatch(/^\d{14}$/);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/saveTrnsSalesOsdc',
      headers: { tin: init.tin, bhfId: '00', cmcKey: device.cmcKey },
      result: '000',
    });
    expect(fake.invoices.at(-1)).toMatchObject({ invcNo: 1, rcptTyCd: 'S', totAmt: 116 });
  });

  it("keeps KRA's code and message of a refusal", async () => {
    // The same invcNo again: overlapped data.
    const repeat = await refusal(client.saveSales(device, buildSalesPayload(document(1))));
    expect(repeat).toMatchObject({
      failure: 'refused',
      resultCode: '994',
      resultMessage: 'Overlapped data',
    });
    // A required field missing: 910 naming it.
    const missing: Record<string, unknown> = { ...buildSalesPayload(document(2)) };
    delete missing.cfmDt;
    const field = await refusal(client.saveSales(device, missing));
    expect(field).toMatchObject({
      resultCode: '910',
      resultMessage: expect.stringContaining('cfmDt'),
    });
    // Another device's key: not a valid device.
    const wrongKey = await refusal(
      client.saveSales({ ...device, cmcKey: 'NOT-THE-KEY' }, buildSalesPayload(document(2))),
    );
    expect(wrongKey.resultCode).toBe('901');
    // What the fake is told to refuse with.
    fake.refuseNext({ code: '921', message: 'Sales ordering error' });
    const told = await refusal(client.saveSales(device, buildSalesPayload(document(2))));
    expect(told).toMatchObject({ resultCode: '921', resultMessage: 'Sales ordering error' });
    expect(told.message).toBe('eTIMS refused (921): Sales ordering error');
    // None of those was signed: invcNo 2 is still free.
    expect((await client.saveSales(device, buildSalesPayload(document(2)))).totRcptNo).toBe(2);
  });

  it('reads OSCU down, a 503, no server and a slow answer as unreachable', async () => {
    fake.down = 'connection';
    const dropped = await refusal(client.saveSales(device, buildSalesPayload(document(3))));
    expect(dropped).toMatchObject({ failure: 'unreachable', resultCode: null });
    fake.down = 503;
    const busy = await refusal(client.saveSales(device, buildSalesPayload(document(3))));
    expect(busy).toMatchObject({ failure: 'unreachable', resultMessage: 'HTTP 503' });
    fake.down = false;

    const closed = await startFakeEtims();
    const deadUrl = closed.baseUrl;
    await closed.close();
    const none = await refusal(new OscuClient({ baseUrl: deadUrl }).initDevice(init));
    expect(none).toMatchObject({ failure: 'unreachable', resultMessage: 'could not connect' });

    const slow = createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.address() as AddressInfo;
    try {
      const timedOut = await refusal(
        new OscuClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 }).initDevice(init),
      );
      expect(timedOut).toMatchObject({
        failure: 'unreachable',
        resultMessage: 'no answer within 0.2 s',
      });
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
    // Back up: the invoice that waited goes through.
    expect((await client.saveSales(device, buildSalesPayload(document(3)))).totRcptNo).toBe(3);
  });

  it('refuses an answer without a resultCd or without the signature as unreachable', async () => {
    const odd = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ resultCd: '000', resultMsg: 'ok', data: { curRcptNo: 1 } }));
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const { port } = odd.address() as AddressInfo;
    try {
      const error = await refusal(
        new OscuClient({ baseUrl: `http://127.0.0.1:${port}` }).saveSales(device, {}),
      );
      expect(error).toMatchObject({
        failure: 'unreachable',
        resultMessage: 'the answer had no receipt signature',
      });
    } finally {
      await new Promise<void>((resolve) => odd.close(() => resolve()));
    }
  });

  it('uses KRA’s hosts by environment when no base URL is set', () => {
    const real = new OscuClient();
    expect(real.baseUrlFor('sandbox')).toBe('https://etims-api-sbx.kra.go.ke/etims-api');
    expect(real.baseUrlFor('production')).toBe('https://etims-api.kra.go.ke/etims-api');
    expect(new OscuClient({ baseUrl: `${fake.baseUrl}/` }).baseUrlFor('production')).toBe(
      fake.baseUrl,
    );
  });
});
