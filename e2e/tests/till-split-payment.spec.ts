/**
 * Split payment at the till (issue 21): a sale paid part in cash, part by M-Pesa with its code,
 * on the real server — what is left to pay, the change from cash, the sale's parts as the API
 * answers them, and the receipt listing each part; on a 390 px phone too, with the dialog
 * within the screen; a sale on credit and its repayment from the till's customer selector;
 * axe over the dialog in both themes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme } from '../fixtures/axe';

const JOGOO = 'Jogoo Maize Flour 2kg';

interface SaleBody {
  total_amount: number;
  payment_method: string;
  payment_status: string;
  amount_paid: number;
  change_amount: number;
  balance_due: number;
  payments: {
    method: string;
    amount: number;
    mpesa_code: string | null;
    mpesa_payment_id: number | null;
  }[];
}

const ksh = (amount: number) =>
  `KSh ${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function openTill(page: Page) {
  await logInAndWait(page, DEMO.sales.email);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
}

/** Adds one Jogoo and opens 'Complete Sale' (from the phone's bar when there is one). */
async function checkoutOneJogoo(
  page: Page,
  phone = false,
): Promise<{ dialog: Locator; total: number }> {
  await page.getByRole('searchbox', { name: 'Search products' }).fill('Jogoo');
  await page.getByRole('button', { name: `Add ${JOGOO}`, exact: true }).click();
  const total = Number(
    (
      await (
        phone ? page.getByTestId('mobile-cart-total') : page.getByTestId('cart-total')
      ).innerText()
    ).replace(/[^\d.]/g, ''),
  );
  if (phone) {
    await page
      .getByTestId('mobile-cart-bar')
      .getByRole('button', { name: 'Proceed to Checkout' })
      .click();
  } else {
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Complete Sale' });
  await expect(dialog.getByTestId('checkout-total')).toHaveText(ksh(total));
  return { dialog, total };
}

async function receiptSale(page: Page): Promise<{ id: number; sale: SaleBody }> {
  await expect(page).toHaveURL(/[?&]receipt=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('receipt'));
  const response = await page.request.get(`/api/sales/${id}`);
  expect(response.ok()).toBe(true);
  return { id, sale: ((await response.json()) as { data: SaleBody }).data };
}

/** Cash + M-Pesa for `total`: `mpesa` by M-Pesa with `code`, `cash` tendered in cash. */
async function paySplit(dialog: Locator, cash: number, mpesa: number, code: string) {
  await dialog.getByLabel('Payment method').selectOption('split');
  const left = dialog.getByTestId('payment-left');
  await dialog.getByLabel('M-Pesa', { exact: true }).fill(String(mpesa));
  await dialog.getByLabel('M-Pesa code (optional)').fill(code);
  await expect(dialog.getByRole('button', { name: 'Complete Sale' })).toBeDisabled();
  await expect(left).not.toHaveText(ksh(0));
  await dialog.getByLabel('Cash', { exact: true }).fill(String(cash));
  await expect(left).toHaveText(ksh(0));
}

/** Nothing in the dialog reaches past its right edge, nor the dialog past the screen's. */
async function expectWithinScreen(page: Page, dialog: Locator) {
  const overflow = await dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const wider = Array.from(element.querySelectorAll('*'))
      .filter((child) => child.getBoundingClientRect().right > box.right + 0.5)
      .map((child) => child.outerHTML.slice(0, 80));
    return { right: box.right, width: window.innerWidth, wider };
  });
  expect(overflow.wider).toEqual([]);
  expect(overflow.right).toBeLessThanOrEqual(overflow.width);
}

test('a split sale (cash + M-Pesa) at the till with its receipt', async ({ page }) => {
  await openTill(page);
  const { dialog, total } = await checkoutOneJogoo(page);
  // 100 by M-Pesa; the rest in cash, a 500 note: the change comes from the cash.
  const mpesa = 100;
  const tendered = 500;
  const change = tendered - (total - mpesa);
  await paySplit(dialog, tendered, mpesa, 'sft4a1b2c3');
  await expect(dialog.getByTestId('payment-change')).toHaveText(ksh(change));
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Complete Sale' }).click();
  await expect(page.getByText('Checkout successful!')).toBeVisible();

  const { id, sale } = await receiptSale(page);
  expect(sale).toMatchObject({
    total_amount: total,
    payment_method: 'split',
    payment_status: 'paid',
    change_amount: change,
    balance_due: 0,
  });
  expect(sale.payments).toEqual([
    { method: 'cash', amount: total - mpesa, mpesa_code: null, mpesa_payment_id: null },
    { method: 'mpesa', amount: mpesa, mpesa_code: 'SFT4A1B2C3', mpesa_payment_id: null },
  ]);

  const receipt = page.getByRole('dialog', { name: `Sale Receipt #${id}` });
  await expect(receipt.getByRole('button', { name: 'Print / Save PDF' })).toBeEnabled();
  const rows = receipt.locator('dl > div');
  const row = (label: string) => rows.filter({ has: page.getByText(label, { exact: true }) });
  await expect(row('Payment method')).toContainText('Split payment');
  await expect(row('Cash')).toContainText(ksh(total - mpesa));
  await expect(row('M-Pesa SFT4A1B2C3')).toContainText(ksh(mpesa));
  await expect(row('Change')).toContainText(ksh(change));
  await expect(receipt.getByText('Balance due')).toHaveCount(0);
  // Printed on 58 mm paper, the parts' rows stay within the receipt.
  await receipt.getByLabel('Paper').selectOption('58');
  await expectWithinScreen(page, receipt);
});

test('Change can only be given in cash: parts over the total without the cash are refused', async ({
  page,
}) => {
  await openTill(page);
  const { dialog, total } = await checkoutOneJogoo(page);
  await dialog.getByLabel('Payment method').selectOption('split');
  // KSh 15 over the total, and only KSh 5 in cash to give it from.
  await dialog.getByLabel('Cash', { exact: true }).fill('5');
  await dialog.getByLabel('M-Pesa', { exact: true }).fill(String(total + 10));
  await expect(dialog.getByRole('alert')).toHaveText('Change can only be given in cash');
  await expect(dialog.getByRole('button', { name: 'Complete Sale' })).toBeDisabled();
  // Credit needs a named customer: the Walk-in Customer cannot take it.
  await dialog.getByLabel('Payment method').selectOption('credit');
  await expect(dialog.getByRole('alert')).toHaveText('Credit needs a named customer');
  await expect(dialog.getByRole('button', { name: 'Complete Sale' })).toBeDisabled();
});

test("a sale on credit to a named customer, repaid from the till's customer selector", async ({
  page,
}) => {
  await openTill(page);
  // A customer who owes nothing and has no limit of their own.
  const customers = (await (await page.request.get('/api/customers')).json()) as {
    data: {
      id: number;
      name: string;
      phone: string | null;
      is_walk_in: boolean;
      balance: number;
      credit_limit: number | null;
    }[];
  };
  const who = customers.data.find(
    (entry) => !entry.is_walk_in && entry.balance === 0 && entry.credit_limit === null,
  )!;
  const label = who.phone ? `${who.name} · ${who.phone}` : who.name;
  await page.getByLabel('Customer', { exact: true }).selectOption({ label });
  await expect(page.getByTestId('pos-owes')).toHaveCount(0);

  const { dialog, total } = await checkoutOneJogoo(page);
  await dialog.getByLabel('Payment method').selectOption('credit');
  await expect(dialog.getByTestId('credit-account')).toHaveText(
    `${who.name} owes ${ksh(0)}. Credit limit: the store's default.`,
  );
  await dialog.getByRole('button', { name: 'Complete Sale' }).click();
  const { id, sale } = await receiptSale(page);
  expect(sale).toMatchObject({
    payment_method: 'credit',
    payment_status: 'pending',
    balance_due: total,
    payments: [{ method: 'credit', amount: total, mpesa_code: null }],
  });
  const receipt = page.getByRole('dialog', { name: `Sale Receipt #${id}` });
  await expect(
    receipt.locator('dl > div').filter({ has: page.getByText('Balance due', { exact: true }) }),
  ).toContainText(ksh(total));
  await receipt.getByRole('button', { name: 'Close' }).first().click();

  // The debt shows at the till; the repayment is taken from there.
  await expect(page.getByTestId('pos-owes')).toHaveText(`Owes ${ksh(total)}`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Record repayment' }).click();
  const repayment = page.getByRole('dialog', { name: `Record repayment: ${who.name}` });
  await expect(repayment.getByLabel('Amount (KSh)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await repayment.getByRole('button', { name: 'Record repayment' }).click();
  await expect(repayment.getByText(`Repayment of ${ksh(total)} recorded.`)).toBeVisible();
  await repayment.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('pos-owes')).toHaveCount(0);
  const repaid = (await (await page.request.get(`/api/sales/${id}`)).json()) as { data: SaleBody };
  expect(repaid.data).toMatchObject({ payment_status: 'paid', balance_due: 0 });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a split sale from the cart sheet, the dialog within the screen', async ({ page }) => {
    await openTill(page);
    const { dialog, total } = await checkoutOneJogoo(page, true);
    await paySplit(dialog, total - 50, 50, 'SFT4A1B2C4');
    await expect(dialog.getByTestId('payment-change')).toHaveText(ksh(0));
    await expectWithinScreen(page, dialog);
    await dialog.getByRole('button', { name: 'Complete Sale' }).click();
    const { id, sale } = await receiptSale(page);
    expect(sale.payments).toEqual([
      { method: 'cash', amount: total - 50, mpesa_code: null, mpesa_payment_id: null },
      { method: 'mpesa', amount: 50, mpesa_code: 'SFT4A1B2C4', mpesa_payment_id: null },
    ]);
    const receipt = page.getByRole('dialog', { name: `Sale Receipt #${id}` });
    await expect(receipt.getByText('M-Pesa SFT4A1B2C4')).toBeVisible();
    await expectWithinScreen(page, receipt);
  });
});

for (const theme of THEMES) {
  test(`axe, ${theme} theme: Complete Sale split into parts, with a refusal shown`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await openTill(page);
    const { dialog, total } = await checkoutOneJogoo(page);
    await dialog.getByLabel('Payment method').selectOption('split');
    await dialog.getByRole('button', { name: 'Add another M-Pesa payment' }).click();
    await dialog.getByLabel('M-Pesa', { exact: true }).fill(String(total + 10));
    await expect(dialog.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
