/**
 * Inventory: suppliers kept by a manager, and the purchase-order journey of issue 6 — a
 * cashier raises an order, the admin approves it, the cashier receives it, and the stock rises
 * by exactly the ordered quantity in pieces (2 dozen of a piece-tracked product → +24).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme, visit, type Finding } from '../fixtures/axe';

const SUPPLIER = 'Industrial Area Stationers';

// Long journeys through several dialogs, on a machine shared with other runs.
test.describe.configure({ timeout: 60_000 });
const PRODUCT = { name: 'Bic Cristal Pen Blue', sku: 'STN-BIC-B' };

async function productQuantity(request: APIRequestContext, sku: string): Promise<number> {
  const response = await request.get(`/api/products?q=${encodeURIComponent(sku)}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { sku: string; quantity: number }[] };
  const product = data.find((candidate) => candidate.sku === sku);
  expect(product, `product ${sku}`).toBeDefined();
  return product!.quantity;
}

async function openTab(page: Page, tab: 'suppliers' | 'purchase-orders') {
  await page.goto(`/inventory?tab=${tab}`);
}

/** The table row of one purchase order, by its exact order number. */
function orderRow(page: Page, orderNumber: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: orderNumber, exact: true }) });
}

/** An order's card, where the orders are cards (below 1024 px). */
function orderCard(page: Page, orderNumber: string) {
  return page
    .getByRole('list', { name: 'Purchase orders' })
    .getByRole('listitem')
    .filter({ has: page.getByText(orderNumber, { exact: true }) });
}

test('a manager adds, edits, links a product to and deletes a supplier', async ({ page }) => {
  const name = `Mwangi Hardware ${Date.now()}`;
  await logInAndWait(page, DEMO.manager.email);
  await openTab(page, 'suppliers');
  await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Supplier' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Supplier' });
  await expect(
    add.getByText('Fill in the supplier information below to add a new supplier to your system.'),
  ).toBeVisible();
  await add.getByLabel('Name *').fill(name);
  await add.getByLabel('Email *').fill('sales@mwangihardware.co.ke');
  await add.getByLabel('Phone *').fill('0712 345 678');
  await add.getByLabel('Address *').fill('Tom Mboya Street, Nairobi');
  await add.getByRole('button', { name: 'Add Supplier' }).click();
  await expect(page.getByText('Supplier created successfully')).toBeVisible();
  await expect(add).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('+254712345678');
  // No contact person: '-'.
  await expect(row.getByRole('cell', { name: '-', exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Edit: ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Supplier' });
  await expect(
    edit.getByText('Update the supplier information below. All fields marked with * are required.'),
  ).toBeVisible();
  await edit.getByLabel('Contact Person').fill('John Mwangi');
  await edit.getByRole('button', { name: 'Update Supplier' }).click();
  await expect(page.getByText('Supplier updated successfully')).toBeVisible();
  await expect(row).toContainText('John Mwangi');

  await row.getByRole('button', { name: `Products: ${name}` }).click();
  const products = page.getByRole('dialog', { name: `Products of ${name}` });
  await expect(products.getByText('No products are linked to this supplier yet.')).toBeVisible();
  await products.getByLabel('Find a product to link').fill('HB Pencil');
  await products.getByRole('button', { name: 'Link HB Pencil' }).click();
  await expect(page.getByText('Product supplier created successfully')).toBeVisible();
  await expect(
    products.getByRole('listitem').filter({ hasText: 'HB Pencil' }).first(),
  ).toBeVisible();
  await expect(products.getByRole('button', { name: 'Linked' })).toBeDisabled();
  await products.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(products).toBeHidden();

  await row.getByRole('button', { name: `Delete: ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this supplier?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Supplier deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a cashier raises a purchase order, the admin approves it, the cashier receives it and stock rises by 24', async ({
  page,
  browser,
}) => {
  await logInAndWait(page, DEMO.sales.email);
  const before = await productQuantity(page.request, PRODUCT.sku);

  // The cashier raises the order: 2 dozen of a product kept in pieces.
  await openTab(page, 'purchase-orders');
  await page.getByRole('button', { name: 'Create Purchase Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Purchase Order' });
  const submit = dialog.getByRole('button', { name: 'Create Purchase Order' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Supplier').selectOption({ label: SUPPLIER });
  await dialog.getByLabel('Expected Delivery Date').fill('2026-12-15');
  await dialog.getByLabel('Search products').fill(PRODUCT.sku);
  await dialog.getByRole('button', { name: `Add ${PRODUCT.name}` }).click();
  await expect(dialog.getByRole('button', { name: 'Added' })).toBeDisabled();
  const item = dialog.getByRole('listitem', { name: PRODUCT.name });
  await item.getByLabel('Unit').selectOption('dozen');
  await item.getByLabel('Quantity').fill('2');
  await dialog.getByLabel('Notes').fill('Back-to-school stock');
  await submit.click();
  await expect(page.getByText('Purchase order created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const orders = (await (await page.request.get('/api/purchase-orders')).json()) as {
    id: number;
    notes: string;
  }[];
  const order = orders.find((candidate) => candidate.notes === 'Back-to-school stock');
  expect(order).toBeDefined();
  const orderNumber = `PO-${order!.id}`;
  const row = orderRow(page, orderNumber);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(SUPPLIER);
  // Sales may not approve (spec §6).
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The admin approves it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAndWait(admin, DEMO.admin.email);
  await openTab(admin, 'purchase-orders');
  const adminRow = orderRow(admin, orderNumber);
  await adminRow.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Status updated successfully', { exact: true })).toBeVisible();
  await expect(adminRow).toContainText('Approved');
  await adminContext.close();

  // The cashier marks it received: the dialog starts at what remains, all of it.
  await page.reload();
  await row.getByRole('button', { name: 'Mark as Received' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark as Received' });
  await expect(confirm.getByLabel(`Arriving now: ${PRODUCT.name}`)).toHaveValue('2');
  await expect(confirm).toContainText(
    'Are you sure you want to mark this order as received? This will update inventory quantities.',
  );
  await confirm.getByRole('button', { name: 'Mark as Received' }).click();
  await expect(page.getByText('Order marked as received', { exact: true })).toBeVisible();
  await expect(page.getByText('Inventory has been updated.')).toBeVisible();
  await expect(row).toContainText('Received');
  await expect(row.getByRole('button', { name: 'Mark as Received' })).toHaveCount(0);

  expect(await productQuantity(page.request, PRODUCT.sku)).toBe(before + 24);

  // The details: the supplier and the item as ordered.
  await row.getByRole('button', { name: `View ${orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: 'Purchase Order Details' });
  await expect(details).toContainText(SUPPLIER);
  await expect(details).toContainText('wholesale@iastationers.co.ke');
  const itemRow = details.getByRole('row').filter({ hasText: PRODUCT.name });
  await expect(itemRow).toContainText('Dozen');
  // Ordered 2, and received 2 (issue 20's Received column).
  await expect(itemRow.getByRole('cell', { name: '2', exact: true })).toHaveCount(2);
  await details.getByRole('button', { name: 'Dismiss', exact: true }).click();

  // needs the products tab
  await page.goto('/inventory');
  await page.getByPlaceholder('Search products...').fill(PRODUCT.sku);
  const productRow = page.getByRole('row').filter({ hasText: PRODUCT.name });
  await expect(productRow).toContainText(`${before + 24} pcs`);
  await productRow.getByRole('button', { name: 'Stock History' }).click();
  const history = page.getByRole('dialog', { name: 'Stock History' });
  const receipt = history.getByRole('row').filter({ hasText: orderNumber });
  await expect(receipt).toContainText('Purchase order');
  await expect(receipt).toContainText('24');
});

test.describe('on a tablet (768 × 1024)', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test("a partly received order's actions are on screen; the rest arrives through the dialog", async ({
    page,
  }, testInfo) => {
    await logInAndWait(page, DEMO.admin.email);
    await openTab(page, 'purchase-orders');
    const orders = (await (await page.request.get('/api/purchase-orders')).json()) as {
      id: number;
      status: string;
    }[];
    const partly = orders.find((candidate) => candidate.status === 'partially_received');
    expect(partly, 'the demo has a partly received order').toBeDefined();
    const orderNumber = `PO-${partly!.id}`;
    // Below 1024 px each order is a card (eight columns do not fit a tablet in portrait).
    const row = orderCard(page, orderNumber);
    await expect(row).toContainText('Partially Received');
    const receive = row.getByRole('button', { name: 'Mark as Received' });
    // On screen without scrolling anything sideways: every action within the 768 px, as laid out.
    for (const button of await row.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(768);
    }
    expect(
      await page
        .getByRole('list', { name: 'Purchase orders' })
        .evaluate((list) => list.scrollWidth - list.clientWidth),
    ).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      768,
    );
    await page.screenshot({ path: testInfo.outputPath('purchase-orders-768.png'), fullPage: true });

    // One dozen of oil is still awaited: it arrives.
    await receive.click();
    const dialog = page.getByRole('dialog', { name: 'Mark as Received' });
    await expect(dialog).toContainText('Ordered 2 · already received 1 (Dozen)');
    await expect(dialog.getByRole('spinbutton')).toHaveCount(1);
    await expect(dialog.getByRole('spinbutton')).toHaveValue('1');
    await page.screenshot({ path: testInfo.outputPath('receive-dialog-768.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mark as Received' }).click();
    await expect(page.getByText('Order marked as received', { exact: true })).toBeVisible();
    await expect(row).toContainText('Received');
    await expect(row.getByRole('button', { name: 'Mark as Received' })).toHaveCount(0);
  });

  test('a delivery that came short stays open, then is closed short (dark theme)', async ({
    page,
  }) => {
    await useTheme(page, 'dark');
    await logInAndWait(page, DEMO.admin.email);
    const order = (await (await page.request.get('/api/purchase-orders')).json()) as {
      id: number;
      status: string;
    }[];
    const approved = order.find((candidate) => candidate.status === 'approved');
    expect(approved, 'the demo has an approved order').toBeDefined();
    await openTab(page, 'purchase-orders');
    const row = orderCard(page, `PO-${approved!.id}`);
    await row.getByRole('button', { name: 'Mark as Received' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as Received' });
    // 24 bags of rice were ordered; 10 came.
    await dialog.getByRole('spinbutton').fill('10');
    await dialog.getByRole('button', { name: 'Mark as Received' }).click();
    await expect(page.getByText('Delivery received', { exact: true })).toBeVisible();
    await expect(row).toContainText('Partially Received');

    await row.getByRole('button', { name: 'Mark as Received' }).click();
    await expect(dialog).toContainText('already received 10');
    await expect(dialog.getByRole('spinbutton')).toHaveValue('14');
    await dialog.getByRole('spinbutton').fill('0');
    await dialog.getByRole('switch', { name: /Close short/ }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mark as Received' }).click();
    await expect(page.getByText('Order marked as received', { exact: true })).toBeVisible();
    await expect(row).toContainText('Received');
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test('the Create Purchase Order dialog fits and its item rows stack into cards', async ({
    page,
  }) => {
    await logInAndWait(page, DEMO.sales.email);
    await openTab(page, 'purchase-orders');
    await page.getByRole('button', { name: 'Create Purchase Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Purchase Order' });
    await dialog.getByLabel('Supplier').selectOption({ label: SUPPLIER });
    await dialog.getByLabel('Expected Delivery Date').fill('2026-12-15');
    await dialog.getByLabel('Search products').fill(PRODUCT.sku);
    await dialog.getByRole('button', { name: `Add ${PRODUCT.name}` }).click();

    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Nothing inside scrolls sideways.
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);

    // The item is a card: its fields stacked, each one within the screen.
    const item = dialog.getByRole('listitem', { name: PRODUCT.name });
    const unit = (await item.getByLabel('Unit').boundingBox())!;
    const price = (await item.getByLabel('Selling Price').boundingBox())!;
    expect(price.y).toBeGreaterThan(unit.y);
    expect(price.x + price.width).toBeLessThanOrEqual(390);

    const submit = dialog.getByRole('button', { name: 'Create Purchase Order' });
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();
    await expect(submit).toBeEnabled();
  });
});

for (const theme of THEMES) {
  test(`axe (${theme}): the Suppliers and Purchase Orders tabs and their dialogs`, async ({
    page,
  }) => {
    // Seven axe runs on a shared machine.
    test.setTimeout(120_000);
    await useTheme(page, theme);
    await logInAndWait(page, DEMO.admin.email);
    const findings: Finding[] = [];

    await visit(page, '/inventory?tab=suppliers');
    await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    await page.getByRole('button', { name: 'Add Supplier' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Supplier' });
    await add.getByRole('button', { name: 'Add Supplier' }).click();
    await expect(add.getByText('Phone is required')).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    await add.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Products: ${SUPPLIER}` }).click();
    const products = page.getByRole('dialog', { name: `Products of ${SUPPLIER}` });
    // Biscuits: the stationers do not deliver them yet (the demo links their stationery).
    await products.getByLabel('Find a product to link').fill('Nuvita');
    await expect(products.getByRole('button', { name: /^Link / }).first()).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    await products.getByRole('button', { name: 'Dismiss', exact: true }).click();

    await visit(page, '/inventory?tab=purchase-orders');
    findings.push(...(await seriousViolations(page)));
    await page
      .getByRole('button', { name: /^View PO-/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Purchase Order Details' })).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    await page.getByRole('button', { name: 'Dismiss', exact: true }).click();

    await page.getByRole('button', { name: 'Create Purchase Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Purchase Order' });
    await dialog.getByLabel('Supplier').selectOption({ label: SUPPLIER });
    await dialog.getByLabel('Expected Delivery Date').fill('2026-12-15');
    await dialog.getByLabel('Search products').fill(PRODUCT.sku);
    await dialog.getByRole('button', { name: `Add ${PRODUCT.name}` }).click();
    await dialog.getByRole('button', { name: 'Add Item', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create Purchase Order' }).click();
    await expect(dialog.getByText('Product is required.')).toBeVisible();
    findings.push(...(await seriousViolations(page)));
    expect(findings).toEqual([]);
  });
}
