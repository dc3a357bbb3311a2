import { expect, test } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

test('an admin adds a cashier who can then sign in to the till', async ({ page, browser }) => {
  const email = `kamau-${Date.now()}@example.test`;
  await logInAndWait(page, DEMO.admin.email);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByLabel('Name').fill('Kamau Till');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('till-password-1');
  await dialog.getByRole('button', { name: /create|save|add/i }).click();
  await expect(page.getByRole('cell', { name: email })).toBeVisible();

  const context = await browser.newContext();
  const cashier = await context.newPage();
  await logInAndWait(cashier, email, 'till-password-1');
  await expect(cashier).toHaveURL(/\/pos$/);
  await context.close();
});

test('a person changes their profile name', async ({ page }) => {
  // A fresh shopper, so no other journey depends on the name changed here.
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Chebet Shopper');
  await page.getByLabel('Email').fill(`chebet-${Date.now()}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.locator('form').getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);

  await page.getByRole('link', { name: 'Chebet Shopper' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('Full Name').fill('Chebet K. Shopper');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Chebet K. Shopper');
});
