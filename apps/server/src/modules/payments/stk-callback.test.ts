/**
 * Safaricom's STK callback (issue 23): POST /api/hooks/daraja/{token}/stk over real HTTP, the
 * way Safaricom posts it, against requests recorded as a prompt Daraja accepted would be, and
 * GET /api/payments/mpesa/{id} reading them back. The prompt itself and the status query job,
 * against the fake Daraja, are in stk.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePayments, sales } from '../sales/sales.table';
import type { TestClient } from '../../testing/create-test-app';
import { buildStore, signedIn } from '../../testing/factories';
import { createListeningTestApp, type ListeningTestApp } from '../../testing/listening-app';
import { darajaHookTokenOf } from './daraja-token';
import { mpesaPayments, storeMpesaSettings } from './mpesa.table';

let t: ListeningTestApp;

interface Shop {
  store: number;
  token: string;
  cashier: TestClient;
  manager: TestClient;
}

async function shop(name: string): Promise<Shop> {
  const store = (await buildStore(t.db, name)).id;
  const token = await darajaHookTokenOf(t.db, store);
  await t.db
    .update(storeMpesaSettings)
    .set({
      shortcode: '174379',
      kind: 'paybill',
      environment: 'sandbox',
      passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
      consumerKey: 'test-consumer-key',
      consumerSecret: 'test-consumer-secret',
    })
    .where(eq(storeMpesaSettings.storeId, store));
  const cashier = (await signedIn(t, 'sales', store)).client;
  const manager = (await signedIn(t, 'manager', store)).client;
  return { store, token, cashier, manager };
}

let sequence = 0;
/** A prompt Daraja accepted: its row as POST /stk records it. KSh 64.50 asks for 65. */
async function pending(s: Shop, amount = '64.50', promptAmount = 65) {
  sequence += 1;
  const checkout = `ws_CO_2611202611021${String(sequence).padStart(4, '0')}`;
  const [row] = await t.db
    .insert(mpesaPayments)
    .values({
      storeId: s.store,
      source: 'stk',
      status: 'pending',
      amount,
      promptAmount,
      phone: '+254712345678',
      reference: 'A1B2C3D4',
      merchantRequestId: `29115-3462056${sequence}-1`,
      checkoutRequestId: checkout,
      createdAt: t.clock.now(),
    })
    .returning();
  return { id: row!.id, checkout };
}

const row = async (id: number) =>
  (await t.db.select().from(mpesaPayments).where(eq(mpesaPayments.id, id)))[0];
const allRows = async () =>
  JSON.stringify(await t.db.select().from(mpesaPayments).orderBy(mpesaPayments.id));

/** The paid callback, its items in an order of their own (looked up by Name). */
function paidBody(checkout: string, amount: number | string, receipt: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkout,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Balance' },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'TransactionDate', Value: 20261122110215 },
            { Name: 'Amount', Value: amount },
            { Name: 'PhoneNumber', Value: 254712345678 },
          ],
        },
      },
    },
  };
}

function failedBody(checkout: string, code: number, desc: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkout,
        ResultCode: code,
        ResultDesc: desc,
      },
    },
  };
}

/** Posts to the store's STK hook over real HTTP, as Safaricom does. */
async function callback(token: string, body: unknown) {
  const response = await fetch(`${t.origin}/api/hooks/daraja/${token}/stk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const ACK = { ResultCode: 0, ResultDesc: 'Accepted' };

const status = async (client: TestClient, id: number) => {
  const response = await client.get(`/api/payments/mpesa/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

let a: Shop;
let b: Shop;
beforeAll(async () => {
  t = await createListeningTestApp();
  a = await shop('Callback Store A');
  b = await shop('Callback Store B');
});
afterAll(() => t.close());

describe('POST /api/hooks/daraja/{token}/stk', () => {
  it('marks a request paid with its receipt number; the amount may come as 65.00', async () => {
    const { id, checkout } = await pending(a);
    expect(await status(a.cashier, id)).toEqual({
      id,
      status: 'pending',
      result_code: null,
      result_desc: null,
      mpesa_receipt: null,
      amount: 64.5,
      phone: '+254712345678',
      sale_id: null,
    });
    // Safaricom writes the amount with decimals: a raw body keeps "65.00" as sent.
    const raw = JSON.stringify(paidBody(checkout, 6500, 'TKM4XY71QA')).replace('6500', '65.00');
    expect(raw).toContain('"Value":65.00');
    expect(await callback(a.token, raw)).toEqual({ status: 200, body: ACK });
    expect(await status(a.cashier, id)).toEqual({
      id,
      status: 'paid',
      result_code: '0',
      result_desc: 'The service request is processed successfully.',
      mpesa_receipt: 'TKM4XY71QA',
      amount: 64.5,
      phone: '+254712345678',
      sale_id: null,
    });
    const stored = await row(id);
    expect(stored!.transactionTime).toBe('20261122110215');
    expect(stored!.completedAt).toEqual(t.clock.now());
    expect(stored!.amount).toBe('64.50');
  });

  it.each([
    [1032, 'Request cancelled by user', 'cancelled'],
    [1031, 'Request cancelled by user', 'cancelled'],
    [2001, 'The initiator information is invalid.', 'failed'],
    [1, 'The balance is insufficient for the transaction.', 'failed'],
    [1037, 'DS timeout user cannot be reached', 'failed'],
  ])('ResultCode %i → %s… %s', async (code, desc, expected) => {
    const { id, checkout } = await pending(a);
    expect(await callback(a.token, failedBody(checkout, code, desc))).toEqual({
      status: 200,
      body: ACK,
    });
    expect(await status(a.cashier, id)).toMatchObject({
      status: expected,
      result_code: String(code),
      result_desc: desc,
      mpesa_receipt: null,
    });
  });

  it('changes a request once: a duplicate or a replay changes nothing', async () => {
    const { id, checkout } = await pending(a);
    expect((await callback(a.token, paidBody(checkout, 65, 'TKM4XY72QB'))).status).toBe(200);
    const once = await allRows();
    t.clock.advance(5_000);
    expect(await callback(a.token, paidBody(checkout, 65, 'TKM4XY72QB'))).toEqual({
      status: 200,
      body: ACK,
    });
    expect(await callback(a.token, paidBody(checkout, 65, 'TKM4XY99ZZ'))).toEqual({
      status: 200,
      body: ACK,
    });
    expect(
      await callback(a.token, failedBody(checkout, 1032, 'Request cancelled by user')),
    ).toEqual({ status: 200, body: ACK });
    expect(await allRows()).toBe(once);
    expect((await status(a.cashier, id)).mpesa_receipt).toBe('TKM4XY72QB');

    // A cancelled request stays cancelled whatever comes after.
    const second = await pending(a);
    await callback(a.token, failedBody(second.checkout, 1032, 'Request cancelled by user'));
    const cancelled = await allRows();
    await callback(a.token, paidBody(second.checkout, 65, 'TKM4XY73QC'));
    expect(await allRows()).toBe(cancelled);
  });

  it('changes nothing for an unknown CheckoutRequestID', async () => {
    await pending(a);
    const before = await allRows();
    expect(await callback(a.token, paidBody('ws_CO_000000000000000000', 65, 'TKM4XY74QD'))).toEqual(
      {
        status: 200,
        body: ACK,
      },
    );
    expect(await allRows()).toBe(before);
  });

  it("changes nothing when another store's token brings it", async () => {
    const { id, checkout } = await pending(a);
    const before = await allRows();
    expect(await callback(b.token, paidBody(checkout, 65, 'TKM4XY75QE'))).toEqual({
      status: 200,
      body: ACK,
    });
    expect(await allRows()).toBe(before);
    expect((await status(a.cashier, id)).status).toBe('pending');
  });

  it('changes nothing when the amount differs from the prompt', async () => {
    const { id, checkout } = await pending(a);
    const before = await allRows();
    for (const amount of [64, '64.50', '66', 1]) {
      expect(await callback(a.token, paidBody(checkout, amount, 'TKM4XY76QF'))).toEqual({
        status: 200,
        body: ACK,
      });
    }
    // No Amount item at all: nothing to check it against.
    const body = paidBody(checkout, 65, 'TKM4XY76QF');
    body.Body.stkCallback.CallbackMetadata.Item =
      body.Body.stkCallback.CallbackMetadata.Item.filter((item) => item.Name !== 'Amount');
    expect((await callback(a.token, body)).status).toBe(200);
    expect(await allRows()).toBe(before);
    expect((await status(a.cashier, id)).status).toBe('pending');
    // The right amount as text (Value may be a string) is accepted.
    await callback(a.token, paidBody(checkout, '65', 'TKM4XY76QF'));
    expect((await status(a.cashier, id)).status).toBe('paid');
  });

  it('answers a malformed body 400 and an unknown token 404, changing nothing', async () => {
    const { checkout } = await pending(a);
    const before = await allRows();
    const malformed: unknown[] = [
      '{"Body":',
      {},
      { Body: { stkCallback: { CheckoutRequestID: checkout, ResultCode: 0 } } },
      {
        Body: { stkCallback: { ...failedBody(checkout, 0, 'x').Body.stkCallback, ResultCode: [] } },
      },
      {
        Body: {
          stkCallback: {
            ...paidBody(checkout, 65, 'X').Body.stkCallback,
            CallbackMetadata: { Item: 'Amount' },
          },
        },
      },
    ];
    for (const body of malformed) {
      const answer = await callback(a.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await callback('0'.repeat(64), paidBody(checkout, 65, 'TKM4XY77QG'))).status).toBe(404);
    expect((await callback('not-a-token', paidBody(checkout, 65, 'TKM4XY77QG'))).status).toBe(404);
    expect(await allRows()).toBe(before);
  });
});

describe('the same receipt as a received (C2B) payment', () => {
  async function received(s: Shop, receipt: string, saleId: number | null = null) {
    const [c2b] = await t.db
      .insert(mpesaPayments)
      .values({
        storeId: s.store,
        source: 'c2b',
        status: 'paid',
        amount: '65.00',
        phone: '2547 ***** 678',
        mpesaReceipt: receipt,
        saleId,
        createdAt: t.clock.now(),
        completedAt: t.clock.now(),
      })
      .returning();
    return c2b!.id;
  }

  /** A sale of store `s` with one M-Pesa part, as the till records it. */
  async function mpesaSale(s: Shop, code: string | null, paymentId: number | null) {
    const [sale] = await t.db
      .insert(sales)
      .values({
        storeId: s.store,
        subtotal: '64.50',
        totalAmount: '64.50',
        paymentMethod: 'mpesa',
        amountPaid: '64.50',
        mpesaCode: code,
      })
      .returning();
    await t.db.insert(salePayments).values({
      saleId: sale!.id,
      storeId: s.store,
      method: 'mpesa',
      amount: '64.50',
      mpesaCode: code,
      mpesaPaymentId: paymentId,
    });
    return sale!.id;
  }

  it('folds an unattached received payment into the request: one row, one receipt', async () => {
    const { id, checkout } = await pending(a);
    const c2b = await received(a, 'TKM5AB12CD');
    await callback(a.token, paidBody(checkout, 65, 'TKM5AB12CD'));
    const rows = await t.db
      .select()
      .from(mpesaPayments)
      .where(eq(mpesaPayments.mpesaReceipt, 'TKM5AB12CD'));
    expect(rows.map((r) => [r.id, r.source, r.status])).toEqual([[id, 'stk', 'paid']]);
    expect(await row(c2b)).toBeUndefined();
  });

  it('folds a received payment committed while the callback runs (both arrive at once)', async () => {
    const { id, checkout } = await pending(a);
    let answer: ReturnType<typeof callback> | undefined;
    // The confirmation's insert is not committed yet when the callback looks for a twin: on
    // PostgreSQL the callback's receipt then waits on the unique index, and must not be a 500.
    await t.db.transaction(async (tx) => {
      await tx.insert(mpesaPayments).values({
        storeId: a.store,
        source: 'c2b',
        status: 'paid',
        amount: '65.00',
        phone: '2547 ***** 678',
        mpesaReceipt: 'TKM5AB19RC',
        createdAt: t.clock.now(),
        completedAt: t.clock.now(),
      });
      answer = callback(a.token, paidBody(checkout, 65, 'TKM5AB19RC'));
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect(await answer).toEqual({ status: 200, body: ACK });
    const rows = await t.db
      .select()
      .from(mpesaPayments)
      .where(eq(mpesaPayments.mpesaReceipt, 'TKM5AB19RC'));
    expect(rows.map((r) => [r.id, r.source, r.status])).toEqual([[id, 'stk', 'paid']]);
  });

  it('takes over the sale a received payment already paid, so it pays no other', async () => {
    const { id, checkout } = await pending(a);
    const c2b = await received(a, 'TKM5AB13CE');
    const sale = await mpesaSale(a, 'TKM5AB13CE', c2b);
    await t.db.update(mpesaPayments).set({ saleId: sale }).where(eq(mpesaPayments.id, c2b));
    await callback(a.token, paidBody(checkout, 65, 'TKM5AB13CE'));
    expect(await status(a.cashier, id)).toMatchObject({
      status: 'paid',
      mpesa_receipt: 'TKM5AB13CE',
      sale_id: sale,
    });
    expect(await row(c2b)).toBeUndefined();
    const [part] = await t.db.select().from(salePayments).where(eq(salePayments.saleId, sale));
    expect(part).toMatchObject({ mpesaPaymentId: id, mpesaCode: 'TKM5AB13CE' });
  });

  it('leaves the receipt on the received payment when both already paid a sale', async () => {
    const { id, checkout } = await pending(a);
    const c2b = await received(a, 'TKM5AB14CF');
    const first = await mpesaSale(a, 'TKM5AB14CF', c2b);
    await t.db.update(mpesaPayments).set({ saleId: first }).where(eq(mpesaPayments.id, c2b));
    const other = await mpesaSale(a, null, id);
    await t.db.update(mpesaPayments).set({ saleId: other }).where(eq(mpesaPayments.id, id));
    await callback(a.token, paidBody(checkout, 65, 'TKM5AB14CF'));
    expect(await status(a.cashier, id)).toMatchObject({ status: 'paid', mpesa_receipt: null });
    expect((await row(c2b))!.mpesaReceipt).toBe('TKM5AB14CF');
  });
});

describe('a request the status query settled first', () => {
  it('takes the receipt a later callback brings, onto the sale it paid too', async () => {
    const { id, checkout } = await pending(a);
    // The job found it paid (no receipt number in the query's answer); the till sold with it.
    const [sale] = await t.db
      .insert(sales)
      .values({
        storeId: a.store,
        subtotal: '64.50',
        totalAmount: '64.50',
        paymentMethod: 'mpesa',
        amountPaid: '64.50',
      })
      .returning();
    await t.db.insert(salePayments).values({
      saleId: sale!.id,
      storeId: a.store,
      method: 'mpesa',
      amount: '64.50',
      mpesaPaymentId: id,
    });
    await t.db
      .update(mpesaPayments)
      .set({
        status: 'paid',
        resultCode: '0',
        resultDesc: 'The service request is processed successfully.',
        completedAt: t.clock.now(),
        saleId: sale!.id,
      })
      .where(eq(mpesaPayments.id, id));
    await callback(a.token, paidBody(checkout, 65, 'TKM6CD34EF'));
    expect(await status(a.cashier, id)).toMatchObject({
      status: 'paid',
      mpesa_receipt: 'TKM6CD34EF',
      sale_id: sale!.id,
    });
    const [part] = await t.db.select().from(salePayments).where(eq(salePayments.saleId, sale!.id));
    expect(part!.mpesaCode).toBe('TKM6CD34EF');
    const [saleRow] = await t.db.select().from(sales).where(eq(sales.id, sale!.id));
    expect(saleRow!.mpesaCode).toBe('TKM6CD34EF');
  });
});

describe('GET /api/payments/mpesa/{id}', () => {
  it("answers 404 for another store's request and for a received payment", async () => {
    const { id } = await pending(a);
    expect((await b.cashier.get(`/api/payments/mpesa/${id}`)).statusCode).toBe(404);
    expect((await a.manager.get(`/api/payments/mpesa/${id}`)).statusCode).toBe(200);
    const [c2b] = await t.db
      .insert(mpesaPayments)
      .values({
        storeId: a.store,
        source: 'c2b',
        status: 'paid',
        amount: '10.00',
        mpesaReceipt: 'TKM7EF56GH',
      })
      .returning();
    expect((await a.cashier.get(`/api/payments/mpesa/${c2b!.id}`)).statusCode).toBe(404);
    expect((await a.cashier.get('/api/payments/mpesa/999999')).statusCode).toBe(404);
  });
});
