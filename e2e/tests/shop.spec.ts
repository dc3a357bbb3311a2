/**
 * The shopper's /shop (issue 8, spec §2 Shop, §5 Shop, §8 Orders): shopper@duka.test signs in,
 * lands on the shop, pages to page 2, adds two products, places the order and finds it under
 * "My orders" as Pending; on a 390 px phone the cart is a bottom bar and sheet, usable from the
 * keyboard, and the page is axe-clean in both themes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { closeConfirmation, fillPlaceOrder } from '../fixtures/place-order';
import { THEMES, seriousViolations, useTheme } from '../fixtures/axe';

interface OrderBody {
  id: number;
  status: string;
  total_amount: number;
  items: { product_id: number; quantity: number; unit_type: string; Product: { name: string } }[];
}

const shelf = (page: Page) => page.getByRole('list', { name: 'Products' });
const cards = (page: Page) => shelf(page).getByTestId('shop-product');
const cartLines = (page: Page) => page.getByTestId('shop-cart-line');

async function openShop(page: Page) {
  await logInAndWait(page, DEMO.user.email);
  // A shopper's home is the shop (spec §2 route table).
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

/** The card's piece price in cents ('KSh 1,234.50' → 123450). */
async function priceCents(card: Locator): Promise<number> {
  const text = (await card.textContent()) ?? '';
  const match = /KSh ([\d,]+)\.(\d{2})/.exec(text);
  expect(match, `a price on the card: ${text}`).not.toBeNull();
  return Number(match![1]!.replaceAll(',', '')) * 100 + Number(match![2]);
}

const shillings = (cents: number) =>
  `KSh ${Math.floor(cents / 100).toLocaleString('en-KE')}.${String(cents % 100).padStart(2, '0')}`;

test('a shopper pages the shop, adds two products and places an order', async ({ page }) => {
  await openShop(page);
  // Twelve a page (spec §9), at most; the delivery service never shows.
  expect(await cards(page).count()).toBeLessThanOrEqual(12);
  await expect(shelf(page).getByText('Delivery Service')).toHaveCount(0);
  const firstOnPageOne = await cards(page).first().getByRole('heading').textContent();

  const pager = page.getByRole('navigation', { name: 'Product pages' });
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstOnPageOne!);

  const chosen = [cards(page).nth(0), cards(page).nth(1)];
  const names: string[] = [];
  let totalCents = 0;
  for (const card of chosen) {
    names.push((await card.getByRole('heading').textContent())!);
    totalCents += await priceCents(card);
    await card.getByRole('button', { name: /^Add to Cart/ }).click();
  }
  await expect(page.getByText(`${names[1]} added to cart (piece)`)).toBeVisible();
  await expect(cartLines(page)).toHaveCount(2);
  for (const name of names) await expect(cartLines(page).filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByTestId('shop-cart-total')).toHaveText(shillings(totalCents));

  // From here on the orders API answers (POST /orders, GET /orders?mine=true).
  const placed = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  await fillPlaceOrder(page, { delivery: 'Ngong Road, Kilimani — blue gate' });
  const placing = page.getByRole('dialog', { name: 'Order placed!' });
  const response = await placed;
  expect(response.status()).toBe(201);
  const order = ((await response.json()) as { data: OrderBody }).data;
  expect(order.status).toBe('pending');
  // The order keeps how the shopper gets it (issue 20), and the dialog confirms it.
  expect(order).toMatchObject({
    phone: '+254712345678',
    fulfilment: 'delivery',
    address: 'Ngong Road, Kilimani — blue gate',
  });
  await expect(placing.getByTestId('order-confirmation')).toContainText(`Order #${order.id}`);
  expect(Math.round(order.total_amount * 100)).toBe(totalCents);
  expect(order.items.map((item) => [item.Product.name, item.quantity, item.unit_type])).toEqual(
    expect.arrayContaining(names.map((name) => [name, 1, 'piece'])),
  );

  await expect(placing.getByText('Your order has been submitted successfully.')).toBeVisible();
  await closeConfirmation(page);
  await expect(cartLines(page)).toHaveCount(0);
  await expect(page.getByTestId('shop-cart-total')).toHaveText('KSh 0.00');

  // "My orders" shows it, Pending, and it is still there after a reload.
  await page.reload();
  const myOrders = page.getByRole('table', { name: 'My orders' });
  const row = myOrders
    .getByRole('row')
    .filter({ hasText: shillings(totalCents) })
    .filter({ hasText: 'Pending' })
    .first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^View Details/ }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${order.id}` });
  await expect(dialog).toBeVisible();
  for (const name of names) await expect(dialog.getByText(name)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: /^View Details/ })).toBeFocused();

  const mine = await page.request.get('/api/orders?page=1&pageSize=10&mine=true');
  const listed = ((await mine.json()) as { orders: OrderBody[] }).orders;
  expect(listed.map((entry) => entry.id)).toContain(order.id);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test('the cart is a bottom bar and sheet, usable from the keyboard', async ({ page }) => {
    await openShop(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const bar = page.getByTestId('shop-mobile-cart-bar');
    await expect(bar).toBeVisible();

    // An empty cart cannot be ordered (issue 20).
    await expect(bar.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    const card = cards(page).first();
    const name = (await card.getByRole('heading').textContent())!;
    const price = await priceCents(card);
    await card.getByRole('button', { name: /^Add to Cart/ }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(bar.getByTestId('shop-mobile-cart-total')).toHaveText(shillings(price * 2));

    await bar.getByRole('button', { name: 'View cart (1)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(sheet.getByTestId('shop-cart-line')).toContainText(name);
    await expect(sheet.getByTestId('shop-cart-line')).toContainText('Qty 2');
    await sheet.getByRole('button', { name: `One less ${name}` }).click();
    await expect(sheet.getByTestId('shop-cart-line')).toContainText('Qty 1');
    await sheet.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(sheet.getByTestId('shop-cart-line')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(bar.getByRole('button', { name: 'View cart (0)' })).toBeFocused();
  });

  for (const theme of THEMES) {
    test(`axe: the shop, its cart sheet and an order placed, ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await openShop(page);
      await page.waitForLoadState('networkidle');
      const findings = await seriousViolations(page);
      await cards(page)
        .first()
        .getByRole('button', { name: /^Add to Cart/ })
        .click();
      await page.getByRole('button', { name: 'View cart (1)' }).click();
      await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
      findings.push(...(await seriousViolations(page)));
      await page.keyboard.press('Escape');
      expect(findings).toEqual([]);

      // From here on the orders API answers: the order just placed, opened from "My orders".
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('dialog', { name: 'Place your order' })).toBeVisible();
      findings.push(...(await seriousViolations(page)));
      await fillPlaceOrder(page);
      await closeConfirmation(page);
      await page
        .getByRole('list', { name: 'My orders' })
        .getByRole('button', { name: /^View Details/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /^Order #/ })).toBeVisible();
      findings.push(...(await seriousViolations(page)));
      expect(findings).toEqual([]);
    });
  }
});
