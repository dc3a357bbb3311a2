/**
 * M-Pesa at the till (issue 23), on the real server with the in-repo fake Daraja beside it
 * (playwright.config.ts): the server's Daraja calls reach the fake over HTTP, and the fake posts
 * its callbacks back to the server as Safaricom does. The fake answers a prompt only when the
 * journey says so, so what the till shows while the customer has not answered is seen too.
 * - a prompt the customer pays: the sale completes by itself, with the receipt number the fake
 *   gave as the sale's M-Pesa code, linked to the prompt, and on the receipt;
 * - a prompt the customer cancels: the till says so, and the sale completes in cash with no
 *   M-Pesa on it;
 * - a customer who pays the store's till from their own phone: the payment shows in Received
 *   payments within seconds, one tap puts it on the sale, and it is used up.
 * Each journey prompts a phone of its own and pays with a name of its own, so none sees another's.
 * Axe, light and dark, over 'Complete Sale' with M-Pesa: a refused prompt's words and the ways on,
 * and the Received payments list.
 */
import type { Browser, Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme } from '../fixtures/axe';
import { expect, test } from '../fixtures/fake-daraja';

const JOGOO = 'Jogoo Maize Flour 2kg';
/** The demo app's Daraja credentials and the sandbox passkey, which the fake knows. */
const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const CONSUMER_KEY = 'duka-demo-key';
const CONSUMER_SECRET = 'duka-demo-secret';

interface SalePart {
  method: string;
  amount: number;
  mpesa_code: string | null;
  mpesa_payment_id: number | null;
}

interface SaleBody {
  total_amount: number;
  payment_method: string;
  payment_status: string;
  mpesa_code: string | null;
  mpesa_verified: boolean | null;
  payments: SalePart[];
}

interface StkView {
  id: number;
  status: string;
  result_code: string | null;
  mpesa_receipt: string | null;
  amount: number;
  phone: string;
  sale_id: number | null;
}

interface Received {
  id: number;
  trans_id: string;
  amount: number;
  phone_or_name: string;
  sale_id: number | null;
}

interface MpesaSettings {
  shortcode: string | null;
  kind: 'till' | 'paybill' | null;
  party_b: string | null;
  environment: 'sandbox' | 'production' | null;
  confirmation_url: string;
  c2b_registered_at: string | null;
  c2b_registration_error: string | null;
}

const ksh = (amount: number) =>
  `KSh ${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A phone of this journey's own: 07 and eight random digits. */
const ownPhone = () => `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** 0712 345 678 → 254712345678, as Daraja takes it. */
const darajaPhone = (phone: string) => `254${phone.slice(1)}`;

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf-token');
  return ((await response.json()) as { token: string }).token;
}

async function openTill(page: Page) {
  await logInAndWait(page, DEMO.sales.email);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
}

/** One Jogoo in the cart, 'Complete Sale' open with M-Pesa chosen. */
async function checkoutByMpesa(page: Page) {
  await page.getByRole('searchbox', { name: 'Search products' }).fill('Jogoo');
  await page.getByRole('button', { name: `Add ${JOGOO}`, exact: true }).click();
  const total = Number((await page.getByTestId('cart-total').innerText()).replace(/[^\d.]/g, ''));
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Sale' });
  await expect(dialog.getByTestId('checkout-total')).toHaveText(ksh(total));
  await dialog.getByLabel('Payment method').selectOption('mpesa');
  return { dialog, total };
}

/** Presses Send prompt; the server's answer (POST /api/payments/mpesa/stk). */
async function sendPrompt(page: Page, phone: string) {
  const dialog = page.getByRole('dialog', { name: 'Complete Sale' });
  await dialog.getByLabel("Customer's phone").fill(phone);
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/payments/mpesa/stk',
  );
  await dialog.getByRole('button', { name: 'Send prompt' }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as {
    data: { id: number; status: string; checkout_request_id: string };
  };
  expect(data.status).toBe('pending');
  return data;
}

async function stkView(page: Page, id: number): Promise<StkView> {
  const response = await page.request.get(`/api/payments/mpesa/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: StkView }).data;
}

async function receiptSale(page: Page): Promise<{ id: number; sale: SaleBody }> {
  await expect(page).toHaveURL(/[?&]receipt=\d+/, { timeout: 10_000 });
  const id = Number(new URL(page.url()).searchParams.get('receipt'));
  const response = await page.request.get(`/api/sales/${id}`);
  expect(response.ok()).toBe(true);
  return { id, sale: ((await response.json()) as { data: SaleBody }).data };
}

async function salesCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/sales?page=1&pageSize=1');
  return ((await response.json()) as { total: number }).total;
}

async function received(page: Page, unmatched: boolean): Promise<Received[]> {
  const response = await page.request.get(
    `/api/payments/mpesa/received${unmatched ? '?unmatched=true' : ''}`,
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Received[] }).data;
}

test('a cashier sends a prompt, the customer pays on the phone, and the receipt shows the M-Pesa receipt number', async ({
  page,
  daraja,
}) => {
  const phone = ownPhone();
  await daraja.respond(phone, 'pays');
  await openTill(page);
  const before = await salesCount(page);
  const { dialog, total } = await checkoutByMpesa(page);
  const stk = await sendPrompt(page, phone);
  await expect(dialog.getByText('Waiting for the customer…')).toBeVisible();

  // The fake got the prompt as Daraja takes it: the phone as 2547…, whole shillings, the
  // sale's reference (8 hex characters of the checkout's id) as the account.
  const asked = await daraja.prompt(stk.checkout_request_id);
  expect(asked).toMatchObject({
    phone: darajaPhone(phone),
    amount: Math.ceil(total),
    accountReference: expect.stringMatching(/^[0-9A-F]{8}$/),
    result: null,
  });
  // While the customer has not answered, nothing is recorded.
  expect(await stkView(page, stk.id)).toMatchObject({ status: 'pending', mpesa_receipt: null });
  expect(await salesCount(page)).toBe(before);
  await expect(page).not.toHaveURL(/[?&]receipt=/);

  await daraja.answer(stk.checkout_request_id);
  const paid = await daraja.prompt(stk.checkout_request_id);
  expect(paid.result?.code).toBe(0);
  const receiptNumber = paid.receipt!;
  expect(receiptNumber).toMatch(/^[A-Z0-9]{10}$/);
  // The callback reached the server and was accepted.
  expect(paid.callbacks).toHaveLength(1);
  expect(paid.callbacks[0]).toMatchObject({
    status: 200,
    answer: { ResultCode: 0, ResultDesc: 'Accepted' },
  });

  // The till completes the sale by itself with the prompt that paid it.
  const { id, sale } = await receiptSale(page);
  expect(sale).toMatchObject({
    total_amount: total,
    payment_method: 'mpesa',
    payment_status: 'paid',
    mpesa_code: receiptNumber,
    mpesa_verified: true,
  });
  expect(sale.payments).toEqual([
    { method: 'mpesa', amount: total, mpesa_code: receiptNumber, mpesa_payment_id: stk.id },
  ]);
  expect(await stkView(page, stk.id)).toMatchObject({
    status: 'paid',
    result_code: '0',
    mpesa_receipt: receiptNumber,
    sale_id: id,
  });
  expect(await salesCount(page)).toBe(before + 1);

  const receipt = page.getByRole('dialog', { name: `Sale Receipt #${id}` });
  await expect(receipt).toContainText(receiptNumber);
  await expect(
    receipt.locator('dl > div').filter({ has: page.getByText('Payment method', { exact: true }) }),
  ).toContainText('M-Pesa');
});

test('a prompt the customer cancels says so, and the sale completes in cash', async ({
  page,
  daraja,
}) => {
  const phone = ownPhone();
  await daraja.respond(phone, 'cancels');
  await openTill(page);
  const { dialog, total } = await checkoutByMpesa(page);
  const stk = await sendPrompt(page, phone);
  await expect(dialog.getByText('Waiting for the customer…')).toBeVisible();
  await daraja.answer(stk.checkout_request_id);
  expect((await daraja.prompt(stk.checkout_request_id)).result?.code).toBe(1032);

  await expect(dialog.getByRole('alert')).toHaveText(
    'The customer cancelled the prompt on their phone.',
    { timeout: 10_000 },
  );
  expect(await stkView(page, stk.id)).toMatchObject({
    status: 'cancelled',
    result_code: '1032',
    mpesa_receipt: null,
    sale_id: null,
  });
  // The way on is offered: Resend, another number, cash, or a typed code.
  const ways = dialog.getByRole('group', { name: 'Other ways to pay' });
  await expect(ways.getByRole('button', { name: 'Resend' })).toBeFocused();
  await ways.getByRole('button', { name: 'Cash instead' }).click();
  await expect(dialog.getByLabel('Payment method')).toHaveValue('cash');
  await expect(dialog.getByLabel('Amount tendered')).toBeFocused();
  await dialog.getByLabel('Amount tendered').fill('1000');
  await dialog.getByRole('button', { name: 'Complete Sale' }).click();

  const { id, sale } = await receiptSale(page);
  expect(sale).toMatchObject({
    total_amount: total,
    payment_method: 'cash',
    payment_status: 'paid',
    mpesa_code: null,
  });
  expect(sale.payments).toEqual([
    { method: 'cash', amount: total, mpesa_code: null, mpesa_payment_id: null },
  ]);
  // The cancelled prompt pays nothing.
  expect((await stkView(page, stk.id)).sale_id).toBeNull();
  const receipt = page.getByRole('dialog', { name: `Sale Receipt #${id}` });
  await expect(
    receipt.locator('dl > div').filter({ has: page.getByText('Payment method', { exact: true }) }),
  ).toContainText('Cash');
});

for (const theme of THEMES) {
  test(`axe, ${theme} theme: Complete Sale by M-Pesa, a refused prompt and Received payments`, async ({
    page,
    daraja,
  }) => {
    // A journey and an axe run take more than a minute on a busy 2-core machine.
    test.setTimeout(120_000);
    const phone = ownPhone();
    await daraja.respond(phone, 'insufficient');
    await useTheme(page, theme);
    await openTill(page);
    const { dialog } = await checkoutByMpesa(page);
    const stk = await sendPrompt(page, phone);
    await expect(dialog.getByText('Waiting for the customer…')).toBeVisible();
    await daraja.answer(stk.checkout_request_id);
    await expect(dialog.getByRole('alert')).toHaveText(
      'The customer does not have enough money on M-Pesa.',
      { timeout: 10_000 },
    );
    // The demo store has payments no sale has used yet.
    await expect(
      dialog
        .getByRole('region', { name: 'Received payments' })
        .getByRole('button', { name: /^Attach / })
        .first(),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe('a store with a till number', () => {
  const TILL = '5174379';
  let saved: MpesaSettings;

  /** As the manager: the store's M-Pesa settings, saved (which registers its C2B URLs). */
  async function asManager<T>(
    browser: Browser,
    work: (page: Page, storeId: number) => Promise<T>,
  ): Promise<T> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await logInAndWait(page, DEMO.manager.email);
      // Every /api/auth call carries the CSRF token, GET too.
      const answer = await page.request.get('/api/auth/me', {
        headers: { 'x-csrf-token': await csrfToken(page) },
      });
      const me = (await answer.json()) as {
        data: { store_id: number };
      };
      return await work(page, me.data.store_id);
    } finally {
      await context.close();
    }
  }

  async function saveSettings(page: Page, storeId: number, body: Record<string, unknown>) {
    const response = await page.request.put(`/api/stores/${storeId}/mpesa-settings`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: body,
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: MpesaSettings }).data;
  }

  test.beforeAll(async ({ browser }) => {
    await asManager(browser, async (page, storeId) => {
      const response = await page.request.get(`/api/stores/${storeId}/mpesa-settings`);
      saved = ((await response.json()) as { data: MpesaSettings }).data;
      // The demo store takes payments at a till: saving registers its URLs with this run's fake.
      const settings = await saveSettings(page, storeId, {
        shortcode: saved.shortcode ?? '174379',
        kind: 'till',
        party_b: TILL,
        environment: 'sandbox',
        passkey: SANDBOX_PASSKEY,
        consumer_key: CONSUMER_KEY,
        consumer_secret: CONSUMER_SECRET,
      });
      expect(settings).toMatchObject({ kind: 'till', c2b_registration_error: null });
      expect(settings.c2b_registered_at).not.toBeNull();
    });
  });

  test.afterAll(async ({ browser }) => {
    if (!saved?.shortcode) return;
    // The demo store's settings as the seed left them, for the journeys that follow.
    await asManager(browser, (page, storeId) =>
      saveSettings(page, storeId, {
        shortcode: saved.shortcode,
        kind: saved.kind,
        ...(saved.party_b && { party_b: saved.party_b }),
        environment: saved.environment,
      }),
    );
  });

  test('a customer pays the till from their own phone: it shows in Received payments and pays the sale', async ({
    page,
    daraja,
  }) => {
    const shortcode = saved.shortcode ?? '174379';
    // The store's URLs reached the fake, under this run's server.
    const registration = (await daraja.registrations()).find(
      (entry) => entry.shortcode === shortcode,
    );
    expect(registration?.confirmationUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/hooks\/daraja\//,
    );

    await openTill(page);
    const { dialog, total } = await checkoutByMpesa(page);
    // The cashier tells the customer where to pay.
    await expect(dialog.getByTestId('mpesa-pay-to')).toHaveText(`Till ${TILL}`);
    const payments = dialog.getByRole('region', { name: 'Received payments' });
    await expect(payments).toBeVisible();

    const name = `AKINYI${Date.now().toString(36).toUpperCase()}`;
    const delivery = await daraja.pay({ shortcode, amount: total, firstName: name });
    expect(delivery.confirmation).toMatchObject({ status: 200 });
    const transId = delivery.body.TransID;
    // Not on a sale yet: the till lists it within seconds.
    const waiting = (await received(page, true)).find((entry) => entry.trans_id === transId);
    expect(waiting).toMatchObject({ amount: total, sale_id: null });
    const attach = payments.getByRole('button', {
      name: new RegExp(`^Attach ${ksh(total).replace('.', '\\.')} from ${name}`),
    });
    await expect(attach).toBeVisible({ timeout: 10_000 });
    await attach.click();

    const { id, sale } = await receiptSale(page);
    expect(sale).toMatchObject({
      total_amount: total,
      payment_method: 'mpesa',
      payment_status: 'paid',
      mpesa_code: transId,
      mpesa_verified: true,
    });
    expect(sale.payments).toEqual([
      { method: 'mpesa', amount: total, mpesa_code: transId, mpesa_payment_id: waiting!.id },
    ]);
    await expect(page.getByRole('dialog', { name: `Sale Receipt #${id}` })).toContainText(transId);
    // Used up: it paid this sale and is no longer offered.
    expect((await received(page, false)).find((entry) => entry.id === waiting!.id)).toMatchObject({
      sale_id: id,
    });
    expect((await received(page, true)).some((entry) => entry.id === waiting!.id)).toBe(false);
  });
});
