/**
 * A stock count on a phone (issue 25), on the real server: a manager at 390 px starts a count
 * of the Stationery category, counts three products the way a scanner does (barcode or SKU and
 * Enter) — one exact, one short, one typed in packs — finishes it, and the variance report shows
 * each difference in pieces and at buying price with the largest shrinkage first; afterwards
 * each product's stock is what was counted. The expected figures come from the API's product
 * data, never hard-coded stock. The rules (sales during a count, zeroing, finished is final) are
 * the API tests'. Also: axe on the counting screen and the variance report in both themes.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme, type Finding } from '../fixtures/axe';

const PHONE = { width: 390, height: 844 };
const CATEGORY = 'Stationery';

interface ApiProduct {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  stock_pieces: number;
  pack_size: number;
  piece_buying_price: number;
  category_id: number | null;
}

const ksh = (amount: number) =>
  `KSh ${Math.abs(amount).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** As the report writes a difference: '+KSh 20.00', '−KSh 195.00', 'KSh 0.00'. */
const signedKsh = (amount: number) =>
  amount === 0 ? ksh(0) : `${amount > 0 ? '+' : '−'}${ksh(amount)}`;
const signed = (n: number) => (n === 0 ? '0' : `${n > 0 ? '+' : '−'}${Math.abs(n)}`);

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf-token');
  return ((await response.json()) as { token: string }).token;
}

/** The product as staff read it through the API (its exact stock and buying price). */
async function product(page: Page, sku: string): Promise<ApiProduct> {
  const response = await page.request.get(`/api/products?q=${encodeURIComponent(sku)}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: ApiProduct[] };
  const found = data.find((candidate) => candidate.sku === sku);
  expect(found, `product ${sku}`).toBeDefined();
  return found!;
}

async function openCountsTab(page: Page) {
  await page.goto('/inventory?tab=counts');
  await expect(page.getByRole('tab', { name: 'Counts', selected: true })).toBeVisible();
  await expect(page.getByText('Loading counts...')).toHaveCount(0);
}

/** Start count → Some categories → Stationery; answers the new count's id (from the address). */
async function startStationeryCount(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Start count' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a stock count' });
  await dialog.getByRole('radio', { name: 'Some categories' }).check();
  await dialog.getByRole('checkbox', { name: CATEGORY }).check();
  await dialog.getByRole('button', { name: 'Start count' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `Count #`, exact: false })).toBeVisible();
  await expect(page).toHaveURL(/count=\d+/);
  return Number(new URL(page.url()).searchParams.get('count'));
}

const scanField = (page: Page) => page.getByLabel('Scan or type a barcode, SKU or name');

/** What a scanner does: the code and Enter; then the quantity in a unit, and Enter. */
async function count(page: Page, code: string, quantity: number, unit: string) {
  const scan = scanField(page);
  await expect(scan).toBeFocused();
  await scan.fill(code);
  await scan.press('Enter');
  const quantityField = page.getByLabel('Quantity counted');
  await expect(quantityField).toBeFocused();
  await page.getByRole('radio', { name: unit }).check();
  await quantityField.fill(String(quantity));
  await quantityField.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toBeVisible();
  await expect(scan).toBeFocused();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'nothing scrolls sideways at 390 px').toBeLessThanOrEqual(0);
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

let finishedCountId = 0;

test('a manager counts three products on a phone, finishes, and the variance report and the stock show what was counted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAndWait(page, DEMO.manager.email);
  const exact = await product(page, 'STN-KAS96');
  const short = await product(page, 'STN-KAS200');
  const packs = await product(page, 'STN-BIC-B');
  expect(short.stock_pieces, 'enough books to count 3 short').toBeGreaterThanOrEqual(3);
  expect(packs.pack_size).toBeGreaterThan(1);

  await openCountsTab(page);
  const countId = await startStationeryCount(page);
  await expect(page.getByText(/^Counted 0 of \d+$/)).toBeVisible();
  await noSidewaysScroll(page);

  // One exact (its barcode), one short by 3 pieces (its barcode), one in packs (its SKU): one
  // pack more than the whole packs the books hold.
  const packsCounted = Math.floor(packs.stock_pieces / packs.pack_size) + 1;
  const lines = [
    { product: exact, counted: exact.stock_pieces },
    { product: short, counted: short.stock_pieces - 3 },
    { product: packs, counted: packsCounted * packs.pack_size },
  ];
  await count(page, exact.barcode!, exact.stock_pieces, 'Pieces');
  await count(page, short.barcode!, short.stock_pieces - 3, 'Pieces');
  await count(page, packs.sku, packsCounted, `Packs of ${packs.pack_size}`);
  await expect(page.getByText(/^Counted 3 of \d+$/)).toBeVisible();
  const device = page.getByRole('list', { name: 'Counted on this device' });
  // Newest first.
  await expect(device.getByRole('listitem').first()).toContainText(packs.name);
  await expect(device.getByRole('listitem').first()).toContainText(
    `${packsCounted} packs (${packsCounted * packs.pack_size} pcs)`,
  );

  // The same product scanned again says what it was counted as (a later count replaces it).
  await scanField(page).fill(short.barcode!);
  await scanField(page).press('Enter');
  await expect(page.getByText(/^Already counted: /)).toContainText(
    `Already counted: ${short.stock_pieces - 3} pcs by ${DEMO.manager.name}`,
  );
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(scanField(page)).toBeFocused();

  await page.getByRole('button', { name: 'Finish count' }).click();
  const dialog = page.getByRole('dialog', { name: `Finish count #${countId}?` });
  await expect(
    dialog.getByRole('checkbox', { name: 'Set products nobody counted to zero' }),
  ).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Finish count' }).click();

  const report = page.getByRole('heading', { name: `Variance report: count #${countId}` });
  await expect(report).toBeVisible();
  await expect(report).toBeFocused();
  await noSidewaysScroll(page);

  // Cards on a phone, the largest shrinkage first: short, exact, then the surplus in packs.
  const expected = lines.map(({ product: p, counted }) => {
    const difference = counted - p.stock_pieces;
    return { p, counted, difference, value: difference * p.piece_buying_price };
  });
  const cards = page.getByRole('list', { name: 'Variance by product' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  const order = [expected[1]!, expected[0]!, expected[2]!];
  for (const [index, line] of order.entries()) {
    const card = cards.nth(index);
    await expect(card).toContainText(line.p.name);
    await expect(card.getByText('Expected').locator('xpath=following-sibling::*[1]')).toHaveText(
      line.p.stock_pieces.toLocaleString('en-KE'),
    );
    await expect(
      card.getByText('Counted', { exact: true }).locator('xpath=following-sibling::*[1]'),
    ).toHaveText(line.counted.toLocaleString('en-KE'));
    await expect(
      card.getByText('Difference', { exact: true }).locator('xpath=following-sibling::*[1]'),
    ).toHaveText(signed(line.difference));
    await expect(
      card.getByText('Value', { exact: true }).locator('xpath=following-sibling::*[1]'),
    ).toHaveText(signedKsh(line.value));
  }
  const total = expected.reduce((sum, line) => sum + line.value, 0);
  const shrinkage = expected.reduce((sum, line) => sum + Math.min(0, line.value), 0);
  await expect(
    page.getByText('Total difference value').locator('xpath=following-sibling::*[1]'),
  ).toHaveText(signedKsh(total));
  await expect(
    page.getByText('Total shrinkage').locator('xpath=following-sibling::*[1]'),
  ).toHaveText(signedKsh(shrinkage));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`stock-count-${countId}-variance.csv`);

  // Each product's stock is now what was counted.
  for (const line of lines) {
    expect((await product(page, line.product.sku)).stock_pieces, line.product.sku).toBe(
      line.counted,
    );
  }
  finishedCountId = countId;
});

for (const theme of THEMES) {
  test(`axe (${theme}): the counting screen and the variance report`, async ({ page }) => {
    test.setTimeout(120_000);
    expect(finishedCountId, 'the journey above finished a count').toBeGreaterThan(0);
    await useTheme(page, theme);
    await logInAndWait(page, DEMO.manager.email);
    const findings: Finding[] = [];

    await openCountsTab(page);
    findings.push(...(await seriousViolations(page)));
    const countId = await startStationeryCount(page);
    // A product picked, with its quantity and units, and this device's list.
    const pencil = await product(page, 'STN-PNC-HB');
    await scanField(page).fill(pencil.sku);
    await scanField(page).press('Enter');
    await expect(page.getByLabel('Quantity counted')).toBeFocused();
    findings.push(...(await seriousViolations(page)));

    // Finished with nothing counted: no stock changes, the count is closed for the next run.
    const finished = await page.request.post(`/api/stock-counts/${countId}/finish`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: { zero_uncounted: false },
    });
    expect(finished.status(), await finished.text()).toBe(200);

    await page.goto(`/inventory?tab=counts&count=${finishedCountId}`);
    await expect(
      page.getByRole('heading', { name: `Variance report: count #${finishedCountId}` }),
    ).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    expect(findings).toEqual([]);
  });
}
