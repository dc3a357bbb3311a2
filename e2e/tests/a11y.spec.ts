/** Phone, keyboard and screen-reader journeys (the axe sweep is in axe.spec.ts). */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, logInAndWait } from '../fixtures/accounts';

const PHONE = { width: 390, height: 760 };

/** How far the page spills past the right edge of the window (0 when it does not). */
function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('a deep link survives signing in: /users → /auth?next=/users → /users', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/auth\?next=%2Fusers$/);
  // The email field is ready for typing.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});

test('a next that leaves the app is ignored: the role home instead', async ({ page }) => {
  await page.goto('/auth?next=//evil.example/users');
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/pos$/);
});

test('the sign-up view has its own address, and Back returns to login', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=register$/);
  await expect(page.getByText('Create an account to get started.')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Welcome back! Please login to continue.')).toBeVisible();
  await page.goto('/auth?mode=register');
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
});

test('focus returns to the button that opened a dialog', async ({ page }) => {
  await logInAndWait(page, DEMO.admin.email);
  await page.goto('/users');
  const addUser = page.getByRole('button', { name: 'Add User' });
  await addUser.click();
  await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(addUser).toBeFocused();

  // An Edit button in a row, closed with Cancel.
  const edit = page
    .getByRole('row')
    .filter({ hasText: DEMO.manager.email })
    .getByRole('button', { name: 'Edit' });
  await edit.click();
  await page
    .getByRole('dialog', { name: 'Edit User' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(edit).toBeFocused();

  // The cart button in the navigation bar.
  const cart = page.getByRole('button', { name: 'Cart' });
  await cart.click();
  await page
    .getByRole('dialog', { name: 'Your Cart' })
    .getByRole('button', { name: 'Close' })
    .first()
    .click();
  await expect(cart).toBeFocused();
});

test('the skip link is the first Tab stop and lands on the main content', async ({ page }) => {
  await logInAndWait(page, DEMO.admin.email);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await expect(page).toHaveURL(/\/users$/);
  // The next Tab stop is inside the page, past the navigation bar.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add User' })).toBeFocused();
});

test('the admin sees their store name in the header', async ({ page }) => {
  await logInAndWait(page, DEMO.admin.email);
  await expect(page.getByRole('banner')).toContainText('Duka Demo — Nairobi');
  await expect(page.getByLabel('Store:')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('/users is a list of cards with Edit on screen and nothing spilling sideways', async ({
    page,
  }) => {
    await logInAndWait(page, DEMO.admin.email);
    await page.goto('/users');
    const list = page.getByRole('list', { name: 'Staff accounts' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = list.getByRole('listitem').filter({ hasText: DEMO.manager.email });
    await expect(card).toContainText('Role');
    const edit = card.getByRole('button', { name: 'Edit' });
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport({ ratio: 1 });
    await expect(card.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await edit.click();
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    // 16 px inputs: a phone does not zoom in when a field is focused.
    const fontSize = await page
      .getByRole('dialog')
      .getByLabel('Name')
      .evaluate((input) => getComputedStyle(input).fontSize);
    expect(fontSize).toBe('16px');
  });
});

for (const viewport of [PHONE, { width: 1024, height: 768 }]) {
  test(`the store selector shows the whole current store name at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logInAndWait(page, DEMO.super_admin.email);
    const selector = page.getByLabel('Store:');
    await expect(selector.locator('option:checked')).toHaveText('Duka Demo — Nairobi');
    await selector.selectOption({ label: 'Duka Demo — Mombasa' });
    await expect(selector.locator('option:checked')).toHaveText('Duka Demo — Mombasa');
    // The select is wide enough for its text: nothing is cut off.
    const fits = await selector.evaluate((select: HTMLSelectElement) => {
      const probe = document.createElement('span');
      const style = getComputedStyle(select);
      probe.style.font = style.font;
      probe.style.whiteSpace = 'pre';
      probe.textContent = select.selectedOptions[0]?.textContent ?? '';
      document.body.append(probe);
      const textWidth = probe.getBoundingClientRect().width;
      probe.remove();
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return select.clientWidth - padding >= textWidth - 1;
    });
    expect(fits).toBe(true);
    await expect(selector).toBeInViewport({ ratio: 1 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
}
