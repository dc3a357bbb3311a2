/**
 * /customers (spec §2 Customers page, §5, §8; issue 9): the admin adds a customer with a local
 * phone (shown +254…), edits it, adds and redeems loyalty points (over-redeeming shows the
 * server's message), and deletes it. A phone gets one card per row; axe in both themes with
 * the form and the loyalty card open.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme } from '../fixtures/axe';

const NAME = 'Wanjiru Kamau';

async function openCustomers(page: Page) {
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(page.getByTestId('customer-card').first()).toBeVisible();
}

const cardOf = (page: Page, name: string) =>
  page.getByTestId('customer-card').filter({ has: page.getByRole('heading', { name }) });

test('the admin adds, edits, rewards and deletes a customer', async ({ page }) => {
  await logInAndWait(page, DEMO.admin.email);
  await openCustomers(page);
  // The demo customers are there, the Walk-in Customer is not a card.
  await expect(cardOf(page, 'Achieng Otieno')).toBeVisible();
  await expect(cardOf(page, 'Walk-in Customer')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Customer' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Customer' });
  await form.getByRole('button', { name: 'Add Customer' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name *').fill(NAME);
  await form.getByLabel('Email', { exact: true }).fill('wanjiru@example.co.ke');
  await form.getByLabel('Phone *').fill('0712 345 678');
  await form.getByLabel('Address', { exact: true }).fill('Kenyatta Avenue, Nakuru');
  await form.getByLabel('Notes').fill('Buys maize flour weekly');
  await form.getByRole('button', { name: 'Add Customer' }).click();
  await expect(page.getByText('Customer added successfully.')).toBeVisible();
  const card = cardOf(page, NAME);
  await expect(card.getByText('+254712345678')).toBeVisible();
  await expect(card.getByText('Buys maize flour weekly')).toBeVisible();
  await expect(card.getByText('0 points')).toBeVisible();

  await card.getByRole('button', { name: `Edit ${NAME}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(edit.getByLabel('Phone *')).toHaveValue('+254712345678');
  await edit.getByLabel('Address', { exact: true }).fill('Moi Avenue, Nairobi');
  await edit.getByRole('button', { name: 'Update Customer' }).click();
  await expect(page.getByText('Customer updated successfully.')).toBeVisible();
  await expect(card.getByText('Moi Avenue, Nairobi')).toBeVisible();

  await card.getByRole('button', { name: `Loyalty points of ${NAME}` }).click();
  const loyalty = page.getByRole('dialog', { name: `Loyalty points: ${NAME}` });
  await expect(loyalty.getByTestId('loyalty-balance')).toHaveText('0');
  await loyalty.getByLabel('Points').fill('50');
  await loyalty.getByLabel('Reason (optional)').fill('Welcome bonus');
  await loyalty.getByRole('button', { name: 'Add points' }).click();
  await expect(page.getByText('Added 50 points. New balance: 50.')).toBeVisible();
  await expect(loyalty.getByTestId('loyalty-balance')).toHaveText('50');
  await loyalty.getByLabel('Points').fill('20');
  await loyalty.getByRole('button', { name: 'Redeem points' }).click();
  await expect(page.getByText('Redeemed 20 points. New balance: 30.')).toBeVisible();
  await expect(loyalty.getByTestId('loyalty-balance')).toHaveText('30');
  await expect(loyalty.getByText('-20')).toBeVisible();
  await expect(loyalty.getByText('+50')).toBeVisible();
  // More than the balance: the server refuses, the balance stays.
  await loyalty.getByLabel('Points').fill('31');
  await loyalty.getByRole('button', { name: 'Redeem points' }).click();
  await expect(page.getByText('Not enough loyalty points')).toBeVisible();
  await expect(loyalty.getByTestId('loyalty-balance')).toHaveText('30');
  await loyalty.getByRole('button', { name: 'Close' }).click();
  await expect(loyalty).toBeHidden();
  await expect(card.getByText('30 points')).toBeVisible();

  await card.getByRole('button', { name: `Delete ${NAME}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this customer?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Customer deleted successfully.')).toBeVisible();
  await expect(cardOf(page, NAME)).toHaveCount(0);
  // Gone after a reload too (archived: it has loyalty history).
  await openCustomers(page);
  await expect(cardOf(page, NAME)).toHaveCount(0);
});

test('a phone gets one card per row and the search finds by local phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAndWait(page, DEMO.admin.email);
  await openCustomers(page);
  const cards = page.getByTestId('customer-card');
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(first!.width).toBeLessThanOrEqual(390);
  await page.getByLabel('Search customers').fill('0745 318');
  await expect(cards).toHaveCount(1);
  await expect(cardOf(page, 'Mary Njeri')).toBeVisible();
});

for (const theme of THEMES) {
  // axe runs three times here: a few seconds each, more on a busy machine (as in axe.spec.ts).
  test(`axe, ${theme} theme: the grid, the form and the loyalty card`, async ({ page }) => {
    test.setTimeout(120_000);
    await useTheme(page, theme);
    await logInAndWait(page, DEMO.admin.email);
    await openCustomers(page);
    const findings = [...(await seriousViolations(page))];
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Customer' });
    await form.getByRole('button', { name: 'Add Customer' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    await page.keyboard.press('Escape');
    await cardOf(page, 'Achieng Otieno')
      .getByRole('button', { name: 'Loyalty points of Achieng Otieno' })
      .click();
    const loyalty = page.getByRole('dialog', { name: 'Loyalty points: Achieng Otieno' });
    await expect(loyalty.getByText('Welcome bonus')).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    expect(findings).toEqual([]);
  });
}
