import { expect, test } from '@playwright/test';
import { DEMO, logIn } from '../fixtures/accounts';

test('the super admin switches store and the choice survives a reload', async ({ page }) => {
  await logIn(page, DEMO.super_admin.email);
  await expect(page).toHaveURL(/\/pos$/);
  const selector = page.getByLabel('Store:');
  // The first store is chosen by default.
  await expect(selector.locator('option:checked')).toHaveText('Duka Demo — Nairobi');
  await selector.selectOption({ label: 'Duka Demo — Mombasa' });
  await expect(selector.locator('option:checked')).toHaveText('Duka Demo — Mombasa');
  const saved = await page.evaluate(() => localStorage.getItem('currentStore'));
  expect(saved).toContain('Mombasa');

  await page.reload();
  await expect(page.getByLabel('Store:').locator('option:checked')).toHaveText(
    'Duka Demo — Mombasa',
  );

  // Store-scoped pages follow the choice: the staff list is Mombasa's (empty of Nairobi staff).
  await page.goto('/users');
  await expect(page.getByRole('cell', { name: DEMO.admin.email })).toHaveCount(0);
  await page.getByLabel('Store:').selectOption({ label: 'Duka Demo — Nairobi' });
  await expect(page.getByRole('cell', { name: DEMO.admin.email })).toBeVisible();
});

test('only the super admin sees the store selector', async ({ page }) => {
  await logIn(page, DEMO.admin.email);
  await expect(page).toHaveURL(/\/pos$/);
  await expect(page.getByLabel('Store:')).toHaveCount(0);
});

test('the super admin opens a new store and can switch to it', async ({ page }) => {
  const name = `Duka Kisumu ${Date.now()}`;
  await logIn(page, DEMO.super_admin.email);
  await expect(page).toHaveURL(/\/pos$/);
  await page.goto('/stores');
  await page.getByRole('button', { name: 'Add Store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Store' });
  await dialog.getByLabel('Store Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Store' }).click();
  await expect(page.getByText('Store created successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name })).toBeVisible();
  await page.getByLabel('Store:').selectOption({ label: name });
  await expect(page.getByLabel('Store:').locator('option:checked')).toHaveText(name);
});
