/**
 * The products tab of /inventory (spec §2, §5, §8): a manager adds a product with a photo,
 * finds it by barcode, edits its price and reads its stock history; a cashier cannot delete, nor
 * change prices, stock or the tax letter; a phone gets cards; the dialog works from the keyboard.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

/** A valid 1×1 PNG: the server decodes every photo, so a fake image would be refused. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openInventory(page: Page, email: string) {
  await logInAndWait(page, email);
  await page.goto('/inventory');
  await expect(page.getByPlaceholder('Search products...')).toBeVisible();
}

/** The table's rows that hold products (not the header row). */
function productRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Products' }).locator('tbody tr');
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

test('a manager adds a product with a photo, finds it by barcode, edits it, reads its history and deletes it', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Mandazi flour ${stamp}`;
  const barcode = `616${stamp}`;
  await openInventory(page, DEMO.manager.email);

  await page.getByRole('button', { name: 'Add Product' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Product' });
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('SKU').fill(`MAN-${stamp}`);
  await add.getByLabel('Barcode').fill(barcode);
  await add.getByLabel('Piece Buying Price').fill('95');
  await add.getByLabel('Piece Selling Price').fill('120.50');
  await add.getByLabel('Quantity', { exact: true }).fill('24');
  // Issue 26: B (VAT 16%) unless chosen otherwise.
  await expect(add.getByLabel('Tax type')).toHaveValue('B');
  await add.getByLabel('Tax type').selectOption('E');
  await add.getByLabel('Photos').setInputFiles({
    name: 'mandazi.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(add.getByRole('img', { name: 'mandazi.png' })).toBeVisible();
  await add.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(add).toBeHidden();

  await page.getByPlaceholder('Search products...').fill(barcode);
  await expect(productRows(page)).toHaveCount(1);
  const row = productRows(page).first();
  await expect(row).toContainText(name);
  await expect(row).toContainText('KSh 120.50');
  // Stock as on the shelf (issue 20).
  await expect(row).toContainText('24 pcs');
  await expect(row).toContainText('In Stock');
  const thumbnail = row.locator('img');
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await expect(thumbnail).toHaveJSProperty('complete', true);
  expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(edit.getByLabel('Tax type')).toHaveValue('E');
  await edit.getByLabel('Piece Selling Price').fill('135');
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(row).toContainText('KSh 135.00');

  await row.getByRole('button', { name: 'Stock History' }).click();
  const history = page.getByRole('dialog', { name: 'Stock History' });
  const movements = history.getByRole('table', { name: 'Stock movements' }).locator('tbody tr');
  await expect(movements).toHaveCount(1);
  await expect(movements.first()).toContainText('+24');
  await expect(movements.first()).toContainText('Opening stock');
  await expect(movements.first()).toContainText(DEMO.manager.name);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Only its opening stock is recorded, so it is erased rather than deactivated.
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('Do you really want to delete this product?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product deleted successfully')).toBeVisible();
  await expect(page.getByText('No products available.')).toBeVisible();
});

test('a cashier edits products but sees no Delete, and prices and stock read-only', async ({
  page,
}) => {
  await openInventory(page, DEMO.sales.email);
  await expect(productRows(page).first()).toBeVisible();
  await expect(productRows(page).first().getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Product' })).toBeVisible();

  // Issue 20: a cashier may rename, not change prices or stock.
  await productRows(page).first().getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(
    edit.getByText('Only a manager can change prices, stock and the tax type.'),
  ).toBeVisible();
  await expect(edit.getByLabel('Piece Selling Price')).toHaveAttribute('readonly', '');
  await expect(edit.getByLabel('Quantity', { exact: true })).toHaveAttribute('readonly', '');
  // Issue 26: the tax letter too, shown by KRA's name.
  await expect(edit.getByLabel('Tax type')).toHaveAttribute('readonly', '');
  await expect(edit.getByLabel('Tax type')).toHaveValue(/^[A-E]-/);
  await expect(edit.getByLabel('Name')).toBeEditable();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a manager's stock change asks why, and the stock history says it", async ({ page }) => {
  await openInventory(page, DEMO.manager.email);
  await page.getByPlaceholder('Search products...').fill('SOP-GEI225');
  const row = productRows(page).first();
  await expect(row).toContainText('Geisha');
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  const quantity = edit.getByLabel('Quantity', { exact: true });
  const before = Number(await quantity.inputValue());
  await quantity.fill(String(before - 1));
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expect(edit.getByText('Please choose a reason for the stock change')).toBeVisible();
  await edit.getByLabel('Reason for the stock change').selectOption({ label: 'Damage' });
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();

  await row.getByRole('button', { name: 'Stock History' }).click();
  const history = page.getByRole('dialog', { name: 'Stock History' });
  const latest = history
    .getByRole('table', { name: 'Stock movements' })
    .locator('tbody tr')
    .first();
  await expect(latest).toContainText('Adjustment: Damage');
  await expect(latest).toContainText(DEMO.manager.name);
});

test('the product dialog works from the keyboard: Escape closes it, focus goes back', async ({
  page,
}) => {
  await openInventory(page, DEMO.manager.email);
  const addButton = page.getByRole('button', { name: 'Add Product' });
  await addButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add New Product' });
  await expect(dialog.getByLabel('Name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Tab stays inside the dialog.
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test('products are cards without SKU and pack/dozen prices, and the dialog fits', async ({
    page,
  }) => {
    await openInventory(page, DEMO.manager.email);
    await expect(page.getByRole('table', { name: 'Products' })).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText('Piece Price');
    await expect(cards.first()).not.toContainText('Pack Price');
    await expect(cards.first()).toContainText('Stock History');

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await expect(dialog.getByLabel('Name')).toBeVisible();
    await expect(dialog.getByText('Take a photo')).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    // The dialog scrolls to its last button.
    await dialog.getByRole('button', { name: 'Add Product' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Add Product' })).toBeInViewport();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
