import { expect, test, type Page } from '@playwright/test';
import { logInAndWait } from '../fixtures/accounts';

/** A fresh shopper of its own, so nothing here touches the demo accounts other journeys use. */
async function registerShopper(page: Page, name: string, password: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.test`;
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
  return email;
}

test('a person changes their password and signs in with the new one only', async ({ page }) => {
  const email = await registerShopper(page, 'Wambui Shopper', 'first-password');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current Password').fill('first-password');
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('second-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-password');
  await page.locator('form').getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await logInAndWait(page, email, 'second-password');
  await expect(page).toHaveURL(/\/shop$/);
});

test('a wrong current password is refused with the server message', async ({ page }) => {
  await registerShopper(page, 'Njoki Shopper', 'first-password');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('second-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();
  // On the field to fix, not only in a toast.
  const current = page.getByLabel('Current Password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('Current password is incorrect');
  await expect(current).toBeFocused();
});

test('dark mode really switches the theme and survives a reload', async ({ page }) => {
  await registerShopper(page, 'Kerubo Shopper', 'first-password');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Preferences' }).click();
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('switch', { name: 'Dark Mode' }).click();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByText('Preference Updated')).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    background,
  );
});
