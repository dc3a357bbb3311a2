/**
 * Accessibility sweep: axe-core on every route of the app, in the light and the dark theme,
 * signed in as a role that may open the page. A serious or critical violation fails the run.
 * The protected pages come from the shared matrix (PAGES), so a page added there is swept
 * without touching this file.
 */
import { PAGES, type PagePath } from '@duka/shared/auth/permissions';
import type { Role } from '@duka/shared/auth/roles';
import { expect, test } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme, visit, type Finding } from '../fixtures/axe';

/** Prefer the admin (store name in the header); the super_admin opens what the admin may not. */
const PREFERRED_ROLES: readonly Role[] = ['admin', 'super_admin'];

function roleFor(page: PagePath): Role {
  const allowed = PAGES[page] as readonly Role[];
  return PREFERRED_ROLES.find((role) => allowed.includes(role)) ?? allowed[0]!;
}

const PAGES_BY_ROLE = new Map<Role, PagePath[]>();
for (const page of Object.keys(PAGES) as PagePath[]) {
  const role = roleFor(page);
  PAGES_BY_ROLE.set(role, [...(PAGES_BY_ROLE.get(role) ?? []), page]);
}

// Each test visits several pages and runs axe on each: a few seconds a page, more on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const theme of THEMES) {
  test.describe(`axe, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('the sign-in and sign-up views', async ({ page }) => {
      const findings: Finding[] = [];
      await visit(page, '/auth');
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      else await expect(page.locator('html')).not.toHaveClass(/dark/);
      findings.push(...(await seriousViolations(page)));
      await page.getByRole('link', { name: 'Sign up' }).click();
      await expect(page.getByText('Create an account to get started.')).toBeVisible();
      findings.push(...(await seriousViolations(page)));
      // The form's own error states are part of the page too.
      await page.locator('form').getByRole('button', { name: 'Sign up', exact: true }).click();
      await expect(page.getByText('Invalid email address')).toBeVisible();
      findings.push(...(await seriousViolations(page)));
      expect(findings).toEqual([]);
    });

    for (const [role, paths] of PAGES_BY_ROLE) {
      test(`every page ${role} opens: ${paths.join(' ')}`, async ({ page }) => {
        await logInAndWait(page, DEMO[role].email);
        const findings: Finding[] = [];
        for (const path of paths) {
          await visit(page, path);
          findings.push(...(await seriousViolations(page)));
        }
        expect(findings).toEqual([]);
      });
    }

    test('/unauthorized, not found, the M-Pesa view, the profile tabs and the dialogs', async ({
      page,
    }) => {
      await logInAndWait(page, DEMO.admin.email);
      const findings: Finding[] = [];
      await visit(page, '/unauthorized');
      findings.push(...(await seriousViolations(page)));
      await visit(page, '/no-such-page');
      findings.push(...(await seriousViolations(page)));

      // A tab the address opens (issue 23): the managers' M-Pesa view on /sales.
      await visit(page, '/sales?tab=mpesa');
      await expect(page.getByRole('tab', { name: 'M-Pesa', selected: true })).toBeVisible();
      findings.push(...(await seriousViolations(page)));

      await visit(page, '/profile');
      await page.getByRole('tab', { name: 'Security' }).click();
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
      findings.push(...(await seriousViolations(page)));
      await page.getByRole('tab', { name: 'Preferences' }).click();
      await expect(page.getByRole('switch', { name: 'Dark Mode' })).toBeVisible();
      findings.push(...(await seriousViolations(page)));

      await visit(page, '/users');
      await page.getByRole('button', { name: 'Add User' }).click();
      await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible();
      findings.push(...(await seriousViolations(page)));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Cart' }).click();
      await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
      findings.push(...(await seriousViolations(page)));
      expect(findings).toEqual([]);
    });

    test('on a phone: /auth, /users and /stores', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 760 });
      const findings: Finding[] = [];
      await visit(page, '/auth');
      findings.push(...(await seriousViolations(page)));
      await logInAndWait(page, DEMO.super_admin.email);
      for (const path of ['/users', '/stores']) {
        await visit(page, path);
        findings.push(...(await seriousViolations(page)));
      }
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      findings.push(...(await seriousViolations(page)));
      expect(findings).toEqual([]);
    });
  });
}
