/**
 * A sale's receipt with VAT and KRA eTIMS (issue 26), against the in-repo fake OSCU each e2e
 * worker runs (the demo Nairobi store is registered with it): the tax table per letter and
 * "eTIMS: pending" while the fake is down, then — the open receipt polling — the control unit's
 * invoice number, the signature and the QR code once it answers; a manager's Sent, a refusal's
 * Failed with KRA's code, and Retry on /sales; axe in both themes; a 390 px phone and 58 mm
 * paper. What the API tests already prove (numbering, the payload, order) is not repeated.
 */
import {
  expect,
  request as http,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO, DEMO_PASSWORD, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme, type Finding } from '../fixtures/axe';
import { FAKE_ETIMS_URL } from '../fixtures/servers';

/** The demo device's control unit id (apps/server/src/db/seed/demo-etims.ts). */
const SDC_ID = 'KRACU0100000001';

interface SaleBody {
  id: number;
  invoice_no: number;
  items: { quantity: number; unit_price: number; Product: { name: string } }[];
  tax: { tax_type: string; rate: number; taxable_amount: number; tax_amount: number }[];
  etims: { status: string; invoice_number?: string; signature?: string; result_code?: string };
}

interface FakeInvoice {
  trdInvcNo: string;
  answer: { curRcptNo: number; rcptSign: string };
}

async function fake(request: APIRequestContext, path: string, data: object = {}) {
  const response = await request.post(`${FAKE_ETIMS_URL}/__fake/${path}`, { data });
  expect(response.ok(), await response.text()).toBe(true);
}

async function saleOf(request: APIRequestContext, id: number): Promise<SaleBody> {
  const response = await request.get(`/api/sales/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: SaleBody }).data;
}

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf-token');
  return ((await response.json()) as { token: string }).token;
}

interface LetterProduct {
  id: number;
  search: string;
  name: string;
  price: number;
}

/**
 * A product of each letter sold here, created by the manager with names of this run's own so the
 * till finds exactly them: A Exempt, B 16%, C Zero-rated, E VAT 8%. Never the demo's: the other
 * journeys of the worker sell those, and its zero-rated loaves sell out in the demo's sales.
 */
async function createLetterProducts(baseURL: string) {
  const api = await http.newContext({ baseURL });
  const csrf = async () => ({
    'x-csrf-token': ((await (await api.get('/api/auth/csrf-token')).json()) as { token: string })
      .token,
  });
  const login = await api.post('/api/auth/login', {
    headers: await csrf(),
    data: { email: DEMO.manager.email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = await csrf();
  const [category] = (await (await api.get('/api/categories')).json()) as { id: number }[];
  const stamp = `${Date.now()}`;
  const made: LetterProduct[] = [];
  for (const [letter, name, price] of [
    ['A', `Unga wa Mahindi ${stamp}`, 185],
    ['B', `Exercise Book ${stamp}`, 45.5],
    ['C', `Uji Millet Flour ${stamp}`, 95],
    ['E', `Kerosene 1L ${stamp}`, 157],
  ] as const) {
    const created = await api.post('/api/products', {
      headers,
      data: {
        name,
        sku: `ETIMS-${letter}-${stamp}`,
        category_id: category!.id,
        tax_type: letter,
        piece_buying_price: price - 10,
        piece_selling_price: price,
        pack_buying_price: 0,
        pack_selling_price: 0,
        dozen_buying_price: 0,
        dozen_selling_price: 0,
        quantity: 20,
        min_quantity: 0,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    made.push({ id, search: name, name, price });
  }
  await api.dispose();
  const [flour, book, millet, kerosene] = made as [
    LetterProduct,
    LetterProduct,
    LetterProduct,
    LetterProduct,
  ];
  return { flour, book, millet, kerosene };
}

/** A cash sale of one of each product through the API, as the signed-in person. */
async function sellByApi(page: Page, products: LetterProduct[]): Promise<number> {
  const items = products.map((product) => ({
    product_id: product.id,
    quantity: 1,
    unit_price: product.price,
    unit_type: 'piece',
  }));
  const total = items.reduce((sum, item) => sum + item.unit_price, 0);
  const customers = (await (await page.request.get('/api/customers')).json()) as {
    data: { id: number; name: string }[];
  };
  const response = await page.request.post('/api/sales', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      items,
      total,
      delivery_fee: 0,
      customer_id: customers.data.find((customer) => customer.name === 'Walk-in Customer')!.id,
      payment_method: 'cash',
      amount_paid: total,
      change_amount: 0,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Until the sale's invoice is in `status` (the send job runs on the runner's 1 s poll). */
async function awaitEtims(request: APIRequestContext, id: number, status: string) {
  await expect
    .poll(async () => (await saleOf(request, id)).etims.status, { timeout: 20_000 })
    .toBe(status);
}

const figure = (cents: number) =>
  (cents / 100).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function openReceipt(page: Page, saleId: number): Promise<Locator> {
  await page.goto(`/pos?receipt=${saleId}`);
  const dialog = page.getByRole('dialog', { name: `Sale Receipt #${saleId}` });
  await expect(dialog.getByRole('button', { name: 'Print / Save PDF' })).toBeEnabled();
  return dialog;
}

/** The QR code drawn and loaded: an SVG the server answers, with a size once decoded. */
async function expectQrLoaded(page: Page, dialog: Locator) {
  const qr = dialog.getByRole('img', { name: 'KRA eTIMS QR code' });
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  const image = await page.request.get((await qr.getAttribute('src'))!);
  expect(image.ok()).toBe(true);
  expect(image.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  return qr;
}

// The first journey waits out the send job's backoff and the receipt's own (about 20 s).
test.describe.configure({ timeout: 90_000 });

// A journey that stops half-way must not leave the next one a fake that is down or refusing.
test.afterEach(async ({ request }) => {
  await fake(request, 'up');
});

test('a sale across tax letters: the tax table and "eTIMS: pending", then KRA\'s number, signature and QR', async ({
  page,
  baseURL,
}) => {
  const { flour, book, millet, kerosene } = await createLetterProducts(baseURL!);
  await logInAndWait(page, DEMO.sales.email);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
  // Down: the send job finds no OSCU, so the receipt surely first shows the invoice waiting.
  await fake(page.request, 'down');
  for (const product of [flour, book, book, millet, kerosene]) {
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.search);
    await page.getByRole('button', { name: `Add ${product.name}`, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Complete Sale' });
  await checkout.getByLabel('Amount tendered').fill('2000');
  await checkout.getByRole('button', { name: 'Complete Sale' }).click();
  await expect(page).toHaveURL(/[?&]receipt=\d+/);
  const saleId = Number(new URL(page.url()).searchParams.get('receipt'));
  const sale = await saleOf(page.request, saleId);
  const dialog = page.getByRole('dialog', { name: `Sale Receipt #${saleId}` });

  // The tax per letter by hand from the lines: A and C carry none; B's is the line's total ×
  // 16/116 and E's × 8/108, to the cent (Kerosene at 157: 11.63).
  const lineCents = (name: string) =>
    sale.items
      .filter((item) => item.Product.name === name)
      .reduce((sum, item) => sum + Math.round(item.unit_price * 100) * item.quantity, 0);
  const a = lineCents(flour.name);
  const b = lineCents(book.name);
  const bTax = Math.round((b * 16) / 116);
  const c = lineCents(millet.name);
  const e = lineCents(kerosene.name);
  const eTax = Math.round((e * 8) / 108);
  expect([a, b, c, e].every((cents) => cents > 0)).toBe(true);
  expect(sale.tax.map((line) => [line.tax_type, line.taxable_amount, line.tax_amount])).toEqual([
    ['A', a / 100, 0],
    ['B', (b - bTax) / 100, bTax / 100],
    ['C', c / 100, 0],
    ['E', (e - eTax) / 100, eTax / 100],
  ]);
  const expected = [
    ['A Exempt', figure(a), '0.00'],
    ['B 16%', figure(b - bTax), figure(bTax)],
    ['C Zero-rated', figure(c), '0.00'],
    ['E 8%', figure(e - eTax), figure(eTax)],
  ];
  await expect(
    dialog.getByText('Invoice No.', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(String(sale.invoice_no));
  const table = dialog.getByRole('table', { name: 'Tax' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  for (const [index, [letter, taxable, vat]] of expected.entries()) {
    await expect(rows.nth(index).getByRole('rowheader')).toHaveText(letter!);
    await expect(rows.nth(index).getByRole('cell')).toHaveText([taxable!, vat!]);
  }
  await expect(table.locator('tfoot')).toContainText(`Total VAT`);
  await expect(table.locator('tfoot td')).toHaveText(`KSh ${figure(bTax + eTax)}`);
  await expect(dialog.getByText('eTIMS: pending')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'KRA eTIMS QR code' })).toHaveCount(0);

  // Up: the job's next try (the runner's backoff, 15 s after the failed one) sends it, and the
  // open receipt, looking again after 3, 6, 12, 24 s (its own backoff), shows what the control
  // unit signed — about 21 s after it opened, at the latest 45 s.
  await fake(page.request, 'up');
  const block = dialog.locator('[data-etims-status="sent"]');
  await expect(block).toBeVisible({ timeout: 50_000 });
  await expect(dialog.getByText('eTIMS: pending')).toHaveCount(0);
  const invoices = (await (
    await page.request.get(`${FAKE_ETIMS_URL}/__fake/invoices`)
  ).json()) as FakeInvoice[];
  const signed = invoices.find((invoice) => invoice.trdInvcNo === `INV-${sale.invoice_no}`)!;
  expect(signed).toBeDefined();
  await expect(block).toContainText(`CU Invoice No.${SDC_ID}/${signed.answer.curRcptNo}`);
  await expect(block).toContainText(`Receipt Signature${signed.answer.rcptSign}`);
  await expectQrLoaded(page, dialog);
});

test('a manager sees Sent on /sales, and a refusal as Failed with its code until Retry sends it', async ({
  page,
  baseURL,
}) => {
  const { flour, book } = await createLetterProducts(baseURL!);
  await logInAndWait(page, DEMO.manager.email);
  const accepted = await sellByApi(page, [flour, book]);
  await awaitEtims(page.request, accepted, 'sent');
  // Only once the one before is signed: the refusal is for the next invoice the store sends.
  await fake(page.request, 'refuse', {
    code: '910',
    message: 'Request parameter error: custTin',
    path: '/saveTrnsSalesOsdc',
  });
  const refused = await sellByApi(page, [flour, book]);
  await awaitEtims(page.request, refused, 'failed');

  await page.goto('/sales');
  await expect(page.getByRole('heading', { name: 'Sales & Orders', level: 1 })).toBeVisible();
  const rowOf = (id: number) =>
    page
      .getByRole('table', { name: 'Sales' })
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `View Details of sale #${id}` }) });
  await expect(rowOf(accepted).getByTestId('etims-badge')).toHaveText('Sent');
  await expect(rowOf(refused).getByTestId('etims-badge')).toHaveText('Failed');

  await rowOf(refused)
    .getByRole('button', { name: `View Details of sale #${refused}` })
    .click();
  const details = page.getByRole('dialog', { name: 'Sale Details' });
  const state = details.getByTestId('etims-state');
  await expect(state.getByTestId('etims-badge')).toHaveText('Failed');
  await expect(state).toContainText('KRA code 910');
  await expect(state).toContainText('Request parameter error: custTin');
  // The refusal was for one invoice: the fake accepts again.
  await state.getByRole('button', { name: `Retry eTIMS of sale #${refused}` }).click();
  await expect(state.getByTestId('etims-badge')).toHaveText('Sent', { timeout: 20_000 });
  await expect(state).toContainText(`CU Invoice No. ${SDC_ID}/`);
  await expect(state).not.toContainText('KRA code');
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(details).toBeHidden();
  await expect(rowOf(refused).getByTestId('etims-badge')).toHaveText('Sent');
});

for (const theme of THEMES) {
  test(`axe, ${theme} theme: the receipt with its tax table and the signed eTIMS block`, async ({
    page,
    baseURL,
  }) => {
    const { flour, book } = await createLetterProducts(baseURL!);
    await useTheme(page, theme);
    await logInAndWait(page, DEMO.sales.email);
    const saleId = await sellByApi(page, [flour, book]);
    await awaitEtims(page.request, saleId, 'sent');
    const dialog = await openReceipt(page, saleId);
    await expectQrLoaded(page, dialog);
    await expect(dialog.getByRole('table', { name: 'Tax' })).toBeVisible();
    const findings: Finding[] = await seriousViolations(page);
    expect(findings).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test('the signed receipt fits 390 px with its QR code, and prints on 58 mm paper', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { flour, book } = await createLetterProducts(baseURL!);
    await logInAndWait(page, DEMO.sales.email);
    const saleId = await sellByApi(page, [flour, book]);
    await awaitEtims(page.request, saleId, 'sent');
    const dialog = await openReceipt(page, saleId);
    const qr = await expectQrLoaded(page, dialog);
    await qr.scrollIntoViewIfNeeded();
    await expect(qr).toBeInViewport();
    const box = (await qr.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const receipt = dialog.locator('[data-paper]');
    // Nothing wider than the receipt inside it, nor than the phone on the page.
    expect(await receipt.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('receipt-390px.png') });

    // On 58 mm paper (48 mm printable): the QR code whole within the roll's width. Print puts
    // the receipt on the paper (thermal-print); the browser's dialog itself is not opened.
    await page.evaluate(() => {
      window.print = () => {};
    });
    await dialog.getByLabel('Paper').selectOption('58');
    await dialog.getByRole('button', { name: 'Print / Save PDF' }).click();
    await page.emulateMedia({ media: 'print' });
    // Printing hides all but the receipt (receipt-print.css): found by its tag, not its role.
    const printedQr = receipt.locator('img[src$="/etims/qr"]');
    await expect(printedQr).toBeVisible();
    const paper = (await receipt.boundingBox())!;
    const printed = (await printedQr.boundingBox())!;
    expect(printed.x).toBeGreaterThanOrEqual(paper.x);
    expect(printed.x + printed.width).toBeLessThanOrEqual(paper.x + paper.width);
    expect(await receipt.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await receipt.screenshot({ path: testInfo.outputPath('receipt-58mm-print.png') });
  });
});
