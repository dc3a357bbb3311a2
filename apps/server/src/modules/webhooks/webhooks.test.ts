import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptSends } from '../sales/sales.table';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  deliveryReportForm,
  startFakeAfricasTalking,
  type FakeAfricasTalking,
} from '../../testing/fake-africas-talking';
import { buildStore, signedIn } from '../../testing/factories';
import { webhookEvents } from './webhooks.table';

let t: TestApp;
let fake: FakeAfricasTalking;
let origin: string;

interface Shop {
  store: number;
  manager: TestClient;
  cashier: TestClient;
  product: number;
}

async function shop(name: string): Promise<Shop> {
  const store = (await buildStore(t.db, name)).id;
  const manager = (await signedIn(t, 'manager', store)).client;
  const cashier = (await signedIn(t, 'sales', store)).client;
  const category = (await manager.post('/api/categories', { name: 'Dairy' })).json().data.id;
  const product = (
    await manager.post('/api/products', {
      name: 'Brookside Milk 500ml',
      sku: `MLK-${store}`,
      category_id: category,
      piece_buying_price: 55,
      piece_selling_price: 65,
      pack_buying_price: 0,
      pack_selling_price: 0,
      dozen_buying_price: 0,
      dozen_selling_price: 0,
      quantity: 48,
      min_quantity: 1,
    })
  ).json().data.id;
  return { store, manager, cashier, product };
}

/** A sale whose SMS receipt went out through the fake provider: its id and the message. */
async function smsSent(s: Shop) {
  const walkIn = (await s.cashier.get('/api/customers')).json().data[0].id;
  const sale = (
    await s.cashier.post('/api/sales', {
      items: [{ product_id: s.product, quantity: 1, unit_price: 65, unit_type: 'piece' }],
      total: 65,
      customer_id: walkIn,
      payment_method: 'cash',
    })
  ).json().data.id as number;
  await s.cashier.post(`/api/sales/${sale}/receipt/sms`, { phone: '0711 562 904' });
  await t.app.jobs.runDueJobs();
  const message = fake.messages.at(-1)!;
  expect(message.message).toContain(`Receipt #${sale}`);
  return { sale, message };
}

async function reportsUrl(s: Shop) {
  const response = await s.manager.get(`/api/stores/${s.store}/webhooks`);
  expect(response.statusCode, response.body).toBe(200);
  // Asked through inject() (host localhost:80): the same path on the port the app listens on.
  return `${origin}${new URL(response.json().data.sms_delivery_reports_url as string).pathname}`;
}

const receiptStatus = async (s: Shop, sale: number) =>
  (await s.cashier.get(`/api/sales/${sale}`)).json().data.receipt_status;

let a: Shop;
let b: Shop;
beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  t = await createTestApp({ sms: fake.config });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  a = await shop('Webhook Store A');
  b = await shop('Webhook Store B');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('GET /api/stores/{id}/webhooks', () => {
  it("gives a store's managers its delivery-report address, the same each time", async () => {
    const url = await reportsUrl(a);
    expect(url).toMatch(/\/api\/webhooks\/[A-Za-z0-9_-]{43}\/sms\/delivery-reports$/);
    expect(await reportsUrl(a)).toBe(url);
    expect(await reportsUrl(b)).not.toBe(url);
    expect((await a.cashier.get(`/api/stores/${a.store}/webhooks`)).statusCode).toBe(403);
    expect((await b.manager.get(`/api/stores/${a.store}/webhooks`)).statusCode).toBe(404);
  });

  it('builds the address on PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({ publicUrl: 'https://duka.example.co.ke' });
    try {
      const store = (await buildStore(other.db)).id;
      const admin = (await signedIn(other, 'admin', store)).client;
      const url = (await admin.get(`/api/stores/${store}/webhooks`)).json().data
        .sms_delivery_reports_url;
      expect(url).toMatch(/^https:\/\/duka\.example\.co\.ke\/api\/webhooks\/[\w-]{43}\/sms\//);
    } finally {
      await other.close();
    }
  });
});

describe("Africa's Talking delivery reports", () => {
  it('refuses a missing or wrong secret before reading the body', async () => {
    const url = new URL(await reportsUrl(a));
    const wrong = url.pathname.replace(/webhooks\/[\w-]+\//, `webhooks/${'A'.repeat(43)}/`);
    for (const path of [wrong, url.pathname.replace(/webhooks\/[\w-]+\//, 'webhooks/short/')]) {
      const response = await t.client().raw({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'not a report at all',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
    // The right secret with a report missing its fields: 400 naming them, nothing recorded.
    const bad = await t.client().raw({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=Success',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'id', message: 'id is required' }]);
    const [events] = await t.db.select({ n: count() }).from(webhookEvents);
    expect(events!.n).toBe(0);
  });

  it('marks the SMS delivered from the report the provider posts; a repeat changes nothing', async () => {
    const { sale, message } = await smsSent(a);
    expect(await receiptStatus(a, sale)).toMatchObject({ sms: true, sms_state: 'sent' });
    const url = await reportsUrl(a);

    // Intermediate reports leave it as it was.
    expect(await fake.deliveryReport(url, message, 'Buffered')).toBe(200);
    expect(await receiptStatus(a, sale)).toMatchObject({ sms: true, sms_state: 'sent' });

    // Posted by the fake over HTTP, form-encoded, with no session and no CSRF token.
    expect(await fake.deliveryReport(url, message, 'Success')).toBe(200);
    expect(await receiptStatus(a, sale)).toEqual({
      sms: true,
      whatsapp: false,
      sms_state: 'delivered',
      sms_error: null,
    });
    const [send] = await t.db.select().from(receiptSends).where(eq(receiptSends.saleId, sale));
    expect(send).toMatchObject({ status: 'delivered', providerMessageId: message.messageId });

    const again = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: deliveryReportForm(message, 'Success'),
    });
    expect(await again.json()).toEqual({ success: true, duplicate: true });
    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `${message.messageId}:Success`));
    expect(events).toHaveLength(1);
    expect(await receiptStatus(a, sale)).toMatchObject({ sms_state: 'delivered' });
  });

  it('shows why the network failed to deliver it, the badge off', async () => {
    const { sale, message } = await smsSent(a);
    const response = await fetch(await reportsUrl(a), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: message.messageId,
        status: 'Failed',
        failureReason: 'UserInBlacklist',
        phoneNumber: message.to,
      }),
    });
    expect(response.status).toBe(200);
    expect(await receiptStatus(a, sale)).toEqual({
      sms: false,
      whatsapp: false,
      sms_state: 'failed',
      sms_error: 'UserInBlacklist',
    });
  });

  it("changes nothing of another store's message", async () => {
    const { sale, message } = await smsSent(a);
    expect(await fake.deliveryReport(await reportsUrl(b), message, 'Failed', 'Rejected')).toBe(200);
    expect(await receiptStatus(a, sale)).toMatchObject({ sms: true, sms_state: 'sent' });
  });
});
