/**
 * A cashier's shift and its cash-up (issue 24), on the real server: the cashier opens a shift
 * with a float, sells in cash with change, a manager takes one item back onto the shelf and
 * refunds it in cash from the cashier's drawer, the cashier pays out for transport as an
 * expense, then closes the shift counting notes and coins; the Z report shows the expected cash
 * and the shortfall, and the manager finds the shift on /shifts with its Over/Short. The shift
 * arithmetic itself is proved by the API tests; here it is the people and the screens. Also: axe
 * over the open shift bar and the Z report in both themes, and the denomination counter on a
 * 390 px phone.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme } from '../fixtures/axe';

const JOGOO = { name: 'Jogoo Maize Flour 2kg', sku: 'UNG-JOG2' };
const KABRAS = { name: 'Kabras Sugar 2kg', sku: 'SUG-KAB2' };

/** The drawer's notes and coins, largest first, as the counter labels them. */
const NOTES = [1000, 500, 200, 100, 50] as const;
const COINS = [20, 10, 5, 1] as const;

interface SaleBody {
  id: number;
  total_amount: number;
  change_amount: number;
  status: string;
  shift_id: number | null;
  items: { id: number; Product: { name: string }; quantity: number; unit_price: number }[];
  returns: { id: number; amount: number; refund_method: string; shift_id: number | null }[];
}

interface ShiftBody {
  id: number;
  status: string;
}

const ksh = (amount: number) =>
  `KSh ${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A cash amount as the fewest notes and coins, e.g. 2325 → 2 × 1000, 1 × 200, 1 × 100, … */
function notesAndCoins(amount: number): Map<number, number> {
  const counts = new Map<number, number>();
  let rest = amount;
  for (const value of [...NOTES, ...COINS]) {
    counts.set(value, Math.floor(rest / value));
    rest %= value;
  }
  return counts;
}

const counterLabel = (value: number) =>
  `KSh ${value} ${(NOTES as readonly number[]).includes(value) ? 'notes' : 'coins'}`;

async function signedIn(
  browser: Browser,
  email: string,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await logInAndWait(page, email);
  return page;
}

async function openTill(page: Page) {
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
}

/** The shift bar's Open shift: the float counted into the drawer. */
async function openShift(page: Page, float: number) {
  await page.getByRole('button', { name: 'Open shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open shift' });
  await dialog.getByLabel('Opening float').fill(String(float));
  await dialog.getByRole('button', { name: 'Open shift' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Close shift' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open shift' })).toHaveCount(0);
}

async function currentShift(page: Page): Promise<ShiftBody | null> {
  const response = await page.request.get('/api/shifts/current');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ShiftBody | null }).data;
}

async function getSale(page: Page, id: number): Promise<SaleBody> {
  const response = await page.request.get(`/api/sales/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: SaleBody }).data;
}

async function productQuantity(page: Page, sku: string): Promise<number> {
  const response = await page.request.get(`/api/products?q=${encodeURIComponent(sku)}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { sku: string; quantity: number }[] };
  const product = data.find((candidate) => candidate.sku === sku);
  expect(product, `product ${sku}`).toBeDefined();
  return product!.quantity;
}

async function addToCart(page: Page, search: string, name: string, times = 1) {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(search);
  const add = page.getByRole('button', { name: `Add ${name}`, exact: true });
  for (let i = 0; i < times; i += 1) await add.click();
}

/** Close shift: the denomination counter filled in with `counts`; answers the dialog. */
async function countDrawer(page: Page, counts: Map<number, number>): Promise<Locator> {
  await page.getByRole('button', { name: 'Close shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close shift' });
  for (const [value, count] of counts) {
    if (count > 0)
      await dialog.getByLabel(counterLabel(value), { exact: true }).fill(String(count));
  }
  return dialog;
}

/** The Z report's drawer of a short count: expected, counted, and the difference in words. */
async function expectShortZReport(z: Locator, expected: number, counted: number) {
  const difference = counted - expected;
  expect(difference).toBeLessThan(0);
  await expect(z.getByTestId('expected-cash')).toHaveText(ksh(expected));
  await expect(z.getByTestId('counted-cash')).toHaveText(ksh(counted));
  await expect(z.getByTestId('difference')).toHaveText(`Short −${ksh(-difference)}`);
}

/** Nothing in `box` reaches past its right edge, nor `box` past the screen's. */
async function expectWithinScreen(box: Locator) {
  const overflow = await box.evaluate((element) => {
    const bounds = element.getBoundingClientRect();
    const wider = Array.from(element.querySelectorAll('*'))
      .filter((child) => child.getBoundingClientRect().right > bounds.right + 0.5)
      .map((child) => child.outerHTML.slice(0, 80));
    return { right: bounds.right, width: window.innerWidth, wider };
  });
  expect(overflow.wider).toEqual([]);
  expect(overflow.right).toBeLessThanOrEqual(overflow.width);
}

test('a shift from float to Z report: change, a cash refund, a transport pay-out, 50 short', async ({
  browser,
}) => {
  const cashier = await signedIn(browser, DEMO.sales.email);
  const manager = await signedIn(browser, DEMO.manager.email);

  // The cashier opens a shift with KSh 2,000 counted into the drawer.
  const float = 2000;
  await openTill(cashier);
  expect(await currentShift(cashier)).toBeNull();
  await openShift(cashier, float);
  const shift = (await currentShift(cashier))!;
  expect(shift).toMatchObject({ status: 'open' });

  // Two Jogoo and a Kabras, paid with a KSh 1,000 note: the change comes out of the drawer.
  await addToCart(cashier, 'Jogoo', JOGOO.name, 2);
  await addToCart(cashier, 'Kabras', KABRAS.name);
  await cashier.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const checkout = cashier.getByRole('dialog', { name: 'Complete Sale' });
  const total = Number(
    (await checkout.getByTestId('checkout-total').innerText()).replace(/[^\d.]/g, ''),
  );
  const tendered = 1000;
  const change = tendered - total;
  expect(change).toBeGreaterThan(0);
  await checkout.getByLabel('Amount tendered').fill(String(tendered));
  await checkout.getByRole('button', { name: 'Complete Sale' }).click();
  await expect(cashier.getByText('Checkout successful!')).toBeVisible();
  await expect(cashier).toHaveURL(/[?&]receipt=\d+/);
  const saleId = Number(new URL(cashier.url()).searchParams.get('receipt'));
  const sale = await getSale(cashier, saleId);
  expect(sale).toMatchObject({ total_amount: total, change_amount: change, shift_id: shift.id });
  const jogooLine = sale.items.find((line) => line.Product.name === JOGOO.name)!;
  expect(jogooLine.quantity).toBe(2);
  const refund = jogooLine.unit_price;
  await cashier
    .getByRole('dialog', { name: `Sale Receipt #${saleId}` })
    .getByRole('button', { name: 'Close' })
    .first()
    .click();

  // The manager takes one Jogoo back onto the shelf from the sale's details on /sales and
  // refunds it in cash, from the cashier's drawer.
  const stockBefore = await productQuantity(manager, JOGOO.sku);
  await manager.goto('/sales');
  await expect(manager.getByRole('heading', { name: 'Sales & Orders', level: 1 })).toBeVisible();
  await manager.getByRole('button', { name: `View Details of sale #${saleId}` }).click();
  const details = manager.getByRole('dialog', { name: 'Sale Details' });
  await details.getByRole('button', { name: 'Return items' }).click();
  const returnDialog = manager.getByRole('dialog', { name: `Return items of sale #${saleId}` });
  await returnDialog.getByLabel(`Quantity returned of ${JOGOO.name}`).fill('1');
  await returnDialog
    .getByRole('group', { name: `Where ${JOGOO.name} goes` })
    .getByLabel('Back on the shelf')
    .check();
  await returnDialog.getByLabel('Cash from the drawer').check();
  await returnDialog.getByLabel('Reason').fill('Bag torn at the seam, customer took another brand');
  await expect(returnDialog.getByTestId('return-refund-total')).toHaveText(ksh(refund));
  await returnDialog.getByRole('button', { name: `Return and refund ${ksh(refund)}` }).click();
  await expect(returnDialog).toBeHidden();
  const returned = await getSale(manager, saleId);
  expect(returned.status).toBe('partially_returned');
  expect(returned.returns).toEqual([
    expect.objectContaining({ amount: refund, refund_method: 'cash', shift_id: shift.id }),
  ]);
  expect(await productQuantity(manager, JOGOO.sku)).toBe(stockBefore + 1);
  // The refund receipt opens over the sale's details (which it hides from assistive tech
  // while open); closed, the details show the sale partly returned.
  const refundReceipt = manager.getByRole('dialog', {
    name: `Refund Receipt #${returned.returns[0]!.id}`,
  });
  await expect(refundReceipt).toContainText(ksh(refund));
  await refundReceipt.getByRole('button', { name: 'Close' }).first().click();
  await expect(refundReceipt).toBeHidden();
  await expect(details).toContainText('Partly returned');

  // The cashier pays a boda boda out of the drawer, recorded as an expense at once.
  const payOut = 150;
  await cashier.getByRole('button', { name: 'Pay out' }).click();
  const payOutDialog = cashier.getByRole('dialog', { name: 'Pay out' });
  await payOutDialog.getByLabel('Amount').fill(String(payOut));
  await payOutDialog.getByLabel('Reason').fill('Transport: boda boda to the wholesaler');
  await payOutDialog.getByLabel('Record as an expense').check();
  await payOutDialog.getByLabel('Category').selectOption('Other');
  await payOutDialog.getByRole('button', { name: 'Pay out' }).click();
  await expect(payOutDialog).toBeHidden();

  // What the drawer should hold: the float, the cash taken less the change, less the refund
  // and the pay-out. The X report says so before the count.
  const expected = float + tendered - change - refund - payOut;
  await cashier.getByRole('button', { name: 'X report' }).click();
  const xReport = cashier.getByRole('region', { name: 'X report' });
  await expect(xReport.getByTestId('expected-cash')).toHaveText(ksh(expected));
  await cashier.keyboard.press('Escape');

  // The cashier counts the drawer note by note and coin by coin: KSh 50 is missing.
  const counted = expected - 50;
  const counts = notesAndCoins(counted);
  expect(COINS.some((coin) => counts.get(coin)! > 0)).toBe(true);
  const close = await countDrawer(cashier, counts);
  await expect(close.getByTestId('counter-total')).toHaveText(ksh(counted));
  await close.getByRole('button', { name: 'Close shift' }).click();

  const z = cashier.getByRole('region', { name: 'Z report' });
  await expectShortZReport(z, expected, counted);
  expect(await currentShift(cashier)).toBeNull();

  // The manager sees the closed shift on /shifts, 50 short, and its Z report.
  await manager.goto('/shifts');
  await expect(manager.getByRole('heading', { name: 'Shifts', level: 1 })).toBeVisible();
  const view = manager.getByRole('button', {
    name: `View shift #${shift.id} of ${DEMO.sales.name}`,
  });
  const row = manager.getByRole('row').filter({ has: view });
  await expect(row).toContainText(ksh(expected));
  await expect(row).toContainText(ksh(counted));
  await expect(row).toContainText(`Short −${ksh(50)}`);
  await view.click();
  await expectShortZReport(manager.getByRole('region', { name: 'Z report' }), expected, counted);
  await manager.keyboard.press('Escape');

  // The pay-out is among the store's expenses, in cash, under the category picked.
  await manager.goto('/expenses');
  const expense = manager
    .getByRole('table', { name: 'Expenses' })
    .getByRole('row')
    .filter({ hasText: 'Transport: boda boda to the wholesaler' });
  await expect(expense).toContainText(ksh(payOut));
  await expect(expense).toContainText('Other');
  await expect(expense).toContainText('Cash');

  await cashier.context().close();
  await manager.context().close();
});

// The admin's own shifts, opened and closed within each check, so the cashier's stay as the
// journey left them.
for (const theme of THEMES) {
  test(`axe, ${theme} theme: the open shift bar and the Z report`, async ({ page }) => {
    await useTheme(page, theme);
    await logInAndWait(page, DEMO.admin.email);
    await openTill(page);
    await openShift(page, 500);
    expect(await seriousViolations(page)).toEqual([]);
    const close = await countDrawer(page, new Map([[500, 1]]));
    await close.getByRole('button', { name: 'Close shift' }).click();
    await expect(
      page.getByRole('region', { name: 'Z report' }).getByTestId('difference'),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the denomination counter fits the screen and adds up the count', async ({ page }) => {
    await logInAndWait(page, DEMO.admin.email);
    await openTill(page);
    await openShift(page, 1000);
    const counts = new Map<number, number>([
      [500, 1],
      [200, 2],
      [20, 3],
      [1, 4],
    ]);
    const close = await countDrawer(page, counts);
    await expectWithinScreen(close);
    const counted = [...counts].reduce((sum, [value, count]) => sum + value * count, 0);
    await expect(close.getByTestId('counter-total')).toHaveText(ksh(counted));
    await close.getByRole('button', { name: 'Close shift' }).click();
    await expect(
      page.getByRole('region', { name: 'Z report' }).getByTestId('counted-cash'),
    ).toHaveText(ksh(counted));
  });
});
