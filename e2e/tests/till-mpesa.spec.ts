/**
 * M-Pesa at the till (issue 23), against the server and the in-repo fake Daraja: a payment a
 * customer makes to the store's paybill with this checkout's account number picks itself and
 * pays the sale. (The prompt paid, the prompt cancelled and a till payment attached by hand are
 * mpesa.spec.ts.) The demo store is Safaricom's sandbox paybill 174379, its Daraja the fake
 * (playwright.config.ts).
 */
import { request as http, type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, logInAndWait } from '../fixtures/accounts';
import { expect, test, type FakeDaraja } from '../fixtures/fake-daraja';

const PAYBILL = '174379';
const SOKO = { search: 'Soko Ugali', name: 'Soko Ugali Maize Meal 2kg', price: 170 };

interface SaleBody {
  id: number;
  payment_method: string;
  mpesa_code: string | null;
  total_amount: number;
  amount_paid: number;
}

/**
 * The fake takes a customer's own payment only for a shortcode whose C2B URLs are registered:
 * when the demo store's are not (yet), the manager saves its M-Pesa settings once, as a store
 * does (the secrets left out keep the saved ones), which registers them.
 */
async function registerPaybill(daraja: FakeDaraja, baseURL: string) {
  const registered = async () =>
    (await daraja.registrations()).some((entry) => entry.shortcode === PAYBILL);
  if (await registered()) return;
  const api = await http.newContext({ baseURL });
  const csrf = async () => ({
    'x-csrf-token': ((await (await api.get('/api/auth/csrf-token')).json()) as { token: string })
      .token,
  });
  const login = await api.post('/api/auth/login', {
    headers: await csrf(),
    data: { email: DEMO.manager.email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  // The session is new after logging in: so is its CSRF token.
  const headers = await csrf();
  const me = (await (await api.get('/api/auth/me', { headers })).json()) as {
    data: { store_id: number };
  };
  const saved = await api.put(`/api/stores/${me.data.store_id}/mpesa-settings`, {
    headers,
    data: { shortcode: PAYBILL, kind: 'paybill', environment: 'sandbox' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await expect.poll(registered, { timeout: 15_000 }).toBe(true);
  await api.dispose();
}

test.beforeEach(async ({ page }) => {
  await logInAndWait(page, DEMO.sales.email);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
});

/** Soko Ugali in the cart and 'Complete Sale' open with M-Pesa chosen. */
async function checkOutMpesa(page: Page): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(SOKO.search);
  await page.getByRole('button', { name: `Add ${SOKO.name}`, exact: true }).click();
  await expect(page.getByTestId('cart-line').filter({ hasText: SOKO.name })).toBeVisible();
  await page.keyboard.press('F2');
  const dialog = page.getByRole('dialog', { name: 'Complete Sale' });
  await dialog.getByLabel('Payment method').selectOption('mpesa');
  await expect(dialog.getByTestId('mpesa-pay-to')).toHaveText(
    new RegExp(`^Paybill ${PAYBILL} · Account [0-9A-F]{8}$`),
  );
  return dialog;
}

/** This checkout's account number, as the till shows it. */
async function accountOf(dialog: Locator): Promise<string> {
  const text = await dialog.getByTestId('mpesa-pay-to').innerText();
  return /Account ([0-9A-F]{8})/.exec(text)![1]!;
}

async function receiptSale(page: Page): Promise<SaleBody> {
  await expect(page).toHaveURL(/[?&]receipt=\d+/, { timeout: 20_000 });
  const id = new URL(page.url()).searchParams.get('receipt');
  const response = await page.request.get(`/api/sales/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: SaleBody }).data;
}

test("a payment to this checkout's account number picks itself", async ({
  page,
  daraja,
  baseURL,
}) => {
  await registerPaybill(daraja, baseURL!);
  const dialog = await checkOutMpesa(page);
  const account = await accountOf(dialog);
  const delivery = await daraja.pay({
    shortcode: PAYBILL,
    amount: SOKO.price,
    billRef: account,
    firstName: 'REFERENCE',
  });

  const sale = await receiptSale(page);
  expect(sale).toMatchObject({ payment_method: 'mpesa', mpesa_code: delivery.body.TransID });
});
