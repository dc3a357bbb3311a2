/**
 * The Expense Tracker (/expenses; spec §2, §5 Expense, §8, §9; issue 9): the admin records an
 * expense and finds it first in the list, after a reload too; a date after today in Nairobi is
 * refused with its message; the expense is deleted after confirmation. Signed out, the page
 * sends to /auth with 'Authentication Required'. A phone gets cards; axe in both themes with
 * the form's errors and the delete confirmation open.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme } from '../fixtures/axe';

/** A shop day in Africa/Nairobi, `days` after today, as the date input wants it. */
function shopDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

async function openExpenses(page: Page) {
  await page.goto('/expenses');
  await expect(page.getByRole('heading', { name: 'Expense Tracker', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage and track your business expenses')).toBeVisible();
}

const expenseRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Expenses' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test.describe('signed in as the admin', () => {
  test.beforeEach(async ({ page }) => {
    await logInAndWait(page, DEMO.admin.email);
  });

  test('records an expense, sees it listed, is refused a future date, and deletes it', async ({
    page,
  }) => {
    const description = `Generator fuel ${Date.now()}`;
    await openExpenses(page);
    // The demo month is listed, newest first.
    await expect(expenseRows(page).first()).toBeVisible();

    const form = page.getByRole('form', { name: 'Add Expense' });
    await expect(form.getByLabel('Category')).toHaveValue('Other');
    await expect(form.getByLabel('Payment Method')).toHaveValue('cash');
    await expect(form.getByLabel('Date')).toHaveValue(shopDay());

    // Tomorrow in Nairobi is refused, with the message, and nothing is sent.
    await form.getByLabel('Description').fill(description);
    await form.getByLabel('Amount (KSh)').fill('2450.50');
    await form.getByLabel('Category').selectOption('Equipment');
    await form.getByLabel('Payment Method').selectOption('Mobile Money');
    await form.getByLabel('Date').fill(shopDay(1));
    await form.getByRole('button', { name: 'Add Expense' }).click();
    await expect(form.getByText('Date cannot be in the future')).toBeVisible();
    await expect(page.getByText(description)).toHaveCount(0);

    // Today is accepted.
    await form.getByLabel('Date').fill(shopDay());
    await form.getByRole('button', { name: 'Add Expense' }).click();
    await expect(page.getByText('Expense added successfully')).toBeVisible();
    await expect(form.getByLabel('Description')).toHaveValue('');

    const row = expenseRows(page).filter({ hasText: description });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Equipment');
    await expect(row).toContainText('Mobile Money');
    await expect(row).toContainText('KSh 2,450.50');
    await expect(expenseRows(page).first()).toContainText(description);

    // It was stored: a reload still lists it.
    await page.reload();
    await expect(expenseRows(page).filter({ hasText: description })).toHaveCount(1);

    // Deleting asks first; Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: `Delete expense ${description}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this expense?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(expenseRows(page).filter({ hasText: description })).toHaveCount(1);
    await page.getByRole('button', { name: `Delete expense ${description}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Expense deleted successfully')).toBeVisible();
    await expect(expenseRows(page).filter({ hasText: description })).toHaveCount(0);
    await page.reload();
    await expect(expenseRows(page).first()).toBeVisible();
    await expect(page.getByText(description)).toHaveCount(0);
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the form fits and the expenses are labelled cards', async ({ page }) => {
      await openExpenses(page);
      const cards = page.getByRole('list', { name: 'Expenses' }).getByRole('listitem');
      await expect(cards.first()).toContainText('Payment Method');
      await expect(cards.first()).toContainText('Amount');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    });
  });

  test.describe('on a 768 px tablet', () => {
    test.use({ viewport: { width: 768, height: 1024 } });

    test('the expenses are a table without sideways scrolling', async ({ page }) => {
      await openExpenses(page);
      await expect(expenseRows(page).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        768,
      );
    });
  });

  for (const theme of THEMES) {
    test(`axe, ${theme} theme: the form's errors and the delete confirmation`, async ({ page }) => {
      await useTheme(page, theme);
      await openExpenses(page);
      await expect(expenseRows(page).first()).toBeVisible();
      await page.getByRole('button', { name: 'Add Expense' }).click();
      await expect(page.getByText('Description is required')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await expenseRows(page)
        .first()
        .getByRole('button', { name: /^Delete expense / })
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test('signed out, /expenses sends to /auth with Authentication Required', async ({ page }) => {
  await page.goto('/expenses');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByText('Authentication Required').first()).toBeVisible();
  await expect(page.getByText('Please log in to access this page').first()).toBeVisible();
});
