/**
 * Payments customers make from their own phones (issue 23, C2B) and M-Pesa payments linked to
 * sales: the confirmation hook (stored once, auto-matched by the sale's reference), POST /sales
 * with mpesa_payment_id or a typed code (linked, used twice → 409, racing sales, verified or
 * not), the till's Received payments list and the manager's day summary, store by store.
 */
import {
  DARAJA_ACK,
  saleReference,
  type MpesaSummary,
  type ReceivedPayment,
} from '@duka/shared/payments/mpesa.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  backdateSale,
  buildStore,
  createProduct,
  saleBody,
  saleLine as line,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { salePayments, sales } from '../sales/sales.table';
import { msisdnCanBe } from './c2b.service';
import { darajaHookTokenOf } from './daraja-token';
import { mpesaPayments, storeMpesaSettings } from './mpesa.table';

let t: TestApp;

interface Shop {
  id: number;
  token: string;
  admin: TestClient;
  manager: TestClient;
  cashier: TestClient;
  walkIn: number;
  shortcode: string;
}

/** A store with its M-Pesa settings: receiving confirmations unless `receives` is false. */
async function shop(shortcode: string, receives = true): Promise<Shop> {
  const id = (await buildStore(t.db)).id;
  const token = await darajaHookTokenOf(t.db, id);
  await t.db
    .update(storeMpesaSettings)
    .set({
      shortcode,
      kind: 'paybill',
      environment: 'sandbox',
      passkey: 'passkey',
      consumerKey: 'key',
      consumerSecret: 'secret',
      c2bRegisteredAt: receives ? t.clock.now() : null,
    })
    .where(eq(storeMpesaSettings.storeId, id));
  const admin = (await signedIn(t, 'admin', id)).client;
  const manager = (await signedIn(t, 'manager', id)).client;
  const cashier = (await signedIn(t, 'sales', id)).client;
  const walkIn = (await walkInCustomer(cashier)).id;
  return { id, token, admin, manager, cashier, walkIn, shortcode };
}

let a: Shop;
let b: Shop;
let sequence = 0;

/** A TransID as Safaricom makes them: 10 capitals and digits, unique per test run. */
function transId(): string {
  sequence += 1;
  return `TC${String(sequence).padStart(8, '0')}`;
}

function confirmation(store: Shop, fields: Record<string, unknown> = {}) {
  return {
    TransactionType: 'Pay Bill',
    TransID: transId(),
    TransTime: '20261122110500',
    TransAmount: '500.00',
    BusinessShortCode: store.shortcode,
    BillRefNumber: '',
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: '2547 ***** 149',
    FirstName: 'JANE',
    MiddleName: '',
    LastName: 'WANJIRU',
    ...fields,
  };
}

function postHook(store: Shop, kind: 'validation' | 'confirmation', body: unknown) {
  return t.client().raw({
    method: 'POST',
    url: `/api/hooks/daraja/${store.token}/${kind}`,
    payload: body as Record<string, unknown>,
  });
}

/** A confirmation for `store`, acknowledged; the stored payment's id. */
async function received(store: Shop, fields: Record<string, unknown> = {}) {
  const body = confirmation(store, fields);
  const response = await postHook(store, 'confirmation', body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual(DARAJA_ACK);
  const [row] = await t.db
    .select()
    .from(mpesaPayments)
    .where(and(eq(mpesaPayments.storeId, store.id), eq(mpesaPayments.mpesaReceipt, body.TransID)));
  return { body, row: row! };
}

async function productOf(store: Shop, price: number) {
  return createProduct(store.admin, { piece_selling_price: price });
}

/** POST /api/sales of one line at `price`, paid as `payment` says. */
async function sell(
  store: Shop,
  payment: Record<string, unknown>,
  price = 500,
  options: { client?: TestClient; headers?: Record<string, string> } = {},
) {
  const product = await productOf(store, price);
  return (options.client ?? store.cashier).post(
    '/api/sales',
    saleBody({
      items: [line(product.id, 1, price)],
      customer_id: store.walkIn,
      payment_method: undefined,
      ...payment,
    }),
    options.headers ? { headers: options.headers } : {},
  );
}

async function saleOf(store: Shop, id: number): Promise<Sale> {
  return (await store.manager.get(`/api/sales/${id}`)).json<{ data: Sale }>().data;
}

async function paymentRow(id: number) {
  const [row] = await t.db.select().from(mpesaPayments).where(eq(mpesaPayments.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await shop('174379');
  b = await shop('600984');
});
afterAll(() => t.close());

describe('the C2B hooks', () => {
  it('stores a confirmation once, however often Safaricom posts it', async () => {
    const body = confirmation(a, { TransAmount: '1234.56', FirstName: 'JOHN', LastName: '' });
    for (let i = 0; i < 2; i += 1) {
      const response = await postHook(a, 'confirmation', body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(DARAJA_ACK);
    }
    const rows = await t.db
      .select()
      .from(mpesaPayments)
      .where(eq(mpesaPayments.mpesaReceipt, body.TransID));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      storeId: a.id,
      source: 'c2b',
      status: 'paid',
      amount: '1234.56',
      mpesaReceipt: body.TransID,
      phone: '2547 ***** 149',
      payerName: 'JOHN',
      reference: null,
      transactionTime: '20261122110500',
      saleId: null,
    });
    expect(rows[0]!.completedAt).toEqual(t.clock.now());
  });

  it('masks a whole number Safaricom sent, and keeps a hashed one as sent', async () => {
    const whole = await received(a, { MSISDN: '254708374149', FirstName: '', LastName: '' });
    expect(whole.row.phone).toBe('2547 ***** 149');
    const hash = 'a'.repeat(64);
    const hashed = await received(a, { MSISDN: hash, FirstName: null, LastName: null });
    expect(hashed.row.phone).toBe(hash);
    expect(hashed.row.payerName).toBeNull();
  });

  it('changes nothing for another shortcode, a paid prompt of the same receipt, or another store', async () => {
    const other = confirmation(a, { BusinessShortCode: '999999' });
    // The same money seen first as a paid STK prompt (research notes §1.6).
    const receipt = transId();
    const [stk] = await t.db
      .insert(mpesaPayments)
      .values({
        storeId: a.id,
        source: 'stk',
        status: 'paid',
        amount: '500.00',
        phone: '+254708374149',
        mpesaReceipt: receipt,
        checkoutRequestId: `ws_CO_${receipt}`,
      })
      .returning();
    const before = await t.db.select({ n: count() }).from(mpesaPayments);
    expect((await postHook(a, 'confirmation', other)).json()).toEqual(DARAJA_ACK);
    const again = confirmation(a, { TransID: receipt });
    expect((await postHook(a, 'confirmation', again)).json()).toEqual(DARAJA_ACK);
    expect(await paymentRow(stk!.id)).toEqual(stk);
    const after = await t.db.select({ n: count() }).from(mpesaPayments);
    expect(after[0]!.n).toBe(before[0]!.n);
    // Store B's token with store A's shortcode: not B's money.
    expect((await postHook(b, 'confirmation', confirmation(a))).json()).toEqual(DARAJA_ACK);
    expect((await t.db.select({ n: count() }).from(mpesaPayments))[0]!.n).toBe(before[0]!.n);
  });

  it('folds a confirmation of a prompt the query found paid into that prompt, its sale taking the receipt', async () => {
    // The status query said paid (no receipt number) and the callback never came; Safaricom
    // then posts the same money as a C2B confirmation (research notes §1.6).
    const [prompt] = await t.db
      .insert(mpesaPayments)
      .values({
        storeId: a.id,
        source: 'stk',
        status: 'paid',
        amount: '449.50',
        promptAmount: 450,
        phone: '+254712345678',
        checkoutRequestId: `ws_CO_fold_${transId()}`,
        completedAt: t.clock.now(),
      })
      .returning();
    const sold = await sell(a, { payment_method: 'mpesa', mpesa_payment_id: prompt!.id }, 449.5);
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json<{ data: Sale }>().data.id;
    // Another number, or another amount, is other money: stored as a payment of its own.
    const otherNumber = await received(a, { TransAmount: '450.00', MSISDN: '2547 ***** 999' });
    expect(otherNumber.row.source).toBe('c2b');
    const before = (await t.db.select({ n: count() }).from(mpesaPayments))[0]!.n;
    const body = confirmation(a, { TransAmount: '450.00', MSISDN: '2547 ***** 678' });
    expect((await postHook(a, 'confirmation', body)).json()).toEqual(DARAJA_ACK);
    expect((await t.db.select({ n: count() }).from(mpesaPayments))[0]!.n).toBe(before);
    const folded = await paymentRow(prompt!.id);
    expect(folded.mpesaReceipt).toBe(body.TransID);
    expect(folded.saleId).toBe(saleId);
    const sale = await saleOf(a, saleId);
    expect(sale.mpesa_code).toBe(body.TransID);
    expect(sale.payments[0]).toMatchObject({
      mpesa_payment_id: prompt!.id,
      mpesa_code: body.TransID,
    });
    // Not in the till's Received payments: nothing there to pay a second sale with.
    const unmatched = (await a.cashier.get('/api/payments/mpesa/received?unmatched=true')).json<{
      data: ReceivedPayment[];
    }>().data;
    expect(unmatched.map((p) => p.trans_id)).not.toContain(body.TransID);
    // A v1 hash of the same number folds too; a prompt that has its receipt takes no other.
    expect(
      msisdnCanBe(createHash('sha256').update('254712345678').digest('hex'), '+254712345678'),
    ).toBe(true);
    expect(msisdnCanBe('254712345678', '+254712345678')).toBe(true);
    expect(msisdnCanBe('2547 ***** 679', '+254712345678')).toBe(false);
    const again = await received(a, { TransAmount: '450.00', MSISDN: '2547 ***** 678' });
    expect(again.row.source).toBe('c2b');
    expect((await paymentRow(prompt!.id)).mpesaReceipt).toBe(body.TransID);
  });

  it('answers 404 for an unknown token and 400 for a malformed body, storing nothing', async () => {
    const before = await t.db.select({ n: count() }).from(mpesaPayments);
    const unknown = await t.client().raw({
      method: 'POST',
      url: `/api/hooks/daraja/${'0'.repeat(64)}/confirmation`,
      payload: confirmation(a),
    });
    expect(unknown.statusCode).toBe(404);
    for (const body of [
      { ...confirmation(a), TransID: undefined },
      { ...confirmation(a), TransAmount: 'lots' },
      { ...confirmation(a), TransAmount: '0.00' },
      { ...confirmation(a), MSISDN: 42 },
    ]) {
      for (const kind of ['validation', 'confirmation'] as const) {
        const response = await postHook(a, kind, body);
        expect(response.statusCode, `${kind} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    expect((await t.db.select({ n: count() }).from(mpesaPayments))[0]!.n).toBe(before[0]!.n);
  });

  it('accepts every well-formed validation, storing nothing', async () => {
    const body = confirmation(a, { BusinessShortCode: '999999' });
    const response = await postHook(a, 'validation', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DARAJA_ACK);
    const rows = await t.db
      .select()
      .from(mpesaPayments)
      .where(eq(mpesaPayments.mpesaReceipt, body.TransID));
    expect(rows).toEqual([]);
  });
});

describe('a paybill payment carrying the sale reference', () => {
  it('attaches itself to the sale whose M-Pesa part is not linked (any case)', async () => {
    const clientSaleId = crypto.randomUUID();
    const response = await sell(a, {
      client_sale_id: clientSaleId,
      payments: [
        { method: 'cash', amount: 200 },
        { method: 'mpesa', amount: 300 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json<{ data: Sale }>().data;
    // The store receives confirmations: an M-Pesa part nothing checked is unverified.
    expect(sale.mpesa_verified).toBe(false);
    expect(sale.mpesa_code).toBeNull();
    const { body, row } = await received(a, {
      TransAmount: '300',
      BillRefNumber: saleReference(clientSaleId).toLowerCase(),
    });
    expect(row.saleId).toBe(sale.id);
    expect(row.reference).toBe(saleReference(clientSaleId).toLowerCase());
    const shown = await saleOf(a, sale.id);
    expect(shown).toMatchObject({
      mpesa_code: body.TransID,
      mpesa_verified: true,
      payments: [
        { method: 'cash', amount: 200, mpesa_code: null, mpesa_payment_id: null },
        { method: 'mpesa', amount: 300, mpesa_code: body.TransID, mpesa_payment_id: row.id },
      ],
    });
    // A second payment with the same reference finds no part left: it stays unmatched.
    const second = await received(a, { BillRefNumber: saleReference(clientSaleId) });
    expect(second.row.saleId).toBeNull();
  });

  it('does not attach to a part larger than the payment, nor to another store', async () => {
    const clientSaleId = crypto.randomUUID();
    const response = await sell(a, { client_sale_id: clientSaleId, payment_method: 'mpesa' });
    const sale = response.json<{ data: Sale }>().data;
    const short = await received(a, {
      TransAmount: '499.99',
      BillRefNumber: saleReference(clientSaleId),
    });
    expect(short.row.saleId).toBeNull();
    const otherStore = await received(b, { BillRefNumber: saleReference(clientSaleId) });
    expect(otherStore.row.saleId).toBeNull();
    expect((await saleOf(a, sale.id)).mpesa_verified).toBe(false);
  });
});

describe('POST /api/sales with an M-Pesa payment', () => {
  it('links a received payment by hand: its TransID becomes the sale code', async () => {
    const { body, row } = await received(a, { TransAmount: '600' });
    const response = await sell(a, { payment_method: 'mpesa', mpesa_payment_id: row.id });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json<{ data: Sale }>().data;
    expect(sale).toMatchObject({
      mpesa_code: body.TransID,
      mpesa_verified: true,
      payments: [
        { method: 'mpesa', amount: 500, mpesa_code: body.TransID, mpesa_payment_id: row.id },
      ],
    });
    expect((await paymentRow(row.id)).saleId).toBe(sale.id);
    expect(await saleOf(a, sale.id)).toMatchObject({
      mpesa_code: body.TransID,
      mpesa_verified: true,
      payments: sale.payments,
    });
    // Used again: the contract's 409, and nothing written.
    const before = await t.db.select({ n: count() }).from(sales);
    const again = await sell(a, { payment_method: 'mpesa', mpesa_payment_id: row.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This M-Pesa payment is already used by sale #${sale.id}`);
    expect((await t.db.select({ n: count() }).from(sales))[0]!.n).toBe(before[0]!.n);
  });

  it('links a paid prompt as a split part, and answers a replay with the first sale', async () => {
    const receipt = transId();
    const [stk] = await t.db
      .insert(mpesaPayments)
      .values({
        storeId: a.id,
        source: 'stk',
        status: 'paid',
        amount: '300.00',
        promptAmount: 300,
        phone: '+254708374149',
        mpesaReceipt: receipt,
        checkoutRequestId: `ws_CO_${receipt}`,
      })
      .returning();
    const payment = {
      payments: [
        { method: 'cash', amount: 300 },
        { method: 'mpesa', amount: 300, mpesa_payment_id: stk!.id },
      ],
    };
    const product = await productOf(a, 500);
    const body = saleBody({
      items: [line(product.id, 1, 500)],
      customer_id: a.walkIn,
      payment_method: undefined,
      ...payment,
    });
    const headers = { 'idempotency-key': `mpesa-replay-${receipt}` };
    const first = await a.cashier.post('/api/sales', body, { headers });
    expect(first.statusCode, first.body).toBe(201);
    const sale = first.json<{ data: Sale }>().data;
    expect(sale.payments).toEqual([
      { method: 'cash', amount: 200, mpesa_code: null, mpesa_payment_id: null },
      { method: 'mpesa', amount: 300, mpesa_code: receipt, mpesa_payment_id: stk!.id },
    ]);
    expect(sale.mpesa_verified).toBe(true);
    const replay = await a.cashier.post('/api/sales', body, { headers });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json<{ data: Sale }>().data.id).toBe(sale.id);
  });

  it('refuses a payment not paid, too small, another store’s, unknown, or with no M-Pesa part', async () => {
    const [pending] = await t.db
      .insert(mpesaPayments)
      .values({
        storeId: a.id,
        source: 'stk',
        status: 'pending',
        amount: '500.00',
        phone: '+254708374149',
        checkoutRequestId: `ws_CO_pending_${transId()}`,
      })
      .returning();
    const notPaid = await sell(a, { payment_method: 'mpesa', mpesa_payment_id: pending!.id });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe('This M-Pesa payment is not paid');

    const small = await received(a, { TransAmount: '499.99' });
    const tooSmall = await sell(a, { payment_method: 'mpesa', mpesa_payment_id: small.row.id });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().errors[0].path).toBe('mpesa_payment_id');

    const theirs = await received(b);
    for (const id of [theirs.row.id, 999_999]) {
      const refused = await sell(a, { payment_method: 'mpesa', mpesa_payment_id: id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({
        path: 'mpesa_payment_id',
        message: 'M-Pesa payment not found',
      });
    }
    const split = await sell(a, {
      payments: [
        { method: 'cash', amount: 100 },
        { method: 'mpesa', amount: 400, mpesa_payment_id: theirs.row.id },
      ],
    });
    expect(split.statusCode).toBe(400);
    expect(split.json().errors[0].path).toBe('payments.1.mpesa_payment_id');
    expect((await paymentRow(theirs.row.id)).saleId).toBeNull();

    const mine = await received(a);
    const cash = await sell(a, { payment_method: 'cash', mpesa_payment_id: mine.row.id });
    expect(cash.statusCode).toBe(400);
    expect(cash.json().errors[0].path).toBe('mpesa_payment_id');
    const cashPart = await sell(a, {
      payments: [{ method: 'cash', amount: 500, mpesa_payment_id: mine.row.id }],
    });
    expect(cashPart.statusCode).toBe(400);
    expect(cashPart.json().errors[0].path).toBe('payments.0.mpesa_payment_id');
    const twice = await sell(a, {
      payments: [
        { method: 'mpesa', amount: 250, mpesa_payment_id: mine.row.id },
        { method: 'mpesa', amount: 250, mpesa_payment_id: mine.row.id },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].path).toBe('payments.1.mpesa_payment_id');
    expect((await paymentRow(mine.row.id)).saleId).toBeNull();
  });

  it('gives one of two racing sales the payment, and the other the 409', async () => {
    const { row } = await received(a);
    const [one, two] = await Promise.all([
      sell(a, { payment_method: 'mpesa', mpesa_payment_id: row.id }),
      sell(a, { payment_method: 'mpesa', mpesa_payment_id: row.id }),
    ]);
    const statuses = [one.statusCode, two.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const winner = [one, two].find((response) => response.statusCode === 201)!;
    const loser = [one, two].find((response) => response.statusCode === 409)!;
    const saleId = winner.json<{ data: Sale }>().data.id;
    expect(loser.json().message).toBe(`This M-Pesa payment is already used by sale #${saleId}`);
    expect((await paymentRow(row.id)).saleId).toBe(saleId);
    const parts = await t.db
      .select()
      .from(salePayments)
      .where(eq(salePayments.mpesaPaymentId, row.id));
    expect(parts).toHaveLength(1);
  });
});

describe('a typed M-Pesa code', () => {
  it('that matches a received payment links it; used again it is the same 409', async () => {
    const { body, row } = await received(a);
    const response = await sell(a, {
      payment_method: 'mpesa',
      mpesa_code: body.TransID.toLowerCase(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json<{ data: Sale }>().data;
    expect(sale).toMatchObject({
      mpesa_code: body.TransID,
      mpesa_verified: true,
      payments: [{ mpesa_code: body.TransID, mpesa_payment_id: row.id }],
    });
    const again = await sell(a, { payment_method: 'mpesa', mpesa_code: body.TransID });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This M-Pesa payment is already used by sale #${sale.id}`);
  });

  it('that matches nothing is unverified where confirmations arrive, unchecked elsewhere', async () => {
    const unverified = await sell(a, { payment_method: 'mpesa', mpesa_code: 'QZZ0000001' });
    expect(unverified.statusCode, unverified.body).toBe(201);
    expect(unverified.json<{ data: Sale }>().data).toMatchObject({
      mpesa_code: 'QZZ0000001',
      mpesa_verified: false,
      payments: [{ mpesa_code: 'QZZ0000001', mpesa_payment_id: null }],
    });
    const silent = await shop('600000', false);
    const unchecked = await sell(silent, { payment_method: 'mpesa', mpesa_code: 'QZZ0000002' });
    expect(unchecked.statusCode, unchecked.body).toBe(201);
    expect(unchecked.json<{ data: Sale }>().data.mpesa_verified).toBeNull();
    // Store B's payment is not store A's: A's typed code of it matches nothing.
    const theirs = await received(b);
    const elsewhere = await sell(a, { payment_method: 'mpesa', mpesa_code: theirs.body.TransID });
    expect(elsewhere.json<{ data: Sale }>().data.mpesa_verified).toBe(false);
    expect((await paymentRow(theirs.row.id)).saleId).toBeNull();
    // No M-Pesa part: never checked.
    const cash = await sell(a, { payment_method: 'cash' });
    expect(cash.json<{ data: Sale }>().data.mpesa_verified).toBeNull();
  });

  it('is checked the same way in an offline upload', async () => {
    const { body, row } = await received(a);
    const product = await productOf(a, 500);
    const sale = (code: string) => ({
      client_sale_id: crypto.randomUUID(),
      sold_at: t.clock.now().toISOString(),
      items: [line(product.id, 1, 500)],
      total: 500,
      customer_id: a.walkIn,
      payment_method: 'mpesa',
      mpesa_code: code,
    });
    const response = await a.cashier.post('/api/sales/sync', {
      sales: [sale(body.TransID), sale(body.TransID), sale('QZZ0000003')],
    });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<{
      results: { status: string; sale_id?: number; code?: number; message?: string }[];
    }>().results;
    expect(results.map((result) => result.status)).toEqual(['created', 'refused', 'created']);
    expect(results[1]).toMatchObject({
      code: 409,
      message: `This M-Pesa payment is already used by sale #${results[0]!.sale_id}`,
    });
    expect((await paymentRow(row.id)).saleId).toBe(results[0]!.sale_id);
    expect((await saleOf(a, results[0]!.sale_id!)).mpesa_verified).toBe(true);
    expect((await saleOf(a, results[2]!.sale_id!)).mpesa_verified).toBe(false);
  });
});

describe('GET /api/payments/mpesa/received', () => {
  it("lists this store's payments newest first, names or masked numbers, and the unmatched", async () => {
    const store = await shop('600638');
    t.clock.advance(60_000);
    const named = await received(store, { TransAmount: '150.50' });
    t.clock.advance(60_000);
    const masked = await received(store, { FirstName: '', LastName: '', MSISDN: '254712345678' });
    t.clock.advance(60_000);
    const used = await received(store, { BillRefNumber: 'ABC123' });
    const sold = await sell(store, { payment_method: 'mpesa', mpesa_payment_id: used.row.id });
    const saleId = sold.json<{ data: Sale }>().data.id;
    await received(b);

    const list = await store.cashier.get('/api/payments/mpesa/received');
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json<{ data: ReceivedPayment[] }>().data;
    expect(data).toEqual([
      {
        id: used.row.id,
        trans_id: used.body.TransID,
        amount: 500,
        phone_or_name: 'JANE WANJIRU',
        received_at: used.row.completedAt!.toISOString(),
        sale_id: saleId,
        bill_ref: 'ABC123',
      },
      expect.objectContaining({
        id: masked.row.id,
        phone_or_name: '2547 ***** 678',
        sale_id: null,
      }),
      expect.objectContaining({ id: named.row.id, amount: 150.5, bill_ref: null }),
    ]);
    expect(JSON.stringify(data)).not.toContain('254712345678');
    const unmatched = await store.cashier.get('/api/payments/mpesa/received', {
      query: { unmatched: 'true' },
    });
    expect(unmatched.json<{ data: ReceivedPayment[] }>().data.map((p) => p.id)).toEqual([
      masked.row.id,
      named.row.id,
    ]);
    // Older than 48 hours: off the till's list.
    t.clock.advance(49 * 60 * 60 * 1000);
    const later = await store.cashier.get('/api/payments/mpesa/received');
    expect(later.json<{ data: ReceivedPayment[] }>().data).toEqual([]);
    const bad = await store.cashier.get('/api/payments/mpesa/received', {
      query: { unmatched: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/payments/mpesa/summary', () => {
  it("gives the day's payments with their sales, the unverified sales, and totals that add up", async () => {
    const store = await shop('600966');
    const today = new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    const matched = await received(store, { TransAmount: '500.00' });
    await sell(store, { payment_method: 'mpesa', mpesa_payment_id: matched.row.id });
    const unmatched = await received(store, { TransAmount: '120.25' });
    const receipt = transId();
    await t.db.insert(mpesaPayments).values([
      {
        storeId: store.id,
        source: 'stk',
        status: 'paid',
        amount: '75.00',
        phone: '+254708374149',
        mpesaReceipt: receipt,
        checkoutRequestId: `ws_CO_${receipt}`,
        createdAt: t.clock.now(),
        completedAt: t.clock.now(),
      },
      {
        storeId: store.id,
        source: 'stk',
        status: 'failed',
        amount: '80.00',
        phone: '+254708374149',
        checkoutRequestId: `ws_CO_failed_${receipt}`,
        createdAt: t.clock.now(),
        completedAt: t.clock.now(),
      },
    ]);
    const unverified = await sell(
      store,
      {
        payments: [
          { method: 'cash', amount: 100 },
          { method: 'mpesa', amount: 300, mpesa_code: 'QZZ0000009' },
        ],
      },
      400,
    );
    const unverifiedId = unverified.json<{ data: Sale }>().data.id;
    // Sales are stamped by the database's clock: put this one on the test clock's day.
    await backdateSale(t.db, { id: unverifiedId }, t.clock.now().toISOString());

    const response = await store.manager.get('/api/payments/mpesa/summary');
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<{ data: MpesaSummary }>().data;
    expect(summary.date).toBe(today);
    expect(summary.received.map((p) => [p.source, p.amount, p.sale_id !== null])).toEqual(
      expect.arrayContaining([
        ['c2b', 500, true],
        ['c2b', 120.25, false],
        ['stk', 75, false],
      ]),
    );
    expect(summary.received).toHaveLength(3);
    expect(summary.received.find((p) => p.source === 'stk')!.phone_or_name).toBe('2547 ***** 149');
    expect(summary.unverified_sales).toEqual([
      expect.objectContaining({ id: unverifiedId, total_amount: 400, mpesa_code: 'QZZ0000009' }),
    ]);
    expect(summary.totals).toEqual({
      received: 695.25,
      matched: 500,
      unmatched: 195.25,
      unverified: 300,
    });
    expect(summary.totals.matched + summary.totals.unmatched).toBe(summary.totals.received);
    expect(unmatched.row.saleId).toBeNull();

    const yesterday = await store.manager.get('/api/payments/mpesa/summary', {
      query: { date: '2026-11-01' },
    });
    expect(yesterday.json<{ data: MpesaSummary }>().data).toMatchObject({
      received: [],
      unverified_sales: [],
      totals: { received: 0, matched: 0, unmatched: 0, unverified: 0 },
    });
    for (const date of ['2026-02-30', '26-11-01', 'today']) {
      const bad = await store.manager.get('/api/payments/mpesa/summary', { query: { date } });
      expect(bad.statusCode, date).toBe(400);
    }
    // A cashier sees the till's list, not the manager's day.
    expect((await store.cashier.get('/api/payments/mpesa/summary')).statusCode).toBe(403);
    // Another store's manager sees none of it.
    const other = (await b.manager.get('/api/payments/mpesa/summary')).json<{
      data: MpesaSummary;
    }>().data;
    expect(other.received.map((p) => p.id)).not.toContain(matched.row.id);
  });
});
