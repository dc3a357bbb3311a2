import { formatCurrency } from '@duka/shared/money/money';
import { TAX_TYPE_NAMES } from '@duka/shared/tax/tax';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  startFakeAfricasTalking,
  type FakeAfricasTalking,
} from '../../testing/fake-africas-talking';
import {
  buildStore,
  createCategory,
  createCustomer,
  createProduct,
  createSale,
  signedIn,
  type SaleFields,
} from '../../testing/factories';
import { claimDueJob, LEASE_EXPIRED } from '../jobs/jobs.service';
import { SMS_RECEIPT_JOB, SMS_RECEIPT_MAX_ATTEMPTS } from './receipt-sms.job';
import { receiptSends } from './sales.table';

let t: TestApp;
let withSms: TestApp;
let fake: FakeAfricasTalking;

interface Shop {
  store: number;
  admin: TestClient;
  cashier: TestClient;
  product: number;
  customer: number;
  /** The body of a sale there, for createSale. */
  sale: SaleFields;
}

/** A store with a product and a customer with a phone, in `app`, and the sale made there. */
async function shop(app: TestApp, name: string): Promise<Shop> {
  const store = (await buildStore(app.db, name)).id;
  const admin = (await signedIn(app, 'admin', store)).client;
  const cashier = (await signedIn(app, 'sales', store)).client;
  const product = (
    await createProduct(admin, {
      name: 'Brookside Milk 500ml',
      sku: 'MLK-500',
      category_id: (await createCategory(admin, 'Dairy')).id,
      piece_buying_price: 55,
      piece_selling_price: 65,
      pack_buying_price: 0,
      pack_selling_price: 0,
      dozen_buying_price: 640,
      dozen_selling_price: 750,
      quantity: 48,
      min_quantity: 1,
    })
  ).id;
  const customer = (await createCustomer(cashier, { name: 'Grace Wambui', phone: '0711 562 904' }))
    .id;
  // 2 pieces at 65 and a dozen at 750, delivered for 200: KSh 1,080, paid by M-Pesa.
  const sale = {
    items: [
      { product_id: product, quantity: 2, unit_price: 65, unit_type: 'piece' },
      { product_id: product, quantity: 1, unit_price: 750, unit_type: 'dozen' },
    ],
    total: 1080,
    delivery_fee: 200,
    customer_id: customer,
    payment_method: 'mpesa',
    mpesa_code: 'SFT4A1B2C3',
  };
  return { store, admin, cashier, product, customer, sale };
}

let a: Shop;
let b: Shop;
beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeAfricasTalking();
  withSms = await createTestApp({ sms: fake.config });
  a = await shop(t, 'Receipt Store A');
  b = await shop(t, 'Receipt Store B');
});
afterAll(async () => {
  await t.close();
  await withSms.close();
  await fake.close();
});

describe('receipt settings', () => {
  it('reads the spec defaults for a store that never saved', async () => {
    const response = await a.cashier.get(`/api/stores/${a.store}/receipt-settings`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      business_name: 'My Business',
      address: '',
      phone: '',
      email: '',
      website: '',
      thank_you_message: 'Thank you for your business!',
      show_logo: true,
      kra_pin: '',
      mpesa_till: '',
    });
  });

  it('saves with PUT or POST for managers, and refuses cashiers and other stores', async () => {
    const settings = {
      business_name: 'Mama Mboga Duka',
      address: 'Moi Avenue, Nairobi',
      phone: '0722 000 111',
      email: 'duka@example.co.ke',
      website: 'https://duka.example.co.ke',
      thank_you_message: 'Asante kwa kununua!',
      show_logo: false,
      kra_pin: 'p051234567x',
      mpesa_till: '522533',
    };
    const put = await a.admin.put(`/api/stores/${a.store}/receipt-settings`, settings);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ kra_pin: 'P051234567X', show_logo: false });
    const post = await a.admin.post(`/api/stores/${a.store}/receipt-settings`, {
      ...settings,
      business_name: 'Mama Mboga Duka Ltd',
    });
    expect(post.statusCode).toBe(200);
    const read = (await a.cashier.get(`/api/stores/${a.store}/receipt-settings`)).json().data;
    expect(read.business_name).toBe('Mama Mboga Duka Ltd');

    expect(
      (await a.cashier.put(`/api/stores/${a.store}/receipt-settings`, settings)).statusCode,
    ).toBe(403);
    expect((await b.admin.get(`/api/stores/${a.store}/receipt-settings`)).statusCode).toBe(404);
    expect(
      (await b.admin.put(`/api/stores/${a.store}/receipt-settings`, settings)).statusCode,
    ).toBe(404);
    const badPin = await a.admin.put(`/api/stores/${a.store}/receipt-settings`, {
      ...settings,
      kra_pin: '12345',
    });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().errors[0]).toMatchObject({ path: 'kra_pin' });
    const script = await a.admin.put(`/api/stores/${a.store}/receipt-settings`, {
      ...settings,
      website: 'javascript:alert(1)',
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().errors).toEqual([{ path: 'website', message: 'Invalid URL' }]);
    // Store B still reads its defaults.
    const other = (await b.cashier.get(`/api/stores/${b.store}/receipt-settings`)).json().data;
    expect(other.business_name).toBe('My Business');
  });

  it('lets a super_admin read and save any store by its path', async () => {
    const superAdmin = (await signedIn(t, 'super_admin', b.store)).client;
    const saved = await superAdmin.put(`/api/stores/${b.store}/receipt-settings`, {
      business_name: 'Duka B',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await b.cashier.get(`/api/stores/${b.store}/receipt-settings`)).json().data,
    ).toMatchObject({
      business_name: 'Duka B',
      thank_you_message: '',
    });
    expect((await superAdmin.get('/api/stores/999999/receipt-settings')).statusCode).toBe(404);
  });
});

describe('POST /api/sales/{id}/receipt/{whatsapp|sms}', () => {
  it('returns the receipt text and the wa.me link to 2547…; the badge waits for the person', async () => {
    const sale = await createSale(a.cashier, a.sale);
    const response = await a.cashier.post(`/api/sales/${sale.id}/receipt/whatsapp`, {});
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    // Opening the chat is not sending the receipt (issue 20): the badge stays off.
    expect(data).toMatchObject({
      channel: 'whatsapp',
      phone: '254711562904',
      sent: false,
      receipt_status: { sms: false, whatsapp: false },
    });
    expect(data.link).toBe(`https://wa.me/254711562904?text=${encodeURIComponent(data.text)}`);
    expect(data.text).toContain('Mama Mboga Duka Ltd');
    expect(data.text).toContain('KRA PIN: P051234567X');
    expect(data.text).toContain(`Receipt #${sale.id}`);
    expect(data.text).toContain('1 x Brookside Milk 500ml (dozen) @ KSh 750.00 = KSh 750.00');
    expect(data.text).toContain('Delivery: KSh 200.00');
    expect(data.text).toContain('Total: KSh 1,080.00');
    // Issue 26: the invoice number and the VAT per letter, as the sale answers them; a store not
    // registered for eTIMS prints no eTIMS line.
    expect(data.text).toContain(`Invoice No. ${sale.invoice_no}`);
    const vat = sale.tax.reduce((sum, row) => sum + Math.round(row.tax_amount * 100), 0);
    expect(vat).toBeGreaterThan(0);
    for (const row of sale.tax) {
      expect(data.text).toContain(
        `${TAX_TYPE_NAMES[row.tax_type]}: taxable ${formatCurrency(row.taxable_amount)}, VAT ${formatCurrency(row.tax_amount)}`,
      );
    }
    expect(data.text).toContain(`Total VAT: ${formatCurrency(vat / 100)}`);
    expect(data.text).not.toContain('eTIMS');
    expect(data.text).toContain('M-Pesa code: SFT4A1B2C3');
    expect(data.text).toContain('M-Pesa till/paybill: 522533');
    expect(data.text).toContain('Asante kwa kununua!');

    const confirmed = await a.cashier.post(`/api/sales/${sale.id}/receipt/whatsapp/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({
      receipt_status: { sms: false, whatsapp: true, sms_state: null, sms_error: null },
    });

    const sms = await a.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {});
    expect(sms.json().data).toMatchObject({
      link: expect.stringMatching(/^sms:\+254711562904\?body=/),
      sent: false,
      receipt_status: { sms: false, whatsapp: true },
    });
    const shown = (await a.cashier.get(`/api/sales/${sale.id}`)).json().data;
    expect(shown.receipt_status).toMatchObject({ sms: false, whatsapp: true, sms_state: null });
    const sends = await t.db.select().from(receiptSends).where(eq(receiptSends.saleId, sale.id));
    expect(sends.map((s) => [s.channel, s.phone, s.status])).toEqual([
      ['whatsapp', '+254711562904', 'confirmed'],
      ['sms', '+254711562904', 'link'],
    ]);
  });

  it('confirms only a link that was opened, of a sale of this store', async () => {
    const sale = await createSale(a.cashier, a.sale);
    const early = await a.cashier.post(`/api/sales/${sale.id}/receipt/sms/confirm`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Open the receipt link before confirming it was sent');
    expect((await a.cashier.get(`/api/sales/${sale.id}`)).json().data.receipt_status.sms).toBe(
      false,
    );

    await a.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {});
    expect((await b.cashier.post(`/api/sales/${sale.id}/receipt/sms/confirm`, {})).statusCode).toBe(
      404,
    );
    const confirmed = await a.cashier.post(`/api/sales/${sale.id}/receipt/sms/confirm`, {});
    expect(confirmed.json().data.receipt_status).toMatchObject({ sms: true, whatsapp: false });
    // One opened link is one confirmation.
    expect((await a.cashier.post(`/api/sales/${sale.id}/receipt/sms/confirm`, {})).statusCode).toBe(
      409,
    );
  });

  it('asks for a number when the customer has none, and accepts one typed at the till', async () => {
    const walkIn = (await a.cashier.get('/api/customers')).json().data[0];
    expect(walkIn.name).toBe('Walk-in Customer');
    const sale = await createSale(a.cashier, { ...a.sale, customer_id: walkIn.id });
    const none = await a.cashier.post(`/api/sales/${sale.id}/receipt/whatsapp`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toBe('phone');
    const typed = await a.cashier.post(`/api/sales/${sale.id}/receipt/whatsapp`, {
      phone: '0110 238 775',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data.phone).toBe('254110238775');
  });

  it("queues the SMS and sends it through Africa's Talking in the background", async () => {
    const s = await shop(withSms, 'SMS Store');
    const sale = await createSale(s.cashier, s.sale);
    const response = await s.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {});
    expect(response.statusCode, response.body).toBe(200);
    // The request returns at once: nothing sent yet, the badge off, the SMS queued.
    expect(response.json().data).toMatchObject({
      sent: false,
      queued: true,
      receipt_status: { sms: false, sms_state: 'queued', sms_error: null },
    });
    expect(fake.messages).toHaveLength(0);

    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({
      to: '+254711562904',
      from: 'DUKA',
      username: 'sandbox',
    });
    expect(fake.messages[0]!.message).toContain(`Receipt #${sale.id}`);
    const shown = (await s.cashier.get(`/api/sales/${sale.id}`)).json().data;
    expect(shown.receipt_status).toEqual({
      sms: true,
      whatsapp: false,
      sms_state: 'sent',
      sms_error: null,
    });
    const [send] = await withSms.db
      .select()
      .from(receiptSends)
      .where(eq(receiptSends.saleId, sale.id));
    expect(send).toMatchObject({
      status: 'sent',
      providerMessageId: fake.messages[0]!.messageId,
      error: null,
    });
    // Nothing is left to send: another pass sends nothing more.
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(fake.messages).toHaveLength(1);
  });

  it('fails a refused number at once with the reason, and Retry queues a new attempt', async () => {
    const s = await shop(withSms, 'SMS Refused Store');
    fake.refuse.add('+254722000111');
    const sale = await createSale(s.cashier, s.sale);
    const queued = await s.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {
      phone: '0722 000 111',
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const before = fake.requests;
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 1 });
    // Refused for good: one request, no retry waiting.
    expect(fake.requests).toBe(before + 1);
    const failed = (await s.cashier.get(`/api/sales/${sale.id}`)).json().data;
    expect(failed.receipt_status).toEqual({
      sms: false,
      whatsapp: false,
      sms_state: 'failed',
      sms_error: 'InvalidPhoneNumber',
    });
    withSms.clock.advance(60 * 60 * 1000);
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });

    // Retry, to the customer's own number this time: a new attempt, sent.
    const retry = await s.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {});
    expect(retry.json().data.receipt_status).toMatchObject({
      sms_state: 'queued',
      sms_error: null,
    });
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    const sent = (await s.cashier.get(`/api/sales/${sale.id}`)).json().data;
    expect(sent.receipt_status).toMatchObject({ sms: true, sms_state: 'sent', sms_error: null });
    const sends = await withSms.db
      .select()
      .from(receiptSends)
      .where(eq(receiptSends.saleId, sale.id));
    expect(sends.map((row) => [row.phone, row.status, row.error])).toEqual([
      ['+254722000111', 'failed', 'InvalidPhoneNumber'],
      ['+254711562904', 'sent', null],
    ]);
  });

  it('sends an SMS once when the provider fails twice, retrying with backoff', async () => {
    const s = await shop(withSms, 'SMS Flaky Store');
    const sale = await createSale(s.cashier, s.sale);
    const sentBefore = fake.messages.length;
    const requestsBefore = fake.requests;
    fake.failNext(2);
    await s.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {});
    // Sending again while it is on its way queues nothing more.
    const again = await s.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {});
    expect(again.json().data).toMatchObject({
      queued: true,
      receipt_status: { sms_state: 'queued' },
    });

    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 });
    const jobs = async () => (await s.admin.get('/api/jobs')).json();
    expect((await jobs()).data[0]).toMatchObject({
      kind: 'sms-receipt',
      state: 'queued',
      attempts: 1,
      last_error: 'HTTP 503',
      next_run_at: new Date(withSms.clock.now().getTime() + 15_000).toISOString(),
    });
    // Not due before its backoff is over.
    withSms.clock.advance(14_000);
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    withSms.clock.advance(1_000);
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 });
    expect((await s.cashier.get(`/api/sales/${sale.id}`)).json().data.receipt_status).toMatchObject(
      { sms: false, sms_state: 'queued' },
    );
    // The second wait is twice the first.
    withSms.clock.advance(29_000);
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    withSms.clock.advance(1_000);
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });

    expect(fake.requests - requestsBefore).toBe(3);
    expect(fake.messages.length - sentBefore).toBe(1);
    expect((await s.cashier.get(`/api/sales/${sale.id}`)).json().data.receipt_status).toMatchObject(
      { sms: true, sms_state: 'sent', sms_error: null },
    );
    const list = await jobs();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      state: 'done',
      attempts: 3,
      last_error: null,
      next_run_at: null,
    });
  });

  it('fails the SMS with Retry when the worker died during its last attempt', async () => {
    const s = await shop(withSms, 'SMS Lost Store');
    const sale = await createSale(s.cashier, s.sale);
    fake.failNext(SMS_RECEIPT_MAX_ATTEMPTS - 1);
    await s.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {});
    for (let attempt = 1; attempt < SMS_RECEIPT_MAX_ATTEMPTS; attempt += 1) {
      expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 });
      withSms.clock.advance(60 * 60 * 1000);
    }
    // The last attempt is taken by a runner that dies mid-send; its lease runs out.
    const dead = await claimDueJob(withSms.db, withSms.clock.now(), 60_000, [SMS_RECEIPT_JOB]);
    expect(dead).toMatchObject({ attempts: SMS_RECEIPT_MAX_ATTEMPTS });
    withSms.clock.advance(60_001);
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect((await s.cashier.get(`/api/sales/${sale.id}`)).json().data.receipt_status).toEqual({
      sms: false,
      whatsapp: false,
      sms_state: 'failed',
      sms_error: LEASE_EXPIRED,
    });
    const [send] = await withSms.db
      .select()
      .from(receiptSends)
      .where(eq(receiptSends.saleId, sale.id));
    expect(send).toMatchObject({ status: 'failed', error: LEASE_EXPIRED });
    // Retry queues a new attempt, which is sent.
    const retry = await s.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {});
    expect(retry.json().data.receipt_status).toMatchObject({ sms_state: 'queued' });
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect((await s.cashier.get(`/api/sales/${sale.id}`)).json().data.receipt_status).toMatchObject(
      { sms: true, sms_state: 'sent' },
    );
  });

  it('shows why an SMS finally failed once every attempt failed', async () => {
    const s = await shop(withSms, 'SMS Down Store');
    const sale = await createSale(s.cashier, s.sale);
    fake.failNext(6);
    await s.cashier.post(`/api/sales/${sale.id}/receipt/sms`, {});
    const outcomes = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      outcomes.push(await withSms.app.jobs.runDueJobs());
      withSms.clock.advance(60 * 60 * 1000);
    }
    expect(outcomes.at(-1)).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(outcomes.slice(0, 5).every((outcome) => outcome.retried === 1)).toBe(true);
    expect((await s.cashier.get(`/api/sales/${sale.id}`)).json().data.receipt_status).toEqual({
      sms: false,
      whatsapp: false,
      sms_state: 'failed',
      sms_error: 'HTTP 503',
    });
    expect((await s.admin.get('/api/jobs?state=failed')).json().data[0]).toMatchObject({
      attempts: 6,
      max_attempts: 6,
      last_error: 'HTTP 503',
    });
  });
});
