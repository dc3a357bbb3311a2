/**
 * Sales made offline that the shelf could not cover (issue 22). A product of the run's own has
 * 2 pieces; the same sale of 5 made online is refused (409), made offline it is recorded, the
 * stock goes to -3 and the sale needs review. On /sales the manager finds it in the Needs
 * review list (the notice's Show them, or ?needs_review=true), reads why in its details (the
 * product, its stock before and what was taken, made offline and received, the device receipt
 * number) and marks it reviewed: the badge goes and it leaves the list. A cashier sees why but
 * cannot mark it. /inventory shows the product's negative stock and Count needed under the
 * Count needed filter. The details pass axe and fit a phone, in Swahili too.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations } from '../fixtures/axe';

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf-token');
  return ((await response.json()) as { token: string }).token;
}

/** A tag of this run's own, so names and SKUs never meet another run's. */
const tag = () => Date.now().toString(36).toUpperCase() + Math.floor(Math.random() * 1000);

interface Product {
  id: number;
  name: string;
}

/** A product of 2 pieces at KSh 50 (a manager may set its stock). */
async function addProduct(page: Page, name: string, sku: string): Promise<Product> {
  const categories = (await (await page.request.get('/api/categories')).json()) as {
    id: number;
  }[];
  const response = await page.request.post('/api/products', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      name,
      sku,
      category_id: categories[0]!.id,
      piece_buying_price: 40,
      piece_selling_price: 50,
      pack_buying_price: 0,
      pack_selling_price: 0,
      dozen_buying_price: 0,
      dozen_selling_price: 0,
      quantity: 2,
      min_quantity: 0,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Product }).data;
}

async function walkInId(page: Page): Promise<number> {
  const customers = (await (await page.request.get('/api/customers')).json()) as {
    data: { id: number; is_walk_in: boolean }[];
  };
  return customers.data.find((customer) => customer.is_walk_in)!.id;
}

/** The shop's time of `date` with its offset, as a device sends sold_at. */
function nairobiIso(date: Date): string {
  const local = new Date(date.getTime() + 3 * 60 * 60 * 1000);
  return local.toISOString().replace(/\.\d{3}Z$/, '+03:00');
}

/** 5 pieces of `product` for cash, as a till sends it; offline with the device's fields. */
function saleOf(product: Product, customerId: number, offline?: { soldAt: Date; number: string }) {
  return {
    items: [{ product_id: product.id, quantity: 5, unit_price: 50, unit_type: 'piece' }],
    total: 250,
    delivery_fee: 0,
    customer_id: customerId,
    payment_method: 'cash',
    amount_paid: 500,
    change_amount: 250,
    ...(offline && {
      offline: true,
      client_sale_id: randomUUID(),
      sold_at: nairobiIso(offline.soldAt),
      device_receipt_number: offline.number,
    }),
  };
}

interface Made {
  id: number;
  product: Product;
  soldAt: Date;
  number: string;
}

/** The product, the refused online sale and the recorded offline one, as the signed-in person. */
async function sellOverStockOffline(page: Page): Promise<Made> {
  const run = tag();
  const product = await addProduct(page, `Review Tea ${run}`, `REV-${run}`);
  const customerId = await walkInId(page);
  const headers = async () => ({ 'x-csrf-token': await csrfToken(page) });

  const online = await page.request.post('/api/sales', {
    headers: await headers(),
    data: saleOf(product, customerId),
  });
  expect(online.status(), await online.text()).toBe(409);
  expect(((await online.json()) as { message: string }).message).toBe(
    `Insufficient stock for ${product.name}`,
  );

  // Made two hours ago on till 9, uploaded now.
  const soldAt = new Date(Date.now() - 2 * 60 * 60 * 1000);
  soldAt.setSeconds(0, 0);
  const number = `T9-${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const offline = await page.request.post('/api/sales', {
    headers: await headers(),
    data: saleOf(product, customerId, { soldAt, number }),
  });
  expect(offline.status(), await offline.text()).toBe(201);
  const { data } = (await offline.json()) as {
    data: { id: number; needs_review: boolean; device_receipt_number: string };
  };
  expect(data).toMatchObject({ needs_review: true, device_receipt_number: number });
  return { id: data.id, product, soldAt, number };
}

const shopTime = (date: Date) =>
  new Intl.DateTimeFormat('en-KE', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  }).format(date);

test('a manager finds an offline sale over stock in Needs review, reads why, and marks it reviewed; /inventory shows Count needed', async ({
  page,
}) => {
  await logInAndWait(page, DEMO.manager.email);
  const made = await sellOverStockOffline(page);

  await page.goto('/sales');
  await expect(page.getByRole('heading', { name: 'Sales & Orders', level: 1 })).toBeVisible();
  // Every view but the list itself tells the manager how many wait, with the way there.
  await expect(page.getByRole('status').filter({ hasText: /sales? needs? review/ })).toBeVisible();
  await page.getByRole('button', { name: 'Show them' }).click();
  await expect(page).toHaveURL(/[?&]needs_review=true/);
  await expect(page.getByLabel('Review', { exact: true })).toHaveValue('needs_review');

  const row = page.getByRole('row').filter({
    has: page.getByRole('button', { name: `View Details of sale #${made.id}` }),
  });
  await expect(row.getByText('Needs review')).toBeVisible();
  // Listed on the day and at the time it was made, not when it arrived.
  await expect(row).toContainText(shopTime(made.soldAt));

  await row.getByRole('button', { name: `View Details of sale #${made.id}` }).click();
  const details = page.getByRole('dialog', { name: 'Sale Details' });
  await expect(details.getByTestId('sale-offline')).toContainText(
    `Made offline at ${shopTime(made.soldAt)} · received`,
  );
  const reasons = details.getByRole('list', { name: 'Products the shelf could not cover' });
  await expect(reasons.getByRole('listitem')).toHaveText(
    `Insufficient stock for ${made.product.name}In stock before the sale: 2 pcs · taken: 5 pcs`,
  );
  await expect(
    details.getByText('Device receipt').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(made.number);
  expect(await seriousViolations(page)).toEqual([]);

  await details.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(page.getByText(`Sale #${made.id} no longer needs review.`)).toBeVisible();
  await expect(details.getByTestId('needs-review-badge')).toHaveCount(0);
  await expect(details.getByTestId('sale-reviewed')).toContainText(
    `Reviewed by ${DEMO.manager.name}`,
  );
  await expect(details.getByRole('button', { name: 'Mark reviewed' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // It has left the manager's list.
  await expect(page.getByRole('button', { name: `View Details of sale #${made.id}` })).toHaveCount(
    0,
  );
  const after = (await (await page.request.get(`/api/sales/${made.id}`)).json()) as {
    data: { needs_review: boolean; reviewed_by: { name: string } | null };
  };
  expect(after.data).toMatchObject({
    needs_review: false,
    reviewed_by: { name: DEMO.manager.name },
  });

  // The product: 2 − 5 = -3 pieces, to be counted.
  await page.goto('/inventory');
  await page.getByRole('combobox', { name: 'Stock' }).selectOption('Count needed');
  const product = page.getByRole('row').filter({ hasText: made.product.name });
  await expect(product).toContainText('-3 pcs');
  await expect(product.getByText('Count needed')).toBeVisible();
});

test('a cashier sees why an offline sale needs review but only a manager marks it', async ({
  page,
}) => {
  await logInAndWait(page, DEMO.sales.email);
  const made = await sellOverStockOffline(page);
  await page.goto('/sales?needs_review=true');
  await expect(page.getByRole('button', { name: 'Show them' })).toHaveCount(0);
  await page.getByRole('button', { name: `View Details of sale #${made.id}` }).click();
  const details = page.getByRole('dialog', { name: 'Sale Details' });
  await expect(details.getByText(`Insufficient stock for ${made.product.name}`)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Mark reviewed' })).toHaveCount(0);
  const refused = await page.request.post(`/api/sales/${made.id}/review`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {},
  });
  expect(refused.status()).toBe(403);
});

test('a manager on a phone in Swahili: Needs review in words, the details fit and pass axe, Mark reviewed by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAndWait(page, DEMO.manager.email);
  const made = await sellOverStockOffline(page);
  await page.evaluate(() =>
    localStorage.setItem(
      'duka-preferences',
      JSON.stringify({
        state: { darkMode: false, notifications: true, language: 'swahili' },
        version: 1,
      }),
    ),
  );
  await page.goto('/sales?needs_review=true');
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  const open = page.getByRole('button', { name: `Angalia Maelezo ya mauzo #${made.id}` });
  const card = page.getByRole('listitem').filter({ has: open });
  await expect(card.getByText('Inahitaji ukaguzi')).toBeVisible();
  await fits();

  await open.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Maelezo ya Mauzo' });
  await expect(details.getByText(`Stoo haitoshi kwa ${made.product.name}`)).toBeVisible();
  await expect(
    details.getByText('Stoo kabla ya mauzo: vipande 2 · zilizouzwa: vipande 5'),
  ).toBeVisible();
  await fits();
  expect(await seriousViolations(page)).toEqual([]);

  const mark = details.getByRole('button', { name: 'Weka alama imekaguliwa' });
  for (
    let step = 0;
    step < 15 && !(await mark.evaluate((el) => el === document.activeElement));
    step += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(mark).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Mauzo #${made.id} hayahitaji ukaguzi tena.`)).toBeVisible();
  await expect(details.getByText('Inahitaji ukaguzi')).toHaveCount(0);
});
