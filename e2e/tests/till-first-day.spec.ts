/**
 * A shop's first day at the till (issue 20): a counter sale carries no delivery fee, a scan
 * that finds nothing clears the box (with a beep) and the next scan works, the 'Added to Cart'
 * toast never covers 'Proceed to Checkout', the phone till shows no keyboard hint, and a super
 * admin's carts stay with their stores.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

const MILK = 'Brookside Whole Milk 500ml';
const JOGOO = { name: 'Jogoo Maize Flour 2kg', barcode: '6161101600019' };

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });
const cartLines = (page: Page) => page.getByTestId('cart-line');

/** Counts the till's beeps: Web Audio replaced by a recorder before the app loads. */
async function recordBeeps(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { beeps: number };
    record.beeps = 0;
    const node = { connect: (next: unknown) => next };
    class RecordingAudioContext {
      currentTime = 0;
      destination = {};
      createGain() {
        return { ...node, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } };
      }
      createOscillator() {
        return {
          ...node,
          type: 'sine',
          frequency: { value: 0 },
          start: () => (record.beeps += 1),
          stop() {},
        };
      }
    }
    Object.assign(window, { AudioContext: RecordingAudioContext });
  });
  return () => page.evaluate(() => (window as unknown as { beeps: number }).beeps);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

async function addMilk(page: Page) {
  await searchBox(page).fill('Brookside Whole');
  await page.getByRole('button', { name: `Add ${MILK}`, exact: true }).click();
  await expect(cartLines(page).filter({ hasText: MILK })).toBeVisible();
}

test.describe('a cashier', () => {
  test.beforeEach(async ({ page }) => {
    await logInAndWait(page, DEMO.sales.email);
    await page.goto('/pos');
    await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
  });

  test('a counter sale carries no delivery fee: the receipt total is the goods', async ({
    page,
  }) => {
    await expect(searchBox(page)).toBeFocused();
    await addMilk(page);
    await expect(searchBox(page)).toBeFocused();
    await expect(page.getByTestId('cart-total')).toHaveText('KSh 65.00');

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Sale' });
    await expect(dialog.getByRole('switch', { name: 'Delivery' })).not.toBeChecked();
    await expect(dialog.getByLabel('Delivery fee')).toHaveCount(0);
    await expect(dialog.getByTestId('checkout-total')).toHaveText('KSh 65.00');
    await dialog.getByLabel('Amount tendered').fill('100');
    await expect(dialog.getByTestId('checkout-balance')).toHaveText('KSh 35.00');
    await dialog.getByRole('button', { name: 'Complete Sale' }).click();

    await expect(page).toHaveURL(/[?&]receipt=\d+/);
    const id = new URL(page.url()).searchParams.get('receipt');
    const receipt = page.getByRole('dialog', { name: `Sale Receipt #${id}` });
    await expect(receipt.getByText('Total', { exact: true })).toBeVisible();
    await expect(receipt.getByText('Delivery fee')).toHaveCount(0);
    const sale = (await (await page.request.get(`/api/sales/${id}`)).json()) as {
      data: { total_amount: number; delivery_fee: number; subtotal: number };
    };
    expect(sale.data).toMatchObject({ total_amount: 65, subtotal: 65, delivery_fee: 0 });

    // After the sale the next scan lands in the search box.
    await receipt.getByRole('button', { name: 'Close' }).first().click();
    await expect(receipt).toBeHidden();
    await expect(searchBox(page)).toBeFocused();
  });

  test('a delivery is switched on at checkout and adds the fee, 200 by default', async ({
    page,
  }) => {
    await addMilk(page);
    await page.keyboard.press('F2');
    const dialog = page.getByRole('dialog', { name: 'Complete Sale' });
    await dialog.getByRole('switch', { name: 'Delivery' }).click();
    await expect(dialog.getByLabel('Delivery fee')).toHaveValue('200');
    await expect(dialog.getByTestId('checkout-total')).toHaveText('KSh 265.00');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(searchBox(page)).toBeFocused();
  });

  test('a scan that finds nothing clears the box, beeps and says so; the next scan works', async ({
    page,
  }) => {
    const beeps = await recordBeeps(page);
    await page.reload();
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('5901234123457');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No product with code 5901234123457')).toBeVisible();
    await expect(searchBox(page)).toHaveValue('');
    await expect(searchBox(page)).toBeFocused();
    expect(await beeps()).toBe(1);
    await expect(cartLines(page)).toHaveCount(0);

    // The scanner's next code goes straight into the box and into the cart.
    await page.keyboard.type(JOGOO.barcode);
    await page.keyboard.press('Enter');
    await expect(cartLines(page).filter({ hasText: JOGOO.name })).toBeVisible();
    await expect(searchBox(page)).toHaveValue('');
    expect(await beeps()).toBe(1);

    // Switched off at the till, a failed scan is silent but still reported.
    const sound = page.getByRole('button', { name: 'Beep when a scan finds nothing' });
    await sound.click();
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    await searchBox(page).fill('5901234123458');
    await searchBox(page).press('Enter');
    await expect(page.getByText('No product with code 5901234123458')).toBeVisible();
    expect(await beeps()).toBe(1);
  });

  test("'Added to Cart' shows top-right, never over 'Proceed to Checkout', for 2 s", async ({
    page,
  }) => {
    await addMilk(page);
    const toast = page.getByRole('status').filter({ hasText: 'Added to Cart' });
    await expect(toast).toBeVisible();
    const checkout = page.getByRole('button', { name: 'Proceed to Checkout' });
    expect(overlaps(await boxOf(toast), await boxOf(checkout))).toBe(false);
    const viewport = page.viewportSize()!;
    const box = await boxOf(toast);
    expect(box.y).toBeLessThan(viewport.height / 2);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    await expect(toast).toBeHidden({ timeout: 3_500 });
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the toast sits above the cart bar and the till shows no keyboard hint', async ({
      page,
    }) => {
      // On a phone the cart lines are in the sheet: the bar's count says the line is in.
      await searchBox(page).fill('Brookside Whole');
      await page.getByRole('button', { name: `Add ${MILK}`, exact: true }).click();
      const toast = page.getByRole('status').filter({ hasText: 'Added to Cart' });
      await expect(toast).toBeVisible();
      const bar = page.getByTestId('mobile-cart-bar');
      const checkout = bar.getByRole('button', { name: 'Proceed to Checkout' });
      const toastBox = await boxOf(toast);
      expect(overlaps(toastBox, await boxOf(checkout))).toBe(false);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual((await boxOf(bar)).y + 1);

      await bar.getByRole('button', { name: 'View cart (1)' }).click();
      const sheet = page.getByRole('dialog', { name: 'Current Sale' });
      await expect(sheet.getByTestId('cart-line')).toBeVisible();
      await expect(sheet.getByText('F2 or Ctrl+Enter opens checkout')).toBeHidden();
    });
  });
});

test('switching stores keeps carts apart (super admin)', async ({ page }) => {
  await logInAndWait(page, DEMO.super_admin.email);
  await page.goto('/pos');
  const selector = page.getByLabel('Store:');
  await expect(selector.locator('option:checked')).toHaveText('Duka Demo — Nairobi');
  await searchBox(page).fill('Jogoo');
  await page.getByRole('button', { name: `Add ${JOGOO.name}`, exact: true }).click();
  await expect(cartLines(page)).toHaveCount(1);

  // Mombasa starts with an empty cart of its own.
  await selector.selectOption({ label: 'Duka Demo — Mombasa' });
  await expect(page.getByText('Cart is empty')).toBeVisible();
  await searchBox(page).fill('Pishori');
  await page.getByRole('button', { name: 'Add Pishori Rice 1kg', exact: true }).click();
  await expect(cartLines(page)).toHaveCount(1);

  // Back in Nairobi, its cart is as it was left; and again Mombasa's.
  await selector.selectOption({ label: 'Duka Demo — Nairobi' });
  await expect(cartLines(page)).toHaveText([new RegExp(JOGOO.name)]);
  await selector.selectOption({ label: 'Duka Demo — Mombasa' });
  await expect(cartLines(page)).toHaveText([/Pishori Rice 1kg/]);
  await page.reload();
  await expect(cartLines(page)).toHaveText([/Pishori Rice 1kg/]);

  // Mombasa's checkout sells Mombasa's line only.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Sale' });
  await expect(dialog.getByTestId('checkout-total')).toHaveText('KSh 215.00');
  await dialog.getByLabel('Payment method').selectOption('mpesa');
  await dialog.getByRole('button', { name: 'Complete Sale' }).click();
  await expect(page).toHaveURL(/[?&]receipt=\d+/);
  const id = new URL(page.url()).searchParams.get('receipt');
  const receipt = page.getByRole('dialog', { name: `Sale Receipt #${id}` });
  await expect(receipt.getByRole('list', { name: 'Items' })).toHaveText(/Pishori Rice 1kg/);
  await expect(receipt.getByText(JOGOO.name)).toHaveCount(0);
  await receipt.getByRole('button', { name: 'Close' }).first().click();

  await selector.selectOption({ label: 'Duka Demo — Nairobi' });
  await expect(cartLines(page)).toHaveText([new RegExp(JOGOO.name)]);
});
