import { homePathFor, navEntriesFor } from '@duka/shared/auth/permissions';
import { ROLES } from '@duka/shared/auth/roles';
import { expect, test } from '@playwright/test';
import { DEMO, logIn } from '../fixtures/accounts';

test('a new shopper registers and lands on the shop', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByText('Create an account to get started.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('  Akinyi Shopper ');
  await page.getByLabel('Email').fill(`akinyi-${Date.now()}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.locator('form').getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('link', { name: 'Akinyi Shopper' })).toBeVisible();
});

test('a wrong password shows the error on the form and stays on /auth', async ({ page }) => {
  await logIn(page, DEMO.admin.email, 'wrong-password');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/auth$/);
});

// Every label any role's navigation has, from the matrix: a page added to it is counted here.
const NAV_LABELS = new Set(
  ROLES.flatMap((role) => navEntriesFor(role).map((entry) => entry.label)),
);

// One demo account per role (the Mombasa admin is an admin like Amina).
for (const role of ROLES) {
  test(`${role} logs in, lands on their home and sees exactly their navigation`, async ({
    page,
  }) => {
    await logIn(page, DEMO[role].email);
    await expect(page).toHaveURL(new RegExp(`${homePathFor(role)}$`));
    const nav = page.getByRole('navigation').first();
    const expected = navEntriesFor(role).map((entry) => entry.label);
    for (const label of expected) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    const shown = await nav.getByRole('link').allTextContents();
    const navigation = shown.map((text) => text.trim()).filter((text) => NAV_LABELS.has(text));
    expect(navigation.sort()).toEqual([...expected].sort());
    // The profile link shows the person's name.
    await expect(page.getByRole('link', { name: DEMO[role].name })).toBeVisible();
  });
}

test('a cashier opening /customers is sent to /unauthorized', async ({ page }) => {
  await logIn(page, DEMO.sales.email);
  await expect(page).toHaveURL(/\/pos$/);
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  // Outside the protected pages, the header (and its store list) still renders.
  await expect(
    page.getByRole('navigation').first().getByRole('link', { name: 'POS' }),
  ).toBeVisible();
});

test('a signed-in person on an unknown address sees Page not found under the navigation', async ({
  page,
}) => {
  await logIn(page, DEMO.manager.email);
  await expect(page).toHaveURL(/\/pos$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(
    page.getByRole('navigation').first().getByRole('link', { name: 'POS' }),
  ).toBeVisible();
});

test('a signed-out visitor is sent to /auth, which knows the page they wanted', async ({
  page,
}) => {
  await page.goto('/inventory');
  await expect(page).toHaveURL(/\/auth\?next=%2Finventory$/);
});

test('logout ends the session and returns to /auth', async ({ page }) => {
  await logIn(page, DEMO.manager.email);
  await expect(page).toHaveURL(/\/pos$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  // /auth renders no notification area (spec §2): the message is on the card instead.
  await expect(page.getByRole('main').getByRole('status')).toContainText('Logged out successfully');
  await expect(page.locator('li[role="status"]')).toHaveCount(0);
  // The server session is gone too: a protected page sends us back to sign in.
  await page.goto('/pos');
  await expect(page).toHaveURL(/\/auth\?next=%2Fpos$/);
  const me = await page.evaluate(async () => {
    const { token } = (await (await fetch('/api/auth/csrf-token')).json()) as { token: string };
    const response = await fetch('/api/auth/me', { headers: { 'X-CSRF-Token': token } });
    return (await response.json()) as { authenticated: boolean };
  });
  expect(me.authenticated).toBe(false);
});
