import { expect, test } from '@playwright/test';
import { DEMO, logIn, logInAndWait } from '../fixtures/accounts';

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

test('an admin deactivates a staff account, which then cannot sign in', async ({
  page,
  browser,
}) => {
  const email = `otieno-${Date.now()}@example.test`;
  await logInAndWait(page, DEMO.admin.email);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add New User' });
  await addDialog.getByLabel('Name').fill('Otieno Till');
  await addDialog.getByLabel('Email').fill(email);
  await addDialog.getByLabel('Password').fill('till-password-2');
  await addDialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit User' });
  await editDialog.getByRole('switch', { name: 'Active' }).click();
  await editDialog.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(row).toContainText('Inactive');

  const context = await browser.newContext();
  const staff = await context.newPage();
  await logIn(staff, email, 'till-password-2');
  await expect(staff.getByRole('alert')).toContainText('This account has been deactivated');
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
