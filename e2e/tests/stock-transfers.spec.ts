/**
 * Stock transfers (issue 25) in the browser: the super admin, acting on Nairobi through the
 * store selector, sends 2 packs of a Nairobi product to Mombasa; the Mombasa admin sees it
 * incoming and receives 1 pack; both stores see the shortfall (one pack, in pieces) on their
 * side, and each store's stock history names the other store. The Transfers tab and the receive
 * view pass axe in both themes, and the receive view fits a 390 px phone. What the API proves
 * (stock sums, isolation, receiving twice) is not repeated here.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme, visit, type Finding } from '../fixtures/axe';

// Two people in two browsers through several dialogs, on a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });

const NAIROBI = 'Duka Demo — Nairobi';
const MOMBASA = 'Duka Demo — Mombasa';
/**
 * Jogoo flour, kept by the pack in both stores: Nairobi has plenty to spare (other journeys read
 * its stock from the API, never a fixed number), and Mombasa's product of the same SKU takes it.
 */
const SKU = 'UNG-JOG2';
const PHONE = { width: 390, height: 760 };

interface DemoProduct {
  id: number;
  name: string;
  sku: string;
  pack_size: number;
  stock_pieces: number;
}

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf-token');
  return ((await response.json()) as { token: string }).token;
}

/** The demo stores' ids, as the super admin sees them. */
async function storeIds(page: Page): Promise<{ nairobi: number; mombasa: number }> {
  const response = await page.request.get('/api/stores');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { id: number; name: string }[] };
  const id = (name: string) => data.find((store) => store.name === name)!.id;
  return { nairobi: id(NAIROBI), mombasa: id(MOMBASA) };
}

/** The product as Nairobi has it now: its pack size and stock, read rather than assumed. */
async function nairobiProduct(page: Page, nairobi: number): Promise<DemoProduct> {
  const response = await page.request.get(`/api/products?q=${SKU}&store_id=${nairobi}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: DemoProduct[] };
  const product = data.find((candidate) => candidate.sku === SKU);
  expect(product, `Nairobi's ${SKU}`).toBeDefined();
  return product!;
}

/** One transfer's row in the open table, by its exact number. */
function transferRow(page: Page, number: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: number, exact: true }) });
}

async function logInAs(browser: Browser, email: string, theme?: (typeof THEMES)[number]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (theme) await useTheme(page, theme);
  await logInAndWait(page, email);
  return { context, page };
}

/** The first movement of a product's stock history, opened from the Products tab. */
async function latestMovement(page: Page, name: string) {
  await page.goto('/inventory');
  await page.getByPlaceholder('Search products...').fill(SKU);
  const row = page.getByRole('table', { name: 'Products' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await row.getByRole('button', { name: 'Stock History' }).click();
  const history = page.getByRole('dialog', { name: 'Stock History' });
  return history.getByRole('table', { name: 'Stock movements' }).locator('tbody tr').first();
}

test('the super admin sends 2 packs from Nairobi, Mombasa receives 1, both see the shortfall', async ({
  page,
  browser,
}) => {
  await logInAndWait(page, DEMO.super_admin.email);
  const stores = await storeIds(page);
  const product = await nairobiProduct(page, stores.nairobi);
  const pack = product.pack_size;
  expect(pack).toBeGreaterThan(1);
  expect(product.stock_pieces).toBeGreaterThanOrEqual(2 * pack);

  // Acting on Nairobi through the store selector.
  await page.goto('/inventory?tab=transfers');
  await page.getByLabel('Store:').selectOption({ label: NAIROBI });
  await page.getByRole('button', { name: 'Send stock' }).click();
  const send = page.getByRole('dialog', { name: 'Send stock' });
  // Nairobi does not send to itself.
  await expect(send.getByLabel('Send to').locator('option')).toHaveText([
    'Choose a store',
    MOMBASA,
  ]);
  await send.getByLabel('Send to').selectOption({ label: MOMBASA });
  // A scanner types the SKU and Enter: the product is added at once.
  await send.getByLabel('Search or scan a product').fill(SKU);
  await send.getByLabel('Search or scan a product').press('Enter');
  const line = send.getByRole('listitem', { name: product.name });
  await line.getByLabel('Unit').selectOption('pack');
  await line.getByLabel('Quantity').fill('2');
  await expect(line).toContainText(`= ${2 * pack} pieces`);
  const [created] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/stock-transfers') && response.request().method() === 'POST',
    ),
    send.getByRole('button', { name: 'Send', exact: true }).click(),
  ]);
  expect(created.status()).toBe(201);
  const { data: transfer } = (await created.json()) as { data: { id: number } };
  const number = `TRANSFER-${transfer.id}`;
  await expect(send).toBeHidden();

  // The outgoing side: on its way to Mombasa.
  await expect(page.getByRole('tab', { name: 'Outgoing' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const outgoing = transferRow(page, number);
  await expect(outgoing).toContainText(MOMBASA);
  await expect(outgoing).toContainText('In transit');
  await expect(outgoing.getByRole('cell', { name: String(2 * pack), exact: true })).toBeVisible();

  // Mombasa's admin sees it incoming, counts one pack and receives it.
  const mombasa = await logInAs(browser, DEMO.mombasa_admin.email);
  await mombasa.page.goto('/inventory?tab=transfers');
  const incoming = transferRow(mombasa.page, number);
  await expect(incoming).toContainText(NAIROBI);
  await expect(incoming).toContainText('In transit');
  await incoming.getByRole('button', { name: `Receive ${number}` }).click();
  const receive = mombasa.page.getByRole('dialog', { name: `Receive transfer ${number}` });
  const arrived = receive.getByRole('listitem', { name: product.name });
  await expect(arrived).toContainText(`Sent: 2 × Pack of ${pack} (${2 * pack} pieces)`);
  const received = arrived.getByLabel(`Received (Pack of ${pack})`);
  await expect(received).toHaveValue('2');
  await received.fill('1');
  await expect(arrived).toContainText(`Short ${pack} pieces`);
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(mombasa.page.getByText(`Transfer ${number} received`)).toBeVisible();
  await expect(receive).toBeHidden();
  await expect(incoming).toContainText('Received');
  await expect(incoming).toContainText(`Short ${pack} pieces`);

  // Nairobi sees the same shortfall on its side, in the list and in the details.
  await page.reload();
  await page.getByRole('tab', { name: 'Outgoing' }).click();
  await expect(outgoing).toContainText('Received');
  await expect(outgoing).toContainText(`Short ${pack} pieces`);
  await outgoing.getByRole('button', { name: `View ${number}` }).click();
  const details = page.getByRole('dialog', { name: `Transfer ${number}` });
  await expect(details.getByRole('row').filter({ hasText: product.name }).first()).toContainText(
    `Short ${pack} pieces`,
  );
  await expect(details).toContainText(DEMO.mombasa_admin.name);
  await details.getByRole('button', { name: 'Close', exact: true }).click();

  // Each store's stock history names the other.
  const sent = await latestMovement(page, product.name);
  await expect(sent).toContainText(`Sent to another store: ${MOMBASA}`);
  await expect(sent).toContainText(number);
  await expect(sent).toContainText(`-${2 * pack}`);
  const arrivedMovement = await latestMovement(mombasa.page, product.name);
  await expect(arrivedMovement).toContainText(`Received from another store: ${NAIROBI}`);
  await expect(arrivedMovement).toContainText(number);
  await expect(arrivedMovement).toContainText(`+${pack}`);
  await mombasa.context.close();
});

/** A transfer of one piece from Nairobi to Mombasa, sent through the API as the super admin. */
async function sendOnePiece(browser: Browser): Promise<string> {
  const admin = await logInAs(browser, DEMO.super_admin.email);
  const stores = await storeIds(admin.page);
  const product = await nairobiProduct(admin.page, stores.nairobi);
  const response = await admin.page.request.post('/api/stock-transfers', {
    headers: { 'x-csrf-token': await csrfToken(admin.page) },
    data: {
      store_id: stores.nairobi,
      to_store_id: stores.mombasa,
      items: [{ product_id: product.id, quantity: 1, unit_type: 'piece' }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { id: number } };
  await admin.context.close();
  return `TRANSFER-${data.id}`;
}

for (const theme of THEMES) {
  test(`axe (${theme}): the Transfers tab and the receive view`, async ({ page, browser }) => {
    const number = await sendOnePiece(browser);
    await useTheme(page, theme);
    await logInAndWait(page, DEMO.mombasa_admin.email);
    const findings: Finding[] = [];

    await visit(page, '/inventory?tab=transfers');
    await expect(transferRow(page, number)).toContainText('In transit');
    findings.push(...(await seriousViolations(page)));

    await transferRow(page, number)
      .getByRole('button', { name: `Receive ${number}` })
      .click();
    const receive = page.getByRole('dialog', { name: `Receive transfer ${number}` });
    await receive.getByLabel('Received (Piece)').fill('-1');
    await receive.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(receive.getByText('Received quantity cannot be negative')).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    expect(findings).toEqual([]);
  });
}

test('the receive view fits a 390 px phone', async ({ page, browser }) => {
  const number = await sendOnePiece(browser);
  await page.setViewportSize(PHONE);
  await logInAndWait(page, DEMO.mombasa_admin.email);
  await page.goto('/inventory?tab=transfers');
  // Cards on a phone, each with its buttons on screen.
  const card = page
    .getByRole('list', { name: 'Incoming transfers' })
    .getByRole('listitem')
    .filter({ has: page.getByText(number, { exact: true }) });
  await card.getByRole('button', { name: `Receive ${number}` }).click();
  const receive = page.getByRole('dialog', { name: `Receive transfer ${number}` });
  const field = receive.getByLabel('Received (Piece)');
  await expect(field).toBeVisible();
  // 16 px: the phone does not zoom in on the field.
  expect(await field.evaluate((input) => getComputedStyle(input).fontSize)).toBe('16px');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const dialogBox = (await receive.boundingBox())!;
  expect(dialogBox.x).toBeGreaterThanOrEqual(0);
  expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(PHONE.width);
  const submit = receive.getByRole('button', { name: 'Receive', exact: true });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
});
