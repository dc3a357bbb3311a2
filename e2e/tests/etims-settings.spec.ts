/**
 * The eTIMS card of /settings (issue 26): a manager sees the demo store registered with KRA
 * (against the in-repo fake OSCU the e2e worker runs), the schema's words at a bad field, KRA's
 * refusal kept on the card, and a save that registers again — from the keyboard, axe-clean in
 * both themes, and within a 390 px phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme, visit, type Finding } from '../fixtures/axe';
import { FAKE_ETIMS_URL } from '../fixtures/servers';

/** What the demo seed registered Nairobi with (apps/server/src/db/seed/demo-etims.ts). */
const DEMO_DEVICE = { kraPin: 'P051234567X', sdcId: 'KRACU0100000001', mrcNo: 'WIS000000001' };

test.describe.configure({ timeout: 120_000 });

async function openSettings(page: Page) {
  await logInAndWait(page, DEMO.manager.email);
  await visit(page, '/settings');
  await expect(page.getByText('eTIMS (KRA)', { exact: true })).toBeVisible();
}

for (const theme of THEMES) {
  test(`a manager's eTIMS card, ${theme} theme: registered, a bad field, KRA's refusal, registered again`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    const findings: Finding[] = [];
    await openSettings(page);
    const registration = page.getByTestId('etims-registration');
    await expect(registration).toContainText('Registered with KRA on');
    await expect(registration).toContainText(DEMO_DEVICE.sdcId);
    await expect(registration).toContainText(DEMO_DEVICE.mrcNo);
    await expect(registration).toContainText('Communication keySet');
    await expect(page.getByLabel('KRA PIN')).toHaveValue(DEMO_DEVICE.kraPin);
    findings.push(...(await seriousViolations(page)));

    // The schema's words at the field, nothing sent.
    const branch = page.getByLabel('Branch ID');
    await branch.fill('7');
    await branch.press('Enter');
    await expect(page.getByText('Branch ID must be at least 2 characters')).toBeVisible();
    await expect(branch).toHaveAttribute('aria-invalid', 'true');
    findings.push(...(await seriousViolations(page)));
    await branch.fill('00');

    // KRA refuses the next registration: its words stay on the card, the store stays registered.
    const refused = await page.request.post(`${FAKE_ETIMS_URL}/__fake/refuse`, {
      data: { code: '901', message: 'It is not valid device', path: '/selectInitOsdcInfo' },
    });
    expect(refused.ok()).toBe(true);
    const save = page.getByRole('button', { name: 'Save and register with KRA' });
    await save.focus();
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'KRA did not register the device' });
    await expect(alert).toContainText('901');
    await expect(alert).toContainText('It is not valid device');
    await expect(alert).toContainText('the store stays registered with the device above');
    await expect(registration).toContainText(DEMO_DEVICE.sdcId);
    findings.push(...(await seriousViolations(page)));

    // Saved again, the fake accepts the same device: registered, the refusal gone.
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('eTIMS settings saved: the device is registered with KRA').first(),
    ).toBeVisible();
    await expect(alert).toHaveCount(0);
    await expect(registration).toContainText(DEMO_DEVICE.sdcId);
    expect(findings).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test('the eTIMS card fits and its fields are reachable', async ({ page }) => {
    await openSettings(page);
    const pin = page.getByLabel('KRA PIN');
    await pin.scrollIntoViewIfNeeded();
    await expect(pin).toBeInViewport();
    const box = (await pin.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const save = page.getByRole('button', { name: 'Save and register with KRA' });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
