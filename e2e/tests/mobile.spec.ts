import { navEntriesFor } from '@duka/shared/auth/permissions';
import { expect, test } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

test.use({ viewport: { width: 390, height: 760 } });

test('on a phone, the cashier finds their pages in the side menu', async ({ page }) => {
  await logInAndWait(page, DEMO.sales.email);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  const labels = (await menu.getByRole('link').allTextContents()).map((text) => text.trim());
  expect(labels).toEqual(navEntriesFor('sales').map((entry) => entry.label));
  await menu.getByRole('link', { name: 'Expenses' }).click();
  await expect(page).toHaveURL(/\/expenses$/);
  await expect(page.getByRole('heading', { name: 'Expense Tracker' })).toBeVisible();
  // Nothing spills sideways on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
