/**
 * The till with no connection (issue 22), in Chromium against the real server. A cashier's
 * device downloads the store's catalogue, loses the connection, reloads /pos (served by the
 * service worker), scans, sells (a pack line, a customer added offline, M-Pesa), prints the
 * device's receipt, and the header counts the sales waiting; the browser is closed and opened
 * again on the same profile (IndexedDB and the service worker survive), the connection returns
 * and exactly those sales reach the server once, with the times they were made, and the stock
 * falls. Then: an upload whose answer is lost is one sale; a sale the shelf could not cover by
 * the server's count is recorded and needs review; two tabs of one device send each sale once.
 *
 * Each journey sells products of its own (made by the manager through the API), so the demo
 * catalogue the other journeys count on is untouched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  devices,
  expect,
  request,
  test,
  type APIRequestContext,
  type BrowserContext,
  type LaunchOptions,
  type Page,
} from '@playwright/test';
import { DEMO, DEMO_PASSWORD, logInAndWait } from '../fixtures/accounts';
import { serviceWorkerInControl } from '../fixtures/service-worker';

// Opening a fresh device means downloading the app (the service worker's precache) and the
// catalogue on a shared 2-core machine.
test.setTimeout(180_000);

/** A tag of this run's own, so names, SKUs and barcodes never meet another run's. */
const tag = () => Date.now().toString(36).toUpperCase() + Math.floor(Math.random() * 1000);

// ---------------------------------------------------------------- the manager, through the API

interface Api {
  request: APIRequestContext;
  csrf: string;
}

async function managerApi(baseURL: string): Promise<Api> {
  const context = await request.newContext({ baseURL });
  const csrf = ((await (await context.get('/api/auth/csrf-token')).json()) as { token: string })
    .token;
  const login = await context.post('/api/auth/login', {
    headers: { 'x-csrf-token': csrf },
    data: { email: DEMO.manager.email, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  // A new session may come with a new token.
  const token = ((await (await context.get('/api/auth/csrf-token')).json()) as { token: string })
    .token;
  return { request: context, csrf: token };
}

interface Product {
  id: number;
  name: string;
  sku: string;
  barcode: string;
}

/** A product of the run's own: KSh 120 a piece, packs of 6 at KSh 700. */
async function addProduct(api: Api, label: string, quantity: number): Promise<Product> {
  const id = tag();
  const categories = (await (await api.request.get('/api/categories')).json()) as {
    id: number;
  }[];
  const product = {
    name: `${label} ${id}`,
    sku: `OFF-${id}`,
    // 13 digits, as a scanner reads an EAN-13.
    barcode: `29${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`,
  };
  const response = await api.request.post('/api/products', {
    headers: { 'x-csrf-token': api.csrf },
    data: {
      ...product,
      category_id: categories[0]!.id,
      piece_buying_price: 100,
      piece_selling_price: 120,
      pack_buying_price: 600,
      pack_selling_price: 700,
      dozen_buying_price: 0,
      dozen_selling_price: 0,
      pack_size: 6,
      quantity,
      min_quantity: 0,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...product, id: ((await response.json()) as { data: { id: number } }).data.id };
}

async function stockOf(api: Api, product: Product): Promise<number> {
  const response = await api.request.get(`/api/products/${product.id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { quantity: number } }).data.quantity;
}

interface ServerSale {
  id: number;
  client_sale_id: string | null;
  sold_at: string;
  created_at: string;
  received_at: string | null;
  offline: boolean;
  needs_review: boolean;
  device_receipt_number: string | null;
  Customer: { name: string } | null;
}

async function salesCount(api: Api): Promise<number> {
  const response = await api.request.get('/api/sales?page=1&pageSize=1');
  return ((await response.json()) as { total: number }).total;
}

/** The store's latest sales (newest first), enough to find this run's. */
async function latestSales(api: Api): Promise<ServerSale[]> {
  const response = await api.request.get('/api/sales?page=1&pageSize=100');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { sales: ServerSale[] }).sales;
}

/** How many of the store's latest sales carry each of these client ids. */
async function serverCopies(api: Api, ids: string[]): Promise<Record<string, number>> {
  const sales = await latestSales(api);
  return Object.fromEntries(
    ids.map((id) => [id, sales.filter((sale) => sale.client_sale_id === id).length]),
  );
}

// ---------------------------------------------------------------- the device

/** Chromium on a profile folder of its own: closing and opening it again keeps its data. */
async function openDevice(
  launchOptions: LaunchOptions,
  baseURL: string,
  profile: string,
  offline = false,
): Promise<BrowserContext> {
  const desktop: Partial<(typeof devices)[string]> = { ...devices['Desktop Chrome'] };
  delete desktop.defaultBrowserType;
  return chromium.launchPersistentContext(profile, {
    ...desktop,
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
    offline,
  });
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });
const cartLine = (page: Page, name: string) =>
  page.getByTestId('cart-line').filter({ hasText: name });

async function openTill(page: Page) {
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
}

/** Reads one object store of the device's database ('duka-device'). */
function readDeviceStore<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const opening = indexedDB.open('duka-device');
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as T[]);
          };
          all.onerror = () => reject(new Error(String(all.error)));
        };
      }),
    store,
  );
}

/** The device has downloaded the store's catalogue, these products included. */
async function waitForCatalogue(page: Page, products: Product[]) {
  await expect
    .poll(
      async () => {
        const held = await readDeviceStore<{ id: number }>(page, 'products');
        const meta = await readDeviceStore<{ key: string }>(page, 'meta');
        return (
          meta.some((entry) => entry.key === 'catalogue_synced_at') &&
          products.every((product) => held.some((entry) => entry.id === product.id))
        );
      },
      { timeout: 60_000, message: 'the device catalogue has downloaded' },
    )
    .toBe(true);
}

interface OutboxEntry {
  client_sale_id: string;
  state: 'waiting' | 'sending' | 'sent' | 'refused';
  sold_at: string;
  device_receipt_number: string;
  sale_id: number | null;
  message: string | null;
}

const outbox = (page: Page) => readDeviceStore<OutboxEntry>(page, 'outbox');

/** The connection drops: the page's requests fail as with no network, navigator.onLine false. */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext) {
  await context.setOffline(false);
}

interface Checkout {
  cash?: number;
  mpesaCode?: string;
}

/** Completes the sale in the cart while offline: kept on the device; its receipt number. */
async function checkOutOffline(page: Page, { cash, mpesaCode }: Checkout): Promise<string> {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Sale' });
  // Offline: cash or M-Pesa only.
  const method = dialog.getByLabel('Payment method');
  await expect(method.locator('option')).toHaveText(['Cash', 'M-Pesa']);
  if (mpesaCode !== undefined) {
    await method.selectOption('mpesa');
    await dialog.getByLabel('M-Pesa transaction code (optional)').fill(mpesaCode);
  } else {
    await dialog.getByLabel('Amount tendered').fill(String(cash));
  }
  await dialog.getByRole('button', { name: 'Complete Sale' }).click();
  const saved = page.getByText(/^Saved on this device as T\d+-\d{4}$/).last();
  await expect(saved).toBeVisible({ timeout: 15_000 });
  const number = /T\d+-\d{4}/.exec((await saved.textContent()) ?? '')![0];
  await expect(dialog).toHaveCount(0);
  return number;
}

/** The receipt of a sale kept on the device opens after its checkout, titled by its number. */
const localReceipt = (page: Page, number: string) =>
  page.getByRole('dialog', { name: `Receipt ${number}` });

async function closeReceipt(page: Page, number: string) {
  const receipt = localReceipt(page, number);
  await expect(receipt.getByText(number).first()).toBeVisible();
  await receipt.getByRole('button', { name: 'Close' }).first().click();
  await expect(receipt).toHaveCount(0);
}

async function scan(page: Page, code: string) {
  await searchBox(page).fill('');
  await searchBox(page).pressSequentially(code, { delay: 5 });
  await searchBox(page).press('Enter');
}

async function addFromGrid(page: Page, search: string, name: string) {
  await searchBox(page).fill(search);
  await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  await expect(cartLine(page, name)).toBeVisible();
}

/** The header's connection and sync status, on every staff page. */
const headerStatus = (page: Page, text: string) =>
  page.getByRole('banner').getByRole('status').filter({ hasText: text });

// ---------------------------------------------------------------- the journeys

test('a day offline: reload, scan, three sales, a receipt, the browser closed — then each sale uploaded once with its time', async ({
  launchOptions,
  baseURL,
}) => {
  const api = await managerApi(baseURL!);
  const product = await addProduct(api, 'Offline Sugar 1kg', 60);
  const salesBefore = await salesCount(api);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-offline-device-'));
  let device = await openDevice(launchOptions, baseURL!, profile);
  try {
    let page = device.pages()[0] ?? (await device.newPage());
    await logInAndWait(page, DEMO.sales.email);
    await openTill(page);
    await serviceWorkerInControl(page);
    await waitForCatalogue(page, [product]);

    await goOffline(device);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      page.getByText('Offline — showing the products saved on this device'),
    ).toBeVisible();

    // 1. The scanner: the code and Enter add the product; sold as one pack of 6.
    await scan(page, product.barcode);
    await expect(cartLine(page, product.name)).toBeVisible();
    await page.getByLabel(`Unit — ${product.name}`).selectOption('pack');
    await expect(page.getByTestId('cart-total')).toHaveText('KSh 700.00');
    const first = await checkOutOffline(page, { cash: 1000 });
    await closeReceipt(page, first);

    // 2. Two pieces to a customer added on the device by name and phone.
    await addFromGrid(page, product.sku, product.name);
    await page.getByRole('button', { name: `Add ${product.name}`, exact: true }).click();
    await expect(page.getByTestId('cart-total')).toHaveText('KSh 240.00');
    const customer = page.getByRole('combobox', { name: 'Customer' });
    await customer.selectOption('Add customer');
    const adding = page.getByRole('dialog', { name: 'Add customer' });
    const customerName = `Akinyi Offline ${tag()}`;
    await adding.getByLabel(/Name/).fill(customerName);
    await adding.getByLabel(/Phone/).fill('0712 345 678');
    await adding.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText(
        'Customer saved on this device. They will be sent when the connection returns.',
      ),
    ).toBeVisible();
    await expect(customer.locator('option:checked')).toHaveText(
      `${customerName} · +254712345678 · saved on this device`,
    );
    const second = await checkOutOffline(page, { cash: 500 });
    await closeReceipt(page, second);

    // 3. One piece by M-Pesa with a typed code; its receipt printed.
    await scan(page, product.barcode);
    await expect(cartLine(page, product.name)).toBeVisible();
    const third = await checkOutOffline(page, { mpesaCode: 'TKA1B2C3D4' });
    const shown = localReceipt(page, third);
    await expect(shown.getByRole('button', { name: 'Print / Save PDF' })).toBeEnabled();
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printedTitle: string }).printedTitle = document.title;
      };
    });
    await shown.getByRole('button', { name: 'Print / Save PDF' }).click();
    expect(
      await page.evaluate(() => (window as unknown as { printedTitle?: string }).printedTitle),
    ).toBe(`Receipt_${third}`);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await closeReceipt(page, third);

    expect(new Set([first, second, third]).size).toBe(3);
    await expect(headerStatus(page, 'Offline — 3 sales waiting')).toBeVisible();
    // IndexedDB answers by key (the random client id): put them in the order they were made.
    const kept = (await outbox(page)).sort((a, b) => a.sold_at.localeCompare(b.sold_at));
    expect(kept.map((entry) => entry.state)).toEqual(['waiting', 'waiting', 'waiting']);
    // Nothing reached the server while offline.
    expect(await salesCount(api)).toBe(salesBefore);

    // The browser is closed (a flat battery) and opened again on the same profile, still offline.
    await device.close();
    device = await openDevice(launchOptions, baseURL!, profile, true);
    page = device.pages()[0] ?? (await device.newPage());
    await openTill(page);
    await expect(headerStatus(page, 'Offline — 3 sales waiting')).toBeVisible({ timeout: 15_000 });

    // Later the connection returns: the sales upload by themselves.
    await page.waitForTimeout(1_500);
    // The order the device sends them in (the server writes sales that share no product side
    // by side, so its ids need not follow it; the sales list places them by sold_at).
    const asked: string[] = [];
    await device.route('**/api/sales/sync', async (route) => {
      const body = route.request().postDataJSON() as { sales: { client_sale_id: string }[] };
      asked.push(...body.sales.map((sale) => sale.client_sale_id));
      return route.continue();
    });
    const reconnectedAt = Date.now();
    await goOnline(device);
    await expect.poll(() => salesCount(api), { timeout: 60_000 }).toBe(salesBefore + 3);
    await expect(headerStatus(page, 'Offline — 3 sales waiting')).toHaveCount(0);
    await expect
      .poll(async () => (await outbox(page)).every((entry) => entry.state === 'sent'), {
        timeout: 30_000,
      })
      .toBe(true);

    const sales = await latestSales(api);
    // Uploaded oldest first.
    expect([...new Set(asked)]).toEqual(kept.map((entry) => entry.client_sale_id));
    // The customer added offline reached the server before their sale.
    expect(sales.find((sale) => sale.device_receipt_number === second)?.Customer?.name).toBe(
      customerName,
    );
    for (const entry of kept) {
      const copies = sales.filter((sale) => sale.client_sale_id === entry.client_sale_id);
      expect(copies, `sale ${entry.device_receipt_number}`).toHaveLength(1);
      const [sale] = copies;
      expect(sale).toMatchObject({
        offline: true,
        device_receipt_number: entry.device_receipt_number,
      });
      // The time it was made on the device, not the upload's.
      expect(new Date(sale!.sold_at).getTime()).toBe(new Date(entry.sold_at).getTime());
      expect(new Date(sale!.sold_at).getTime()).toBeLessThan(reconnectedAt);
      expect(new Date(sale!.received_at!).getTime()).toBeGreaterThanOrEqual(reconnectedAt - 1_000);
    }
    // A pack of 6, then 2 pieces, then 1.
    expect(await stockOf(api, product)).toBe(60 - 9);
  } finally {
    await device.close();
    await api.request.dispose();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

/**
 * Signs the cashier in on a page of a fresh browser and waits until the device is ready to sell
 * offline: the app installed (the service worker controls the page: the checkout's and the
 * receipt's code come from it) and the catalogue downloaded.
 */
async function cashierTill(page: Page, products: Product[]) {
  await logInAndWait(page, DEMO.sales.email);
  await openTill(page);
  await serviceWorkerInControl(page);
  await waitForCatalogue(page, products);
}

/** One line of `pieces` of the product (scanned), sold offline for cash. */
async function sellOffline(page: Page, product: Product, pieces: number): Promise<string> {
  for (let scanned = 0; scanned < pieces; scanned += 1) await scan(page, product.barcode);
  await expect(cartLine(page, product.name)).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(
    `KSh ${(120 * pieces).toLocaleString('en-KE')}.00`,
  );
  const number = await checkOutOffline(page, { cash: 1000 });
  await closeReceipt(page, number);
  return number;
}

/** Waits until the device's outbox says every one of its sales was sent. */
async function waitUntilSent(page: Page, count: number) {
  await expect
    .poll(
      async () => {
        const entries = await outbox(page);
        return entries.length === count && entries.every((entry) => entry.state === 'sent');
      },
      { timeout: 60_000, message: 'every sale on the device was sent' },
    )
    .toBe(true);
}

test('a sale whose upload answer is lost on the way back is recorded once', async ({
  page,
  context,
  baseURL,
}) => {
  const api = await managerApi(baseURL!);
  try {
    const product = await addProduct(api, 'Offline Tea 250g', 20);
    await cashierTill(page, [product]);
    await goOffline(context);
    await sellOffline(page, product, 1);
    const [entry] = await outbox(page);
    expect(entry!.state).toBe('waiting');

    // The first upload reaches the server, but its answer never comes back.
    const asked: string[][] = [];
    let lost = 0;
    await page.route('**/api/sales/sync', async (route) => {
      const body = route.request().postDataJSON() as { sales: { client_sale_id: string }[] };
      asked.push(body.sales.map((sale) => sale.client_sale_id));
      if (lost === 0) {
        lost += 1;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await goOnline(context);
    await expect.poll(() => lost, { timeout: 30_000 }).toBe(1);
    // The server has it, but the device does not know: the sale still waits.
    await expect
      .poll(() => serverCopies(api, [entry!.client_sale_id]))
      .toEqual({
        [entry!.client_sale_id]: 1,
      });
    expect((await outbox(page))[0]!.state).not.toBe('sent');

    // The connection drops and returns: the device sends it again, the server answers the
    // first sale.
    await goOffline(context);
    await goOnline(context);
    await waitUntilSent(page, 1);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((ids) => ids.includes(entry!.client_sale_id))).toBe(true);
    expect(await serverCopies(api, [entry!.client_sale_id])).toEqual({
      [entry!.client_sale_id]: 1,
    });
    const sale = (await latestSales(api)).find(
      (candidate) => candidate.client_sale_id === entry!.client_sale_id,
    )!;
    expect((await outbox(page))[0]!.sale_id).toBe(sale.id);
    expect(await stockOf(api, product)).toBe(19);
  } finally {
    await api.request.dispose();
  }
});

test('an offline sale the shelf could not cover by the server count is recorded and needs review', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const api = await managerApi(baseURL!);
  try {
    const product = await addProduct(api, 'Offline Milk 500ml', 3);
    await cashierTill(page, [product]);
    await goOffline(context);
    // The device counts 3 on the shelf: 2 are sold here...
    const number = await sellOffline(page, product, 2);
    // ...while another till, online, sells 2 of the 3.
    const walkIn = (
      (await (await api.request.get('/api/customers')).json()) as {
        data: { id: number; is_walk_in: boolean }[];
      }
    ).data.find((customer) => customer.is_walk_in)!;
    const online = await api.request.post('/api/sales', {
      headers: { 'x-csrf-token': api.csrf },
      data: {
        items: [{ product_id: product.id, quantity: 2, unit_price: 120, unit_type: 'piece' }],
        total: 240,
        delivery_fee: 0,
        customer_id: walkIn.id,
        payment_method: 'cash',
        amount_paid: 240,
        change_amount: 0,
      },
    });
    expect(online.status(), await online.text()).toBe(201);

    await goOnline(context);
    await waitUntilSent(page, 1);
    const [entry] = await outbox(page);
    const sale = (await latestSales(api)).find(
      (candidate) => candidate.client_sale_id === entry!.client_sale_id,
    )!;
    // Recorded, not refused: the goods left the shop. The stock goes below zero.
    expect(sale).toMatchObject({
      needs_review: true,
      offline: true,
      device_receipt_number: number,
    });
    expect(await stockOf(api, product)).toBe(-1);

    // The manager finds it on /sales under Needs review.
    const managerContext = await browser.newContext();
    try {
      const manager = await managerContext.newPage();
      await logInAndWait(manager, DEMO.manager.email);
      await manager.goto('/sales?needs_review=true');
      await expect(
        manager.getByRole('heading', { name: 'Sales & Orders', level: 1 }),
      ).toBeVisible();
      const row = manager.getByRole('row').filter({
        has: manager.getByRole('button', { name: `View Details of sale #${sale.id}` }),
      });
      await expect(row.getByText('Needs review')).toBeVisible();
    } finally {
      await managerContext.close();
    }
  } finally {
    await api.request.dispose();
  }
});

test('two tabs of one device send each sale once', async ({ context, baseURL }) => {
  const api = await managerApi(baseURL!);
  try {
    const product = await addProduct(api, 'Offline Rice 1kg', 20);
    const first = await context.newPage();
    await cashierTill(first, [product]);
    const second = await context.newPage();
    await openTill(second);
    await serviceWorkerInControl(second);

    await goOffline(context);
    const numbers = [await sellOffline(first, product, 1), await sellOffline(second, product, 2)];
    // One device, one receipt sequence: two numbers.
    expect(new Set(numbers).size).toBe(2);
    const kept = await outbox(first);
    expect(kept).toHaveLength(2);
    const ids = kept.map((entry) => entry.client_sale_id);

    // Both tabs see the connection return at once; each sale goes up in one request only.
    const asked: string[] = [];
    await context.route('**/api/sales/sync', async (route) => {
      const body = route.request().postDataJSON() as { sales: { client_sale_id: string }[] };
      asked.push(...body.sales.map((sale) => sale.client_sale_id));
      await route.continue();
    });
    await goOnline(context);
    await waitUntilSent(first, 2);
    // A moment for a second tab's run, if it were to send them again.
    await second.waitForTimeout(2_000);
    expect(asked.sort()).toEqual([...ids].sort());
    expect(await serverCopies(api, ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
    expect(await stockOf(api, product)).toBe(17);
  } finally {
    await api.request.dispose();
  }
});
