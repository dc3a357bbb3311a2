/**
 * Reports (issue 9): an admin opens /reports, reads the cards and both tabs, searches the
 * inventory, sets the range at the top and sorts product performance, downloads a table as CSV holding its
 * rows, and sees the revenue and top sellers follow a cashier's sale at the till. Issue 26: the
 * VAT tab gives this month's sales and VAT per tax letter, their total and the credit notes,
 * and its CSV the same. The page is axe-clean in both themes and usable on a 390 px phone.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { THEMES, seriousViolations, useTheme } from '../fixtures/axe';

const JOGOO = { name: 'Jogoo Maize Flour 2kg', sku: 'UNG-JOG2' };

/** 'KSh 1,234.50' → 123450 cents. */
function cents(text: string | null): number {
  const digits = (text ?? '').replace(/[^0-9.]/g, '');
  return Math.round(Number(digits) * 100);
}

async function openReports(page: Page) {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByText('Sales by Payment Method', { exact: true })).toBeVisible();
}

const revenue = (page: Page) => page.getByTestId('total-revenue');

/** This month in Nairobi: as the VAT tab's picker holds it (2026-11) and names it. */
function thisMonth(): { value: string; name: string } {
  const now = new Date();
  const value = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
  }).format(now);
  const name = new Intl.DateTimeFormat('en-KE', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: 'long',
  }).format(now);
  return { value, name };
}

test.beforeEach(async ({ page }) => {
  await logInAndWait(page, DEMO.admin.email);
});

test('an admin reads the cards and both tabs, searches, filters, sorts and downloads', async ({
  page,
}) => {
  await openReports(page);
  await expect(page.getByText('Total Expenses', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ records?$/)).toBeVisible();
  // Issue 24: the period's returns, under the sales they were taken off.
  const methods = page.getByRole('region', { name: 'Sales by Payment Method' });
  await expect(methods.getByText('Returns', { exact: true })).toBeVisible();
  await expect(methods.getByTestId('returns-total')).toHaveText(/^KSh [\d,]+\.\d\d$/);
  await expect(page.getByText('Top Sellers', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Inventory Status', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Product Performance' })).toBeVisible();

  // Inventory: the search box works (name or code).
  const inventory = page.getByRole('table', { name: 'Inventory status' });
  await expect(inventory.getByRole('columnheader')).toHaveText([
    'Product',
    'Product Code',
    'Price',
    'Quantity',
    'Status',
    'Value',
  ]);
  await page.getByRole('searchbox', { name: 'Search inventory by name or code' }).fill('jogoo');
  await expect(inventory.locator('tbody tr')).toHaveCount(1);
  await expect(inventory.locator('tbody tr')).toContainText(JOGOO.sku);
  await expect(page.getByTestId('inventory-count')).toHaveText('1');

  // The CSV holds the table's rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV: inventory status' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('inventory-status.csv');
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(lines[0]).toBe('Product,Product Code,Price,Quantity,Status,Value');
  expect(lines).toHaveLength(2);
  const cells = await inventory.locator('tbody tr').first().locator('td').allTextContents();
  expect(lines[1]!.split(',').slice(0, 2)).toEqual([cells[0], cells[1]]);
  // The table tells the shelf's count ('144 pcs'), the CSV the number of pieces.
  expect(cells[3]).toBe(`${lines[1]!.split(',')[3]} pcs`);

  // Product performance: filter by days (both set), then sort.
  await page.getByRole('tab', { name: 'Product Performance' }).click();
  const table = page.getByRole('table', { name: 'Product performance' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Product',
    'Product Code',
    'Quantity Sold',
    'Revenue',
    'Profit',
    'Avg Price',
    'Last Sold',
  ]);
  await expect(revenue(page)).not.toHaveText('—');

  // The range at the top: all dates (both cleared), then days with no sales. The all-time
  // figure is the table's own answer: until it comes, the page still shows the month's (kept
  // while the next loads), which a read of the page alone could take for it on a busy machine.
  await page.getByLabel('Start date').fill('');
  await page.getByLabel('End date').fill('');
  const allDates = page.waitForResponse(
    (response) =>
      response.url().includes('/api/reports/product-performance') &&
      response.url().includes('pageSize=100') &&
      !response.url().includes('start='),
  );
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('applied-period')).toHaveText('All dates');
  const allTime = Math.round(
    ((await (await allDates).json()) as { data: { summary: { totalRevenue: number } } }).data
      .summary.totalRevenue * 100,
  );
  expect(allTime).toBeGreaterThan(0);
  await expect(revenue(page)).toHaveText(
    new RegExp(`^KSh ${(allTime / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })}$`),
  );

  await page.getByLabel('Start date').fill('2001-01-01');
  await page.getByLabel('End date').fill('2001-01-31');
  const filtered = page.waitForRequest(
    (request) =>
      request.url().includes('/api/reports/product-performance') &&
      request.url().includes('start=2001-01-01&end=2001-01-31'),
  );
  await page.getByRole('button', { name: 'Filter' }).click();
  await filtered;
  await expect(revenue(page)).toHaveText('KSh 0.00');
  await expect(table.getByRole('cell', { name: 'Never' }).first()).toBeVisible();
  // The cards cover the same days.
  await expect(page.getByText('Top Sellers', { exact: true })).toBeVisible();
  await expect(page.getByText('No sales yet')).toBeVisible();

  // One date alone filters nothing (spec §2): the days stay as they were.
  await page.getByLabel('End date').fill('');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('Set both dates to filter.')).toBeVisible();
  await expect(page.getByTestId('applied-period')).toHaveText('1–31 Jan 2001');
  await expect(revenue(page)).toHaveText('KSh 0.00');
  await page.getByLabel('Start date').fill('');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(revenue(page)).toHaveText(
    new RegExp(`^KSh ${(allTime / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })}$`),
  );

  const sorted = page.waitForResponse((response) => response.url().includes('sort=quantity'));
  await page.getByLabel('Sort By').selectOption('quantity');
  await sorted;
  const quantities = () =>
    table
      .locator('tbody tr td:nth-child(3)')
      .allTextContents()
      .then((texts) => texts.map(Number));
  await expect
    .poll(async () => {
      const shown = await quantities();
      return shown.length > 1 && shown.join() === [...shown].sort((a, b) => b - a).join();
    })
    .toBe(true);
});

test("a cashier's sale at the till raises the revenue and the top sellers follow", async ({
  page,
  browser,
}) => {
  await openReports(page);
  await page.getByRole('tab', { name: 'Product Performance' }).click();
  await expect(revenue(page)).not.toHaveText('—');
  const before = cents(await revenue(page).textContent());

  // The cashier sells one Jogoo at a price (changed at the till) that puts it first.
  const context = await browser.newContext();
  const till = await context.newPage();
  await logInAndWait(till, DEMO.sales.email);
  await till.goto('/pos');
  await till.getByRole('searchbox', { name: 'Search products' }).fill('Jogoo');
  await till.getByRole('button', { name: `Add ${JOGOO.name}`, exact: true }).click();
  await till.getByLabel(`Unit price — ${JOGOO.name}`).fill('250000');
  await expect(till.getByTestId('cart-total')).toHaveText('KSh 250,000.00');
  const cartTotal = cents(await till.getByTestId('cart-total').textContent());
  expect(cartTotal).toBeGreaterThan(0);
  await till.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = till.getByRole('dialog', { name: 'Complete Sale' });
  await dialog.getByLabel('Payment method').selectOption('mpesa');
  await dialog.getByRole('button', { name: 'Complete Sale' }).click();
  await expect(till.getByText('Checkout successful!')).toBeVisible();
  await context.close();

  await openReports(page);
  await page.getByRole('tab', { name: 'Product Performance' }).click();
  // Product revenue grows by the lines' total (the delivery fee is not product revenue).
  await expect.poll(async () => cents(await revenue(page).textContent())).toBe(before + cartTotal);
  await expect(
    page.getByRole('list', { name: 'Top Sellers' }).getByRole('listitem').first(),
  ).toContainText(JOGOO.name);
});

test('the VAT tab gives this month per tax letter, its total and credit notes, and its CSV', async ({
  page,
}) => {
  await openReports(page);
  await page.getByRole('tab', { name: 'VAT' }).click();
  const month = thisMonth();
  await expect(page.getByLabel('Month')).toHaveValue(month.value);
  const table = page.getByRole('table', { name: `VAT for ${month.name}` });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Tax type',
    'Rate',
    'Taxable amount',
    'VAT',
  ]);
  // The demo sold this month (its last 30 days), so at least the standard rate is there.
  const letters = table.locator('tbody tr');
  await expect(letters.filter({ hasText: 'B-VAT 16%' })).toHaveCount(1);
  const rowCells = async (row: ReturnType<Page['locator']>) =>
    (await row.locator('th, td').allTextContents()).map((text) => text.trim());

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV: VAT' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`vat-${month.value}.csv`);
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  expect(lines[0]).toEqual(['Tax type', 'Rate', 'Taxable amount', 'VAT']);
  const letterLines = lines.slice(1, -2);
  expect(letterLines).toHaveLength(await letters.count());
  // The CSV holds the table's figures, and its Total is the letters added up.
  for (const [index, line] of letterLines.entries()) {
    const cells = await rowCells(letters.nth(index));
    expect(line[0]).toBe(cells[0]);
    expect(cents(line[2]!)).toBe(cents(cells[2]!));
    expect(cents(line[3]!)).toBe(cents(cells[3]!));
  }
  const [total, credit] = lines.slice(-2) as [string[], string[]];
  expect(total[0]).toBe('Total');
  expect(cents(total[2]!)).toBe(letterLines.reduce((sum, line) => sum + cents(line[2]!), 0));
  expect(cents(total[3]!)).toBe(letterLines.reduce((sum, line) => sum + cents(line[3]!), 0));
  expect(await rowCells(table.getByTestId('vat-total'))).toEqual([
    'Total',
    `KSh ${(cents(total[2]!) / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })}`,
    `KSh ${(cents(total[3]!) / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })}`,
  ]);
  expect(credit[0]).toBe('Credit notes');
  expect(cents((await rowCells(table.getByTestId('vat-credit-notes')))[1]!)).toBe(
    cents(credit[2]!),
  );
});

test('the reports are axe-clean in both themes and fit a 390 px phone', async ({ page }) => {
  test.setTimeout(120_000);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await openReports(page);
    await expect(page.getByTestId('inventory-value')).not.toHaveText('—');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Product Performance' }).click();
    await expect(revenue(page)).not.toHaveText('—');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'VAT' }).click();
    await expect(page.getByRole('table', { name: `VAT for ${thisMonth().name}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await openReports(page);
  await expect(page.getByTestId('inventory-value')).not.toHaveText('—');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // Keyboard: the tabs switch with the arrow keys.
  await page.getByRole('tab', { name: 'Inventory Status' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByRole('tab', { name: 'Product Performance', selected: true }),
  ).toBeFocused();
  // The VAT table's four columns fit the phone: neither the page nor the table scrolls sideways.
  await page.getByRole('tab', { name: 'VAT' }).click();
  const vat = page.getByRole('table', { name: `VAT for ${thisMonth().name}` });
  await expect(vat).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  expect(
    await vat.evaluate(
      (table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
});
