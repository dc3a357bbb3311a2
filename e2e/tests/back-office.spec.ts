/**
 * The back office adds up (issue 9): an expense the admin records on /expenses is in the
 * reports' Total Expenses at once — the total grows by exactly its amount and the record count
 * by one — and deleting it takes it out again.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

/** 'KSh 12,345.60' → 1234560 cents. */
function cents(text: string | null): number {
  const match = /KSh ([\d,]+)\.(\d{2})/.exec(text ?? '');
  expect(match, `an amount in ${text}`).not.toBeNull();
  return Number(match![1]!.replaceAll(',', '')) * 100 + Number(match![2]);
}

async function readExpensesCard(page: Page): Promise<{ total: number; count: number }> {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const total = page.getByTestId('total-expenses');
  await expect(total).toHaveText(/KSh/);
  const records = page.getByText(/^\d+ records?$/);
  await expect(records).toBeVisible();
  return {
    total: cents(await total.textContent()),
    count: Number(/^(\d+)/.exec((await records.textContent()) ?? '')![1]),
  };
}

test("an expense recorded on /expenses is in the reports' Total Expenses, and leaves with it", async ({
  page,
}) => {
  await logInAndWait(page, DEMO.admin.email);
  const before = await readExpensesCard(page);

  const description = `Shop signboard ${Date.now()}`;
  await page.goto('/expenses');
  const form = page.getByRole('form', { name: 'Add Expense' });
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Amount (KSh)').fill('3275.40');
  await form.getByLabel('Category').selectOption('Marketing');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(page.getByText('Expense added successfully')).toBeVisible();

  const after = await readExpensesCard(page);
  expect(after.total - before.total).toBe(327540);
  expect(after.count).toBe(before.count + 1);

  await page.goto('/expenses');
  await page.getByRole('button', { name: `Delete expense ${description}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Expense deleted successfully')).toBeVisible();
  expect(await readExpensesCard(page)).toEqual(before);
});
