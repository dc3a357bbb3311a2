/**
 * Shelf labels and barcode stickers (issue 25) on the real server: a manager chooses two
 * products on /inventory, opens Print labels and sees both labels with their barcodes (drawn by
 * the server) and prices, then switches to the label roll; a product without a barcode is given
 * one and is then found by it. Which products, copies, symbologies and numbers the server
 * answers is proved by the API tests; here it is the screens. Also: axe over the print view in
 * both themes, on a 390 px phone without sideways scrolling.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { THEMES, useTheme } from '../fixtures/axe';

const JOGOO = { name: 'Jogoo Maize Flour 2kg', barcode: '6161101600019', price: 'KSh 185.00' };
const PEMBE = { name: 'Pembe Maize Flour 2kg', barcode: '6161100110021', price: 'KSh 180.00' };

async function openInventory(page: Page) {
  await logInAndWait(page, DEMO.manager.email);
  await page.goto('/inventory');
  await expect(page.getByPlaceholder('Search products...')).toBeVisible();
}

/** Chooses the demo's two maize flours and opens their labels. */
async function openFlourLabels(page: Page) {
  await page.getByPlaceholder('Search products...').fill('Maize Flour');
  await page.getByRole('checkbox', { name: `Select ${JOGOO.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${PEMBE.name}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Print labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await expect(dialog.getByText('2 labels on 1 A4 page')).toBeVisible();
  return dialog;
}

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf-token');
  return ((await response.json()) as { token: string }).token;
}

test('a manager prints labels for two products, on a sheet and on the roll, and gives a product a barcode', async ({
  page,
}) => {
  await openInventory(page);
  await expect(page.getByRole('button', { name: 'Print labels' })).toBeDisabled();
  const dialog = await openFlourLabels(page);

  const stickers = dialog.locator('.label-sticker');
  await expect(stickers).toHaveCount(2);
  for (const [index, product] of [JOGOO, PEMBE].entries()) {
    const sticker = stickers.nth(index);
    await expect(sticker).toContainText(product.name);
    await expect(sticker).toContainText(product.price);
    const barcode = sticker.getByRole('img', {
      name: `Barcode ${product.barcode} of ${product.name}`,
    });
    // The server's SVG, drawn by the browser.
    await expect(barcode).toHaveJSProperty('complete', true);
    expect(await barcode.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
      0,
    );
  }
  // A4: 70 mm wide (96 px to the inch).
  expect((await stickers.first().boundingBox())!.width).toBeCloseTo((70 * 96) / 25.4, 0);

  await dialog.getByRole('radio', { name: /Label roll/ }).check();
  await expect(dialog.getByText('2 labels on the roll')).toBeVisible();
  expect((await stickers.first().boundingBox())!.width).toBeCloseTo((50 * 96) / 25.4, 0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // A product of the shop's own making, without a barcode, is given the next internal EAN-13.
  const name = `Mama's mandazi ${Date.now()}`;
  const [category] = (await (await page.request.get('/api/categories')).json()) as { id: number }[];
  const created = await page.request.post('/api/products', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      name,
      sku: `MDZ-${Date.now()}`,
      category_id: category!.id,
      piece_buying_price: 5,
      piece_selling_price: 10,
      pack_buying_price: 0,
      pack_selling_price: 0,
      dozen_buying_price: 0,
      dozen_selling_price: 0,
      quantity: 40,
      min_quantity: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.getByPlaceholder('Search products...').fill(name);
  const row = page.getByRole('table', { name: 'Products' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await edit.getByRole('button', { name: 'Generate barcode' }).click();
  const given = edit.getByText(/^Barcode 20\d{11} given to this product\.$/);
  await expect(given).toBeVisible();
  const barcode = /20\d{11}/.exec((await given.textContent())!)![0];
  await expect(edit.getByLabel('Barcode')).toHaveValue(barcode);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Scanned into the search, the new barcode finds the product.
  await page.getByPlaceholder('Search products...').fill(barcode);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
});

for (const theme of THEMES) {
  test(`the labels print view passes axe and fits a 390 px phone (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await openInventory(page);
    const dialog = await openFlourLabels(page);
    await expect(
      dialog.getByRole('img', { name: `Barcode ${JOGOO.barcode} of ${JOGOO.name}` }),
    ).toBeVisible();

    for (const layout of ['A4 sheet', 'Label roll']) {
      await dialog.getByRole('radio', { name: new RegExp(layout) }).check();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      // Nothing inside the dialog reaches past its edge either.
      expect(
        await dialog.evaluate((element) => element.scrollWidth - element.clientWidth),
      ).toBeLessThanOrEqual(0);
      const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
        );
      expect(serious, `${theme} ${layout}`).toEqual([]);
    }
  });
}
