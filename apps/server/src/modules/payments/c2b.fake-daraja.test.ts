/**
 * C2B against the fake Daraja over real HTTP (issue 23): the store's URLs registered through our
 * Daraja client, then a customer pays the paybill from their phone and the fake posts the
 * confirmation to the app as Safaricom does — stored once (posted again: nothing more),
 * attached to the sale whose reference it carries, or listed for the cashier, who attaches it to
 * a sale with one tap.
 */
import { saleReference, type ReceivedPayment } from '@duka/shared/payments/mpesa.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/create-test-app';
import {
  DEMO_CONSUMER_KEY,
  DEMO_CONSUMER_SECRET,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  startFakeDaraja,
  type FakeDaraja,
} from '../../testing/fake-daraja';
import {
  buildStore,
  createProduct,
  saleBody,
  saleLine as line,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { createListeningTestApp, type ListeningTestApp } from '../../testing/listening-app';
import { darajaHookTokenOf, darajaHookUrls } from './daraja-token';
import { mpesaPayments, storeMpesaSettings } from './mpesa.table';

let fake: FakeDaraja;
let t: ListeningTestApp;
let storeId: number;
let admin: TestClient;
let cashier: TestClient;
let walkIn: number;

beforeAll(async () => {
  fake = await startFakeDaraja({ callbackDelayMs: 0 });
  t = await createListeningTestApp({ daraja: { baseUrl: fake.baseUrl } });
  storeId = (await buildStore(t.db)).id;
  const token = await darajaHookTokenOf(t.db, storeId);
  const credentials = {
    environment: 'sandbox' as const,
    consumerKey: DEMO_CONSUMER_KEY,
    consumerSecret: DEMO_CONSUMER_SECRET,
  };
  const urls = darajaHookUrls(t.origin, token);
  await t.app.deps.daraja.registerC2bUrls(credentials, {
    shortcode: SANDBOX_SHORTCODE,
    confirmationUrl: urls.confirmation_url,
    validationUrl: urls.validation_url,
  });
  await t.db
    .update(storeMpesaSettings)
    .set({
      shortcode: SANDBOX_SHORTCODE,
      kind: 'paybill',
      environment: 'sandbox',
      passkey: SANDBOX_PASSKEY,
      consumerKey: DEMO_CONSUMER_KEY,
      consumerSecret: DEMO_CONSUMER_SECRET,
      c2bRegisteredAt: t.clock.now(),
    })
    .where(eq(storeMpesaSettings.storeId, storeId));
  admin = (await signedIn(t, 'admin', storeId)).client;
  cashier = (await signedIn(t, 'sales', storeId)).client;
  walkIn = (await walkInCustomer(cashier)).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function sell(payment: Record<string, unknown>, price = 450) {
  const product = await createProduct(admin, { piece_selling_price: price });
  const response = await cashier.post(
    '/api/sales',
    saleBody({
      items: [line(product.id, 1, price)],
      customer_id: walkIn,
      payment_method: undefined,
      ...payment,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Sale }>().data;
}

describe('a payment from the customer’s phone, confirmed by the fake Daraja', () => {
  it('is stored once and attaches itself to the sale whose reference it carries', async () => {
    const clientSaleId = crypto.randomUUID();
    const sale = await sell({ client_sale_id: clientSaleId, payment_method: 'mpesa' });
    expect(sale.mpesa_verified).toBe(false);

    const delivery = await fake.payToShortcode({
      shortcode: SANDBOX_SHORTCODE,
      amount: 450,
      billRef: saleReference(clientSaleId),
      firstName: 'AKINYI',
    });
    expect(delivery.confirmation).toMatchObject({
      status: 200,
      answer: { ResultCode: 0, ResultDesc: 'Accepted' },
    });
    const transId = delivery.body.TransID!;
    const again = await fake.redeliver(transId);
    expect(again.status).toBe(200);
    const rows = await t.db
      .select()
      .from(mpesaPayments)
      .where(eq(mpesaPayments.mpesaReceipt, transId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      storeId,
      source: 'c2b',
      amount: '450.00',
      saleId: sale.id,
      payerName: 'AKINYI',
      phone: delivery.body.MSISDN,
    });
    const shown = (await admin.get(`/api/sales/${sale.id}`)).json<{ data: Sale }>().data;
    expect(shown).toMatchObject({
      mpesa_code: transId,
      mpesa_verified: true,
      payments: [{ method: 'mpesa', mpesa_code: transId, mpesa_payment_id: rows[0]!.id }],
    });
  });

  it('shows in Received payments and pays the sale the cashier attaches it to', async () => {
    const delivery = await fake.payToShortcode({ shortcode: SANDBOX_SHORTCODE, amount: 450.5 });
    expect(delivery.confirmation?.status).toBe(200);
    const transId = delivery.body.TransID!;
    const list = (
      await cashier.get('/api/payments/mpesa/received', { query: { unmatched: 'true' } })
    ).json<{ data: ReceivedPayment[] }>().data;
    const payment = list.find((p) => p.trans_id === transId)!;
    expect(payment).toMatchObject({ amount: 450.5, phone_or_name: 'JANE', sale_id: null });

    const sale = await sell({ payment_method: 'mpesa', mpesa_payment_id: payment.id });
    expect(sale).toMatchObject({ mpesa_code: transId, mpesa_verified: true });
    const after = (
      await cashier.get('/api/payments/mpesa/received', { query: { unmatched: 'true' } })
    ).json<{ data: ReceivedPayment[] }>().data;
    expect(after.map((p) => p.trans_id)).not.toContain(transId);
    const twice = await cashier.post(
      '/api/sales',
      saleBody({
        items: [line((await createProduct(admin, { piece_selling_price: 100 })).id, 1, 100)],
        customer_id: walkIn,
        payment_method: 'mpesa',
        mpesa_payment_id: payment.id,
      }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`This M-Pesa payment is already used by sale #${sale.id}`);
  });
});
