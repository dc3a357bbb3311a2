/**
 * The receipt of a sale (spec §2 Point of Sale, Receipt Settings card; PRODUCT.md §4, §4b):
 * what it shows, Customize Receipt, WhatsApp, printing on thermal paper, phones, axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme, type Finding } from '../fixtures/axe';

interface Sold {
  id: number;
  total: number;
  productName: string;
}

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf-token');
  return ((await response.json()) as { token: string }).token;
}

/** A cash sale of 2 × Jogoo through the API, as the signed-in person. */
async function sell(page: Page, customerId?: number): Promise<Sold> {
  const customers = (await (await page.request.get('/api/customers')).json()) as {
    data: { id: number; name: string }[];
  };
  const walkIn = customers.data.find((customer) => customer.name === 'Walk-in Customer')!;
  const search = (await (await page.request.get('/api/products/search?q=Jogoo')).json()) as {
    data: { id: number; name: string; piece_selling_price: number }[];
  };
  const product = search.data[0]!;
  const price = Number(product.piece_selling_price);
  const total = price * 2;
  const response = await page.request.post('/api/sales', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      items: [{ product_id: product.id, quantity: 2, unit_price: price, unit_type: 'piece' }],
      total,
      delivery_fee: 0,
      customer_id: customerId ?? walkIn.id,
      payment_method: 'cash',
      amount_paid: 1000,
      change_amount: 1000 - total,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { id: number } };
  return { id: data.id, total, productName: product.name };
}

const ksh = (amount: number) =>
  `KSh ${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function openReceipt(page: Page, saleId: number) {
  await page.goto(`/pos?receipt=${saleId}`);
  const dialog = page.getByRole('dialog', { name: `Sale Receipt #${saleId}` });
  await expect(dialog.getByRole('button', { name: 'Print / Save PDF' })).toBeEnabled();
  return dialog;
}

test('a cashier sees the whole receipt of a cash sale', async ({ page }) => {
  await logInAndWait(page, DEMO.sales.email);
  const sale = await sell(page);
  const dialog = await openReceipt(page, sale.id);
  await expect(dialog.getByText(sale.productName)).toBeVisible();
  await expect(dialog.getByText(`2 pieces × ${ksh(sale.total / 2)}`)).toBeVisible();
  await expect(dialog.getByText('Total', { exact: true })).toBeVisible();
  await expect(dialog.getByText(ksh(sale.total)).first()).toBeVisible();
  await expect(dialog.getByText('Payment method')).toBeVisible();
  await expect(dialog.getByText('Cash', { exact: true })).toBeVisible();
  await expect(dialog.getByText(ksh(1000))).toBeVisible();
  await expect(dialog.getByText(ksh(1000 - sale.total))).toBeVisible();
  await expect(dialog.getByText(DEMO.sales.name)).toBeVisible();
  await expect(dialog.getByText('Walk-in Customer')).toBeVisible();
  await expect(dialog.getByText(/Thank you/)).toBeVisible();
  // A cashier may not change the receipt settings.
  await expect(dialog.getByRole('button', { name: 'Customize Receipt' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/pos$/);
});

test('a manager customizes the receipt and the next receipt shows it', async ({ page }) => {
  await logInAndWait(page, DEMO.manager.email);
  const first = await sell(page);
  const dialog = await openReceipt(page, first.id);
  const storeId = await page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('auth-storage')!) as {
          state: { user: { store_id: number } };
        }
      ).state.user.store_id,
  );
  const before = (await (
    await page.request.get(`/api/stores/${storeId}/receipt-settings`)
  ).json()) as {
    data: Record<string, unknown>;
  };

  await dialog.getByRole('button', { name: 'Customize Receipt' }).click();
  const settings = page.getByRole('dialog', { name: 'Customize Receipt' });
  await settings.getByLabel('Business Name').fill('Duka la Mama Wanjiru');
  await settings.getByLabel('Thank You Message').fill('Asante, karibu tena!');
  await settings.getByLabel('KRA PIN').fill('P051234567X');
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Receipt settings saved')).toBeVisible();
  await expect(settings).toHaveCount(0);

  const next = await sell(page);
  const receipt = await openReceipt(page, next.id);
  await expect(receipt.getByText('Duka la Mama Wanjiru')).toBeVisible();
  await expect(receipt.getByText('KRA PIN: P051234567X')).toBeVisible();
  await expect(receipt.getByText('Asante, karibu tena!')).toBeVisible();

  // Put the demo store's header back for the journeys that follow.
  const restored = await page.request.put(`/api/stores/${storeId}/receipt-settings`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: before.data,
  });
  expect(restored.status()).toBe(200);
});

test('WhatsApp opens wa.me to the customer and records the send once confirmed', async ({
  page,
}) => {
  await logInAndWait(page, DEMO.sales.email);
  const created = await page.request.post('/api/customers', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { name: 'Grace Wambui', phone: '0711 562 904' },
  });
  expect(created.status()).toBe(201);
  const customer = ((await created.json()) as { data: { id: number } }).data;
  const sale = await sell(page, customer.id);
  const dialog = await openReceipt(page, sale.id);
  await expect(dialog.getByText('Not sent')).toBeVisible();
  await page.evaluate(() => {
    window.open = (url) => {
      (window as unknown as { openedLink: string }).openedLink = String(url);
      return null;
    };
  });
  await dialog.getByRole('button', { name: 'WhatsApp' }).click();
  // Opening the chat is not sending (issue 20): the badge waits for "Sent?" → Yes.
  const sentQuestion = dialog.getByRole('group', { name: 'Sent? WhatsApp' });
  await expect(sentQuestion).toBeVisible();
  await expect(dialog.getByText('Not sent')).toBeVisible();
  await sentQuestion.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog.getByText('WhatsApp', { exact: true }).last()).toBeVisible();
  await expect(dialog.getByText('Not sent')).toHaveCount(0);
  // The badges may change a moment before the chat opens: wait for the link.
  const opened = () =>
    page.evaluate(() => (window as unknown as { openedLink?: string }).openedLink ?? '');
  await expect.poll(opened).toMatch(/^https:\/\/wa\.me\/2547\d{8}\?text=/);
  const link = await opened();
  expect(decodeURIComponent(link)).toContain(`Receipt #${sale.id}`);
  const shown = (await (await page.request.get(`/api/sales/${sale.id}`)).json()) as {
    data: { receipt_status: { whatsapp: boolean; sms: boolean } };
  };
  expect(shown.data.receipt_status).toMatchObject({ whatsapp: true, sms: false, sms_state: null });
});

test('prints only the receipt, titled Receipt_{id}, at the width of the chosen paper', async ({
  page,
}) => {
  await logInAndWait(page, DEMO.sales.email);
  const sale = await sell(page);
  const dialog = await openReceipt(page, sale.id);
  await page.evaluate(() => {
    window.print = () => {
      (window as unknown as { printedTitle: string }).printedTitle = document.title;
    };
  });
  const titleBefore = await page.title();
  const receipt = dialog.locator('[data-paper]');

  for (const [paper, widthMm] of [
    ['80', 72],
    ['58', 48],
  ] as const) {
    await page.emulateMedia({ media: 'screen' });
    await dialog.getByLabel('Paper').selectOption(paper);
    await dialog.getByRole('button', { name: 'Print / Save PDF' }).click();
    expect(
      await page.evaluate(() => (window as unknown as { printedTitle: string }).printedTitle),
    ).toBe(`Receipt_${sale.id}`);
    await page.emulateMedia({ media: 'print' });
    await expect(receipt).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Print / Save PDF' })).toBeHidden();
    await expect(dialog.getByRole('heading', { name: `Sale Receipt #${sale.id}` })).toBeHidden();
    await expect(page.locator('#root')).toBeHidden();
    const box = (await receipt.boundingBox())!;
    expect(Math.abs(box.width - (widthMm * 96) / 25.4)).toBeLessThan(2);
    // On the paper: from its top-left corner, not moved off the page by the dialog's centring.
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeLessThan(40);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(40);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.title()).toBe(titleBefore);
  }
  // The choice is remembered for the next receipt.
  await page.emulateMedia({ media: 'screen' });
  await page.reload();
  await expect(dialog.getByLabel('Paper')).toHaveValue('58');
});

test('the receipt fits a 390 px phone and scrolls to its buttons', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await logInAndWait(page, DEMO.sales.email);
  const sale = await sell(page);
  const dialog = await openReceipt(page, sale.id);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeLessThanOrEqual(700);
  const scrolls = await dialog.evaluate((element) => element.scrollHeight > element.clientHeight);
  expect(scrolls).toBe(true);
  const close = dialog.getByRole('button', { name: 'Close' }).first();
  await close.scrollIntoViewIfNeeded();
  await close.click();
  await expect(dialog).toHaveCount(0);
});

for (const theme of THEMES) {
  test(`the receipt and Customize Receipt have no serious axe violations (${theme})`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await logInAndWait(page, DEMO.manager.email);
    const sale = await sell(page);
    const dialog = await openReceipt(page, sale.id);
    const findings: Finding[] = [...(await seriousViolations(page))];
    await dialog.getByRole('button', { name: 'Customize Receipt' }).click();
    const settings = page.getByRole('dialog', { name: 'Customize Receipt' });
    await expect(settings.getByLabel('Business Name')).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'WhatsApp' }).click();
    await expect(dialog.getByLabel('Customer phone number')).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    expect(findings).toEqual([]);
  });
}
