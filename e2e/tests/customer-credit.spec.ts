/**
 * Credit in the back office (issue 21): a sale partly on credit, the debt on /customers and in
 * the Debtors tab, the sale pending on /sales, a repayment (more than the balance refused with
 * the server's message) that turns the sale paid, and the account statement sent as a reminder
 * by WhatsApp link. The repayment and statement dialogs pass axe in both themes and fit a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme, type Finding } from '../fixtures/axe';

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf-token');
  return ((await response.json()) as { token: string }).token;
}

const ksh = (amount: number) =>
  `KSh ${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A customer of their own for each run, with a phone the reminder goes to. */
async function addCustomer(page: Page, name: string, phone: string): Promise<number> {
  const created = await page.request.post('/api/customers', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { name, phone },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

interface CreditSale {
  id: number;
  total: number;
  cash: number;
  credit: number;
}

/** 3 × Jogoo through the API: KSh 100 in cash, the rest on credit (a split sale). */
async function sellOnCredit(page: Page, customerId: number): Promise<CreditSale> {
  const search = (await (await page.request.get('/api/products/search?q=Jogoo')).json()) as {
    data: { id: number; piece_selling_price: number }[];
  };
  const product = search.data[0]!;
  const price = Number(product.piece_selling_price);
  const total = Math.round(price * 3 * 100) / 100;
  const cash = 100;
  const credit = Math.round((total - cash) * 100) / 100;
  const response = await page.request.post('/api/sales', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      items: [{ product_id: product.id, quantity: 3, unit_price: price, unit_type: 'piece' }],
      total,
      delivery_fee: 0,
      customer_id: customerId,
      payments: [
        { method: 'cash', amount: cash },
        { method: 'credit', amount: credit },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as {
    data: { id: number; payment_method: string; payment_status: string; balance_due: number };
  };
  expect(data).toMatchObject({ payment_method: 'split', payment_status: 'pending' });
  expect(data.balance_due).toBeCloseTo(credit, 2);
  return { id: data.id, total, cash, credit };
}

const cardOf = (page: Page, name: string) =>
  page.getByTestId('customer-card').filter({ has: page.getByRole('heading', { name }) });

async function salesRowOf(page: Page, name: string) {
  await page.goto('/sales');
  await expect(page.getByRole('heading', { name: 'Sales & Orders', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/** A code of this run's own (10 letters and digits): an M-Pesa code is used once. */
function mpesaCode(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  let code = 'SK';
  for (let index = 0; index < 8; index += 1) {
    code += (index % 2 ? letters : '0123456789')[Math.floor(Math.random() * 10)];
  }
  return code;
}

test('a credit sale, the debt on /customers, a repayment that turns it paid, the statement by WhatsApp', async ({
  page,
}) => {
  await logInAndWait(page, DEMO.admin.email);
  const name = `Njeri Wambugu ${Date.now() % 100000}`;
  const customerId = await addCustomer(page, name, '0722 123 456');
  const sale = await sellOnCredit(page, customerId);

  // /sales: the split sale is pending (yellow), with what is still due.
  let row = await salesRowOf(page, name);
  await expect(row.getByText('Split', { exact: true })).toBeVisible();
  // The sale's payment badge (the row's eTIMS badge may say Pending too: issue 26).
  const paymentBadge = (status: string) =>
    row.getByText(status, { exact: true }).and(row.locator(':not([data-testid="etims-badge"])'));
  await expect(paymentBadge('Pending')).toHaveClass(/bg-amber-100/);
  await expect(row.getByText(`${ksh(sale.credit)} due`)).toBeVisible();
  await row.getByRole('button', { name: `View Details of sale #${sale.id}` }).click();
  const details = page.getByRole('dialog', { name: 'Sale Details' });
  await expect(details.getByTestId('sale-payments')).toContainText(`Cash${ksh(sale.cash)}`);
  await expect(details.getByTestId('sale-payments')).toContainText(`Credit${ksh(sale.credit)}`);
  await expect(details.getByTestId('sale-balance-due')).toHaveText(ksh(sale.credit));
  await details.getByRole('button', { name: 'Close' }).first().click();

  // /customers: the debt on the card, and the customer among the debtors.
  await page.goto('/customers');
  const card = cardOf(page, name);
  await expect(card.getByTestId('customer-owes')).toHaveText(
    `Owes ${ksh(sale.credit)} · oldest unpaid today`,
  );
  await page.getByRole('tab', { name: 'Debtors' }).click();
  await expect(page).toHaveURL(/view=debtors/);
  await expect(page.getByRole('list', { name: 'Debtors, largest debt first' })).toBeVisible();
  await expect(card).toBeVisible();

  // Record repayment: the balance first; more than it is refused with the server's message.
  await card.getByRole('button', { name: `Record repayment for ${name}` }).click();
  const repay = page.getByRole('dialog', { name: `Record repayment: ${name}` });
  const amount = repay.getByLabel('Amount (KSh)');
  await expect(amount).toHaveValue(sale.credit.toFixed(2));
  await amount.fill(String(sale.credit + 50));
  await repay.getByRole('button', { name: 'Record repayment' }).click();
  await expect(
    repay.getByText(`Amount is more than the balance of ${ksh(sale.credit)}`),
  ).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill(sale.credit.toFixed(2));
  await repay.getByRole('radio', { name: 'M-Pesa' }).check();
  await repay.getByLabel('M-Pesa code').fill(mpesaCode());
  await repay.getByRole('button', { name: 'Record repayment' }).click();
  const recorded = repay.getByTestId('repayment-recorded');
  await expect(recorded).toContainText(`Repayment of ${ksh(sale.credit)} recorded.`);
  await expect(recorded.getByTestId('repayment-new-balance')).toHaveText(ksh(0));
  await expect(recorded.getByText('It paid off 1 sale:')).toBeVisible();
  await expect(recorded.getByRole('listitem')).toHaveText([`Sale #${sale.id}`]);
  await repay.getByRole('button', { name: 'Close' }).first().click();
  // Paid up: no longer a debtor.
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: 'All customers' }).click();
  await expect(card.getByTestId('customer-owes')).toHaveText('Owes nothing');

  // The sale is paid now.
  row = await salesRowOf(page, name);
  await expect(paymentBadge('Paid')).toHaveClass(/bg-emerald-100/);
  await expect(row.getByText(/ due$/)).toHaveCount(0);

  // The statement: the credit sale, the repayment, the running balance; sent by WhatsApp.
  await page.goto('/customers');
  await cardOf(page, name)
    .getByRole('button', { name: `Account statement of ${name}` })
    .click();
  const statement = page.getByRole('dialog', { name: `Account statement: ${name}` });
  const entries = statement.getByTestId('statement-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(`Credit sale #${sale.id}+${ksh(sale.credit)}`);
  await expect(entries.nth(0)).toContainText(`Balance ${ksh(sale.credit)}`);
  await expect(entries.nth(1)).toContainText(`Repayment · M-Pesa−${ksh(sale.credit)}`);
  await expect(entries.nth(1)).toContainText(`Balance ${ksh(0)}`);
  await expect(statement.getByTestId('statement-balance')).toHaveText(ksh(0));
  await page.evaluate(() => {
    window.open = (url) => {
      (window as unknown as { openedLink: string }).openedLink = String(url);
      return null;
    };
  });
  await statement.getByRole('button', { name: 'Send reminder by WhatsApp' }).click();
  const opened = () =>
    page.evaluate(() => (window as unknown as { openedLink?: string }).openedLink ?? '');
  await expect.poll(opened).toMatch(/^https:\/\/wa\.me\/254722123456\?text=/);
  const text = decodeURIComponent(new URL(await opened()).searchParams.get('text') ?? '');
  expect(text).toContain(`Hi Njeri, your balance at`);
  expect(text).toContain(`is ${ksh(0)}.`);
  expect(text).toContain(
    `Credit sale #${sale.id} ${ksh(sale.credit)}, balance ${ksh(sale.credit)}`,
  );
  expect(text).toContain(`Paid ${ksh(sale.credit)} (M-Pesa), balance ${ksh(0)}`);
});

for (const theme of THEMES) {
  test(`the repayment and statement dialogs pass axe and fit a phone (${theme})`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await logInAndWait(page, DEMO.admin.email);
    const name = `Otieno Credit ${theme} ${Date.now() % 100000}`;
    const customerId = await addCustomer(page, name, '0733 987 654');
    const sale = await sellOnCredit(page, customerId);
    const findings: Finding[] = [];
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );

    await page.goto('/customers?view=debtors');
    const card = cardOf(page, name);
    await expect(card.getByTestId('customer-owes')).toContainText(`Owes ${ksh(sale.credit)}`);
    await fits();
    findings.push(...(await seriousViolations(page)));

    await card.getByRole('button', { name: `Record repayment for ${name}` }).click();
    const repay = page.getByRole('dialog', { name: `Record repayment: ${name}` });
    await repay.getByRole('radio', { name: 'M-Pesa' }).check();
    await repay.getByRole('button', { name: 'Record repayment' }).click();
    await expect(repay.getByText('Enter the M-Pesa code')).toBeVisible();
    await fits();
    findings.push(...(await seriousViolations(page)));
    await page.keyboard.press('Escape');
    await expect(repay).toHaveCount(0);

    await card.getByRole('button', { name: `Account statement of ${name}` }).click();
    const statement = page.getByRole('dialog', { name: `Account statement: ${name}` });
    await expect(statement.getByTestId('statement-entry')).toHaveCount(1);
    await fits();
    findings.push(...(await seriousViolations(page)));
    // Keyboard: the dialog's buttons are reached with Tab.
    const whatsapp = statement.getByRole('button', { name: 'Send reminder by WhatsApp' });
    for (
      let step = 0;
      step < 8 && !(await whatsapp.evaluate((el) => el === document.activeElement));
      step += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(whatsapp).toBeFocused();
    expect(findings).toEqual([]);
  });
}
