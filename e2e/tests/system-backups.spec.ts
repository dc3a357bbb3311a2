/**
 * Issue 27: the System page. The super admin opens it from the navigation, presses Back up
 * now, and a new backup — made, verified and listed by the real server on this run's data
 * folder — shows as succeeded with its size; a manager has no System entry and cannot open it.
 */
import { expect, test } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

// A backup dumps the whole demo database and its photos, then reads it back: give it time on
// a busy machine.
test.describe.configure({ timeout: 90_000 });

test('the super admin backs up now from the System page', async ({ page }) => {
  await logInAndWait(page, DEMO.super_admin.email);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'System' })
    .click();
  await expect(page).toHaveURL(/\/system$/);
  await expect(page.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();
  await expect(page.getByText('Every night at 03:00 (Africa/Nairobi)')).toBeVisible();
  await expect(page.getByText('Embedded')).toBeVisible();

  const list = page.getByRole('table', { name: 'Recent backups' });
  const rows = list.locator('tbody tr');
  // The demo install has no backup yet, or those another journey made: count them.
  await expect(page.getByRole('heading', { name: 'Recent backups' })).toBeVisible();
  const before = (await list.count()) === 0 ? 0 : await rows.count();

  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup made')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled();

  await expect(rows).toHaveCount(before + 1);
  const newest = rows.first();
  await expect(newest.getByText('Manual')).toBeVisible();
  await expect(newest.getByText('Succeeded')).toBeVisible();
  await expect(newest.getByRole('cell').nth(2)).toHaveText(/^\d+(\.\d)? (KB|MB|GB)$/);
  // The first 12 characters of its SHA-256.
  await expect(newest.locator('code')).toHaveText(/^[0-9a-f]{12}$/);

  // No warning in the header: the last backup is good and just made.
  await expect(page.getByRole('link', { name: 'The last backup failed' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'No backup in the last two days' })).toHaveCount(0);
});

test('a manager has no System entry and cannot open the page', async ({ page }) => {
  await logInAndWait(page, DEMO.manager.email);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sales' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'System' })).toHaveCount(0);
  await page.goto('/system');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
