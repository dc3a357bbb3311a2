import { expect, test } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { THEMES, seriousViolations, useTheme } from '../fixtures/axe';

const csvFile = (text: string) => ({
  name: 'bidhaa.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

const BAD_FILE = [
  'sku,name,piece_selling_price,stock_unit',
  'AXE-1,Chumvi 500g,25,piece',
  'AXE-2,Maziwa Lala 500ml,-65,box',
].join('\n');

for (const theme of THEMES) {
  test(`the import dialog on a phone, by keyboard, ${theme} theme: no serious axe findings`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 760 });
    await logInAndWait(page, DEMO.manager.email);
    await page.goto('/inventory');
    const importButton = page.getByRole('button', { name: 'Import' });
    await importButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.getByLabel('CSV file').setInputFiles(csvFile(BAD_FILE));
    // On a phone the problems are cards, each value labelled.
    await expect(dialog.getByText('Stock unit must be one of piece, pack, dozen')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import 1 products' })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(importButton).toBeFocused();
  });
}

test('a manager imports products from a CSV file once the line the preview shows is fixed', async ({
  page,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  const lines = (sodaPrice: string) =>
    [
      'sku,name,category,piece_buying_price,piece_selling_price,pack_size,stock_unit,quantity',
      `CSV-${tag}-1,Unga Pembe 2kg ${tag},Unga,170,195,1,piece,20`,
      `CSV-${tag}-2,Soda 500ml ${tag},Vinywaji,45,${sodaPrice},24,dozen,4`,
      `CSV-${tag}-3,"Sukari, Mumias 1kg ${tag}",Sukari,140,160,1,piece,12`,
    ].join('\r\n');

  await logInAndWait(page, DEMO.manager.email);
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await expect(dialog.getByRole('link', { name: 'Download template' })).toBeVisible();

  // A negative price on line 3: shown with its line and column, and nothing can be imported.
  await dialog.getByLabel('CSV file').setInputFiles(csvFile(lines('-60')));
  const problems = dialog.getByRole('table', { name: 'Problems in the file' });
  const problem = problems.getByRole('row').filter({ hasText: 'piece_selling_price' });
  await expect(problem).toContainText('3');
  await expect(problem).toContainText('Piece Selling Price cannot be negative');
  await expect(dialog.getByRole('button', { name: 'Import 2 products' })).toBeDisabled();

  // The fixed file imports all three.
  await dialog.getByLabel('CSV file').setInputFiles(csvFile(lines('60')));
  await expect(dialog.getByText('No problems found.', { exact: false })).toBeVisible();
  await expect(problems).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import 3 products' }).click();
  await expect(page.getByText('3 products imported: 3 new, 0 updated.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const response = await page.request.get(`/api/products?q=CSV-${tag}`);
  expect(response.ok()).toBe(true);
  const { data, total } = (await response.json()) as {
    data: { sku: string; name: string; quantity: number; stock_unit: string }[];
    total: number;
  };
  expect(total).toBe(3);
  expect(data.find((product) => product.sku === `CSV-${tag}-2`)).toMatchObject({
    name: `Soda 500ml ${tag}`,
    stock_unit: 'dozen',
    quantity: 4,
  });

  // The products tab finds them (a page holds 20 products; the demo store has more).
  await page.getByPlaceholder('Search products...').fill(tag);
  await expect(page.getByText(`Unga Pembe 2kg ${tag}`).first()).toBeVisible();
});
