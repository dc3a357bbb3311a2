/**
 * The refund receipt (issue 24): POST /sales/{id}/returns/{returnId}/receipt/{whatsapp|sms}
 * answers the text and the link as a sale's receipt does; with Africa's Talking configured the
 * SMS is queued and sent by the job runner.
 */
import { formatCurrency } from '@duka/shared/money/money';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  startFakeAfricasTalking,
  type FakeAfricasTalking,
} from '../../testing/fake-africas-talking';
import {
  buildStore,
  createCustomer,
  createProduct,
  createSale,
  saleLine,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';

let t: TestApp;
let withSms: TestApp;
let fake: FakeAfricasTalking;

interface Shop {
  manager: TestClient;
  cashier: TestClient;
  /** A sale to a customer with a phone, two of its lines returned: one restocked, one damaged. */
  sale: Sale;
  returnId: number;
  creditNoteNo: number;
}

async function shop(testApp: TestApp, name: string): Promise<Shop> {
  const store = (await buildStore(testApp.db, name)).id;
  const manager = (await signedIn(testApp, 'manager', store)).client;
  const cashier = (await signedIn(testApp, 'sales', store)).client;
  const flour = await createProduct(manager, { name: 'Jogoo Maize Flour 2kg' });
  const oil = await createProduct(manager, { name: 'Elianto Oil 1L' });
  const customer = await createCustomer(manager, { phone: '0711 562 904' });
  const sale = await createSale(cashier, {
    customer_id: customer.id,
    items: [saleLine(flour.id, 2, 60), saleLine(oil.id, 1, 100)],
  });
  const response = await manager.post(`/api/sales/${sale.id}/returns`, {
    items: [
      { sale_item_id: sale.items[0]!.id, quantity: 1, restock: true },
      { sale_item_id: sale.items[1]!.id, quantity: 1, restock: false },
    ],
    refund_method: 'mpesa',
    mpesa_code: 'SFT4A1B2C3',
    reason: 'Leaking bottle',
  });
  expect(response.statusCode, response.body).toBe(201);
  const made = response.json().data as { id: number; credit_note_no: number };
  return { manager, cashier, sale, returnId: made.id, creditNoteNo: made.credit_note_no };
}

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeAfricasTalking();
  withSms = await createTestApp({ sms: fake.config });
});
afterAll(async () => {
  await t.close();
  await withSms.close();
  await fake.close();
});

describe('POST /api/sales/{id}/returns/{returnId}/receipt/{channel}', () => {
  it('answers the refund receipt and its wa.me link; the sale’s own badge stays off', async () => {
    const s = await shop(t, 'Refund Receipt Store');
    const response = await s.cashier.post(
      `/api/sales/${s.sale.id}/returns/${s.returnId}/receipt/whatsapp`,
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      channel: 'whatsapp',
      phone: '254711562904',
      sent: false,
      queued: false,
      receipt_status: { sms: false, whatsapp: false },
    });
    const lines = (data.text as string).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        `Refund #${s.returnId} of receipt #${s.sale.id}`,
        `1 x Jogoo Maize Flour 2kg (piece) = ${formatCurrency(60)}`,
        `1 x Elianto Oil 1L (piece) = ${formatCurrency(100)} (damaged)`,
        `Refund: ${formatCurrency(160)} M-Pesa (SFT4A1B2C3)`,
        'Reason: Leaking bottle',
        // Issue 26: a credit note of its own series, naming the invoice it corrects, and the
        // VAT inside the refund (both lines B: 160 × 16/116 = 22.07, on 137.93).
        `Credit Note No. ${s.creditNoteNo} for Invoice No. ${s.sale.invoice_no}`,
        `B-VAT 16%: taxable ${formatCurrency(137.93)}, VAT ${formatCurrency(22.07)}`,
        `Total VAT: ${formatCurrency(22.07)}`,
      ]),
    );
    expect(data.link).toBe(`https://wa.me/254711562904?text=${encodeURIComponent(data.text)}`);

    const sms = await s.cashier.post(`/api/sales/${s.sale.id}/returns/${s.returnId}/receipt/sms`, {
      phone: '0110 238 775',
    });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json().data.link).toMatch(/^sms:\+254110238775\?body=/);
  });

  it('is 404 for a return of another sale, and asks for a number when there is none', async () => {
    const s = await shop(t, 'Refund Receipt Store 2');
    const other = await createSale(s.cashier, {
      customer_id: (await walkInCustomer(s.manager)).id,
      items: [saleLine((await createProduct(s.manager)).id, 1, 60)],
    });
    const wrong = await s.cashier.post(
      `/api/sales/${other.id}/returns/${s.returnId}/receipt/whatsapp`,
      {},
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Return not found');

    const walkInReturn = await s.manager.post(`/api/sales/${other.id}/returns`, {
      items: [{ sale_item_id: other.items[0]!.id, quantity: 1, restock: true }],
      refund_method: 'cash',
      reason: 'Wrong size',
    });
    expect(walkInReturn.statusCode, walkInReturn.body).toBe(201);
    const noPhone = await s.cashier.post(
      `/api/sales/${other.id}/returns/${walkInReturn.json().data.id}/receipt/sms`,
      {},
    );
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().errors[0].path).toBe('phone');
  });

  it("queues the SMS and sends it through Africa's Talking in the background", async () => {
    const s = await shop(withSms, 'Refund SMS Store');
    const response = await s.cashier.post(
      `/api/sales/${s.sale.id}/returns/${s.returnId}/receipt/sms`,
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ sent: false, queued: true });
    expect(fake.messages).toHaveLength(0);
    expect(await withSms.app.jobs.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({ to: '+254711562904' });
    expect(fake.messages[0]!.message).toContain(`Refund #${s.returnId} of receipt #${s.sale.id}`);
    // The sale's own receipt was not sent by it.
    const shown = (await s.cashier.get(`/api/sales/${s.sale.id}`)).json().data as Sale;
    expect(shown.receipt_status.sms).toBe(false);
  });
});
