/**
 * The installable app (issue 22): once the service worker has taken the page, the till opens
 * and reloads with no connection for the person signed in; a page that needs the server says
 * so and opens by itself when the connection returns; the header says the device is offline.
 * The service worker and the manifest are what a browser needs to install the app.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme } from '../fixtures/axe';
import { serviceWorkerInControl } from '../fixtures/service-worker';

const OFFLINE_NOTICE = 'You are offline — this page needs a connection';

const tillHeading = (page: Page) => page.getByRole('heading', { name: 'Point of Sale', level: 1 });
const connection = (page: Page) => page.getByRole('banner').getByRole('status');

test('the app is installable: a manifest for /pos and a service worker, both revalidated', async ({
  page,
}) => {
  await page.goto('/auth');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await page.request.get(href!);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect(await manifest.json()).toMatchObject({
    name: 'Duka',
    start_url: '/pos',
    display: 'standalone',
    icons: expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]),
  });
  const sw = await page.request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const icon = await page.request.get('/icons/icon-maskable-512.png');
  expect(icon.headers()['content-type']).toBe('image/png');
});

test('the till opens offline; other pages say they need a connection and come back by themselves', async ({
  page,
  context,
}) => {
  await logInAndWait(page, DEMO.sales.email);
  await page.goto('/pos');
  await expect(tillHeading(page)).toBeVisible();
  await serviceWorkerInControl(page);
  await expect(connection(page)).toContainText('Online');

  await context.setOffline(true);
  await page.reload();
  // Served by the service worker, for the person last signed in on this device.
  await expect(tillHeading(page)).toBeVisible();
  await expect(connection(page)).toContainText('Offline');
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);

  // A page that needs the server, opened offline from the navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sales' }).click();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sales & Orders', level: 1 })).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Sales & Orders', level: 1 })).toBeVisible();
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
  await expect(connection(page)).toContainText('Online');
});

test('/reports reloaded offline says it needs a connection', async ({ page, context }) => {
  await logInAndWait(page, DEMO.manager.email);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
});

for (const theme of THEMES) {
  test(`the connection status and its dialog, on a phone, ${theme} theme`, async ({
    page,
    context,
  }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 760 });
    await logInAndWait(page, DEMO.sales.email);
    await page.goto('/pos');
    await expect(tillHeading(page)).toBeVisible();
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    await expect(connection(page)).toContainText('Offline');
    const findings = await seriousViolations(page);

    const status = connection(page).getByRole('button');
    await status.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sales on this device' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('No sales are waiting on this device.')).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(status).toBeFocused();
    await context.setOffline(false);
    expect(findings).toEqual([]);
  });
}
