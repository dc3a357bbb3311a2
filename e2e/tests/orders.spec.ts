/**
 * An online order from end to end (issue 8; spec §2 Shop and Sales and Orders; PRODUCT.md §4,
 * §5): shopper@duka.test orders 2 pencils from /shop; cashier@duka.test finds the order on the
 * Orders tab of /sales, marks it shipped, then fulfilled; after a reload it is still fulfilled,
 * and the shelf lost exactly the order's pieces (taken at fulfilment, not before).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { closeConfirmation, fillPlaceOrder } from '../fixtures/place-order';

const PENCIL = { name: 'HB Pencil', sku: 'STN-PNC-HB' };

interface StockBody {
  data: { sku: string; quantity: number; stock_unit: string; pack_size: number }[];
}

/** The product's stock in pieces, as a cashier reads it. */
async function piecesOf(request: APIRequestContext, sku: string): Promise<number> {
  const response = await request.get(`/api/products/search?q=${sku}`);
  expect(response.ok()).toBe(true);
  const product = ((await response.json()) as StockBody).data.find((entry) => entry.sku === sku)!;
  const perUnit =
    product.stock_unit === 'dozen' ? 12 : product.stock_unit === 'pack' ? product.pack_size : 1;
  return product.quantity * perUnit;
}

async function placeOrderFromShop(page: Page): Promise<{ id: number; pieces: number }> {
  await logInAndWait(page, DEMO.user.email);
  await expect(page).toHaveURL(/\/shop$/);
  await page.getByRole('searchbox', { name: 'Search products' }).fill(PENCIL.sku);
  const card = page.getByTestId('shop-product').filter({ hasText: PENCIL.name });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: /^Add to Cart/ }).click();
  await card.getByRole('button', { name: /^Add to Cart/ }).click();
  const line = page.getByTestId('shop-cart-line').filter({ hasText: PENCIL.name });
  await expect(line).toHaveCount(1);

  const placed = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  await fillPlaceOrder(page);
  const response = await placed;
  expect(response.status()).toBe(201);
  const order = (
    (await response.json()) as {
      data: { id: number; status: string; items: { quantity: number; unit_type: string }[] };
    }
  ).data;
  expect(order.status).toBe('pending');
  expect(order.items).toEqual([expect.objectContaining({ quantity: 2, unit_type: 'piece' })]);
  await closeConfirmation(page);
  return { id: order.id, pieces: 2 };
}

async function openOrder(page: Page, id: number) {
  const button = page.getByRole('button', { name: `View Details of order #${id}` });
  await expect(button).toBeVisible();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  await expect(dialog.getByText(`Order #${id}`)).toBeVisible();
  return dialog;
}

test('a shopper orders from /shop; the cashier ships and fulfils it, and the stock falls', async ({
  browser,
}) => {
  const shopper = await browser.newPage();
  const { id, pieces } = await placeOrderFromShop(shopper);
  await shopper.close();

  const page = await browser.newPage();
  await logInAndWait(page, DEMO.sales.email);
  const before = await piecesOf(page.request, PENCIL.sku);

  await page.goto('/sales?tab=orders');
  await expect(page.getByRole('heading', { name: 'Sales & Orders', level: 1 })).toBeVisible();
  let dialog = await openOrder(page, id);
  await expect(dialog.getByText('Pending')).toBeVisible();
  await expect(dialog.getByText(PENCIL.name)).toBeVisible();

  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(dialog.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark as Shipped' })).toBeDisabled();
  // Shipping takes nothing from the shelf.
  expect(await piecesOf(page.request, PENCIL.sku)).toBe(before);

  await dialog.getByRole('button', { name: 'Mark as Fulfilled' }).click();
  await expect(dialog.getByText('Fulfilled', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark as Fulfilled' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Mark as Shipped' })).toBeDisabled();
  expect(await piecesOf(page.request, PENCIL.sku)).toBe(before - pieces);

  // Saved on the server: a reload still shows it fulfilled, in the table and the dialog.
  await page.reload();
  const row = page
    .getByRole('table', { name: 'Orders' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `View Details of order #${id}` }) });
  await expect(row.getByText('Fulfilled')).toBeVisible();
  dialog = await openOrder(page, id);
  await expect(dialog.getByText('Fulfilled', { exact: true })).toBeVisible();

  const stored = await page.request.get(`/api/orders/${id}`);
  expect(((await stored.json()) as { data: { status: string } }).data.status).toBe('fulfilled');
  await page.close();
});
