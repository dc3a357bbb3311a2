import { expect, test } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

test('choosing Swahili switches the whole UI at once and after a reload, and back', async ({
  page,
}) => {
  await logInAndWait(page, DEMO.admin.email);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Swahili' }).click();

  // At once, without a reload: page, tabs, navigation and the confirmation.
  const swahiliNavigation = page.getByRole('navigation', { name: 'Menyu kuu' });
  await expect(page.getByRole('heading', { name: 'Wasifu', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mapendeleo' })).toBeVisible();
  await expect(swahiliNavigation.getByRole('link', { name: 'Wateja' })).toBeVisible();
  await expect(swahiliNavigation.getByRole('link', { name: 'Mauzo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toka' })).toBeVisible();
  await expect(page.getByText('Mapendeleo Yamesasishwa')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Wasifu', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await swahiliNavigation.getByRole('link', { name: 'Watumiaji' }).click();
  await expect(page.getByRole('heading', { name: 'Watumiaji', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Jukumu' })).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Mapendeleo' }).click();
  await page.getByRole('combobox', { name: 'Lugha' }).click();
  await page.getByRole('option', { name: 'Kiingereza' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }),
  ).toBeVisible();
  await expect(page.getByText('Preference Updated')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
