import { expect, test } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

/** Every script of the app but the theme's (src/app/theme-init.js, emitted content-hashed). */
const APP_SCRIPTS = /\/assets\/(?!theme-init-)[^/]*\.js$/;

const DARK_PREFERENCES = JSON.stringify({
  state: { darkMode: true, notifications: true, language: 'english' },
  version: 1,
});

test('a dark-mode user sees the dark theme from the first paint, before the app runs', async ({
  page,
}) => {
  await page.addInitScript((saved) => {
    localStorage.setItem('duka-preferences', saved);
  }, DARK_PREFERENCES);
  // Keep the app's scripts from running at all: whatever theme the page has, it had before
  // React mounted (from the blocking script in <head>, itself a hashed file under /assets).
  await page.route(APP_SCRIPTS, (route) => route.abort());
  await page.goto('/users', { waitUntil: 'domcontentloaded' });

  const theme = await page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    colorScheme: getComputedStyle(document.documentElement).colorScheme,
  }));
  expect(theme).toEqual({ dark: true, colorScheme: 'dark' });
  // The page is not blank meanwhile.
  await expect(page.getByRole('status')).toHaveText('Loading…');
});

test('a light-mode user gets the light theme', async ({ page }) => {
  await page.route(APP_SCRIPTS, (route) => route.abort());
  await page.goto('/auth', { waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    false,
  );
});

test("a page's code is fetched when it is opened, and the page is named in the title", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await logInAndWait(page, DEMO.admin.email);
  await expect(page).toHaveTitle('Point of Sale · Duka');
  expect(scripts.filter((path) => path.includes('users-page'))).toEqual([]);

  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Users · Duka');
  expect(scripts.filter((path) => path.includes('users-page'))).toHaveLength(1);
});

test('the app is sent compressed, its hashed files cached for a year, the page revalidated', async ({
  page,
}) => {
  const entry = page.waitForResponse(
    (response) =>
      response.request().resourceType() === 'script' &&
      new URL(response.url()).pathname.startsWith('/assets/'),
  );
  const document = await page.goto('/auth');
  expect(document?.headers()['cache-control']).toBe('no-cache');

  const script = await entry;
  const headers = await script.allHeaders();
  expect(headers['content-encoding']).toBe('br');
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
});
