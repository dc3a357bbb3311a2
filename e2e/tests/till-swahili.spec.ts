/**
 * A Swahili till and receipt with no English left (issue 20). Every string a cashier can see on
 * /pos, in 'Complete Sale' and on the receipt is read off the page and checked against every
 * English word of the English catalogues (apps/web/src/locales/en/*.json): none may be there.
 *
 * What is not the interface's is taken out first: the shop's data (product and category names,
 * customers other than the Walk-in Customer, the cashier's name, the receipt's header and
 * thank-you lines). Then these words, the same in Swahili, are allowed — decided narrowly:
 * - single letters: not words in either language ('x' is the times sign, 'M' of M-Pesa);
 * - names of things a Kenyan calls by their name in any language: KSh, M-Pesa ('Pesa' is
 *   Swahili too), SMS, WhatsApp, PDF, Duka (the app, and a Swahili word);
 * - KRA and PIN: the tax authority's own words on every Kenyan receipt ("PIN ya KRA");
 * - VAT, eTIMS and CU: the tax's, KRA's invoicing system's and its control unit's names,
 *   printed as such on a Kenyan receipt in any language ("Jumla ya VAT", "eTIMS: inasubiri",
 *   "Nambari ya ankara ya CU");
 * - data: a Swahili word too ("Data ya ndani", the signed invoice's internal data);
 * - till and paybill: Safaricom's names of the M-Pesa numbers a shop is paid to;
 * - mm: the paper width unit;
 * - Ctrl, Enter: printed on the keys the checkout shortcut names;
 * - SFT and XXXXXX: the example M-Pesa code's letters ('SFT4XXXXXX').
 * The Walk-in Customer is deliberately not taken out: it must be translated.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';

const ALLOWED = new Set([
  'ksh',
  'pesa',
  'sms',
  'whatsapp',
  'pdf',
  'duka',
  'kra',
  'pin',
  'vat',
  'etims',
  'cu',
  'data',
  'till',
  'paybill',
  'mm',
  'ctrl',
  'enter',
  'sft',
  'xxxxxx',
]);

const WORD = /[A-Za-z][A-Za-z']*/g;

/** Every word of the English catalogues' texts (not their keys, nor {{variables}}). */
function englishWords(): Set<string> {
  const folder = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../apps/web/src/locales/en',
  );
  const words = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      for (const word of value.replace(/\{\{[^}]*\}\}/g, ' ').match(WORD) ?? []) {
        if (word.length > 1) words.add(word.toLowerCase());
      }
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    walk(JSON.parse(readFileSync(path.join(folder, file), 'utf8')));
  }
  for (const word of ALLOWED) words.delete(word);
  return words;
}

/** What a person sees in `scope`: its rendered text and the placeholders of its fields. */
async function visibleStrings(scope: Locator): Promise<string[]> {
  const text = await scope.innerText();
  const placeholders = await scope
    .locator('input:visible[placeholder]')
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('placeholder') ?? ''));
  return [...text.split('\n'), ...placeholders].map((line) => line.trim()).filter(Boolean);
}

/** The shop's own data on the screen, which no catalogue translates. */
async function shopData(page: Page): Promise<string[]> {
  const get = async <T>(url: string) => (await (await page.request.get(url)).json()) as T;
  const products = await get<{ data: { name: string; Category: { name: string } | null }[] }>(
    '/api/products?page=1&pageSize=100',
  );
  const customers = await get<{ data: { name: string; is_walk_in: boolean }[] }>('/api/customers');
  // /auth calls carry the CSRF token, as the app's own do.
  const { token } = await get<{ token: string }>('/api/auth/csrf-token');
  const me = (await (
    await page.request.get('/api/auth/me', { headers: { 'x-csrf-token': token } })
  ).json()) as { data?: { store_id: number | null } };
  const storeId = me.data?.store_id;
  const settings = storeId
    ? await get<{ data: Record<string, unknown> }>(`/api/stores/${storeId}/receipt-settings`)
    : { data: {} };
  return [
    ...products.data.flatMap((product) => [product.name, product.Category?.name ?? '']),
    ...customers.data.filter((customer) => !customer.is_walk_in).map((customer) => customer.name),
    DEMO.sales.name,
    ...Object.values(settings.data).filter((value): value is string => typeof value === 'string'),
  ].filter((value) => value.length > 0);
}

/** The Swahili preference, as /profile saves it (features/profile/stores/preferences-store). */
async function chooseSwahili(page: Page) {
  await page.evaluate(() =>
    localStorage.setItem(
      'duka-preferences',
      JSON.stringify({
        state: { darkMode: false, notifications: true, language: 'swahili' },
        version: 1,
      }),
    ),
  );
}

function englishLeft(strings: string[], data: string[], english: Set<string>): string[] {
  // Longest first, so a product name is taken out whole before a shorter one inside it.
  const names = [...data].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  for (const original of strings) {
    let line = original;
    for (const name of names) line = line.split(name).join(' ');
    const words = (line.match(WORD) ?? []).filter(
      (word) => word.length > 1 && english.has(word.toLowerCase()),
    );
    if (words.length > 0) found.push(`${words.join(', ')}  ←  "${original}"`);
  }
  return found;
}

test('a Swahili till, checkout and receipt show no English word', async ({ page }) => {
  const english = englishWords();
  expect(english.has('customer')).toBe(true);
  expect(english.has('checkout')).toBe(true);

  await logInAndWait(page, DEMO.sales.email);
  await chooseSwahili(page);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Kaunta', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  const data = await shopData(page);
  const leftOn = async (scope: Locator, where: string) =>
    expect(englishLeft(await visibleStrings(scope), data, english), where).toEqual([]);

  // The till with a line in the cart (and its toast).
  await page.getByRole('searchbox', { name: 'Tafuta bidhaa' }).fill('Brookside Whole');
  await page.getByRole('button', { name: 'Ongeza Brookside Whole Milk 500ml' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByText('Mteja: Mteja wa Papo Hapo')).toBeVisible();
  await leftOn(page.locator('body'), '/pos');

  // A failed scan's message.
  await page.getByRole('searchbox', { name: 'Tafuta bidhaa' }).fill('5901234123457');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Hakuna bidhaa yenye msimbo 5901234123457')).toBeVisible();
  await leftOn(page.locator('body'), '/pos after a failed scan');

  // 'Complete Sale', as a counter sale and as a delivery.
  await page.getByRole('button', { name: 'Endelea Kulipa' }).click();
  const checkout = page.getByRole('dialog', { name: 'Kamilisha mauzo' });
  await expect(checkout.getByRole('button', { name: 'Kamilisha mauzo' })).toBeVisible();
  await leftOn(checkout, 'Complete Sale');
  await checkout.getByRole('switch', { name: 'Kumpelekea mteja' }).click();
  await expect(checkout.getByLabel('Ada ya usafirishaji')).toBeVisible();
  await leftOn(checkout, 'Complete Sale, delivery');
  await checkout.getByRole('switch', { name: 'Kumpelekea mteja' }).click();
  // Issue 21: split payment with its refusal, and credit for the Walk-in Customer.
  await checkout.getByLabel('Njia ya malipo').selectOption('split');
  await checkout.getByLabel('M-Pesa', { exact: true }).fill('1000');
  await expect(checkout.getByRole('alert')).toHaveText('Chenji hutolewa kwa pesa taslimu tu');
  await leftOn(checkout, 'Complete Sale, split payment');
  await checkout.getByLabel('Njia ya malipo').selectOption('credit');
  await expect(checkout.getByRole('alert')).toHaveText('Mkopo unahitaji mteja mwenye jina');
  await leftOn(checkout, 'Complete Sale, credit');
  await checkout.getByLabel('Njia ya malipo').selectOption('cash');
  await checkout.getByLabel('Kiasi kilicholipwa').fill('100');
  await checkout.getByRole('button', { name: 'Kamilisha mauzo' }).click();

  // The receipt, with its "Sent?" question after WhatsApp.
  await expect(page).toHaveURL(/[?&]receipt=\d+/);
  const id = new URL(page.url()).searchParams.get('receipt');
  const receipt = page.getByRole('dialog', { name: `Risiti ya Mauzo #${id}` });
  await expect(receipt.getByText('Mteja wa Papo Hapo')).toBeVisible();
  await leftOn(receipt, 'receipt');
  await page.evaluate(() => {
    window.open = () => null;
  });
  await receipt.getByRole('button', { name: 'WhatsApp' }).click();
  await receipt.getByLabel('Nambari ya simu ya mteja').fill('0711 562 904');
  await receipt.getByRole('button', { name: /^Tuma/ }).click();
  await expect(receipt.getByRole('group', { name: /^Imetumwa\?/ })).toBeVisible();
  await leftOn(receipt, 'receipt, Sent?');
});

for (const width of [390, 768]) {
  test(`the unit selector of a Swahili cart line is not cut off at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAndWait(page, DEMO.sales.email);
    await chooseSwahili(page);
    await page.goto('/pos');
    await page.getByRole('searchbox', { name: 'Tafuta bidhaa' }).fill('Jogoo');
    await page.getByRole('button', { name: 'Ongeza Jogoo Maize Flour 2kg' }).click();
    // A phone's cart is a sheet; from 768 px it is beside the grid.
    if (width < 768) {
      await page
        .getByTestId('mobile-cart-bar')
        .getByRole('button', { name: /Angalia kikapu/ })
        .click();
    }
    const unit = page.getByRole('combobox', { name: 'Kipimo — Jogoo Maize Flour 2kg' });
    for (const option of ['piece', 'pack', 'dozen']) {
      await unit.selectOption(option);
      // The chosen unit's word fits its box: the select shows it whole.
      const fits = await unit.evaluate((select: HTMLSelectElement) => {
        const probe = document.createElement('span');
        const style = getComputedStyle(select);
        probe.style.font = style.font;
        probe.style.visibility = 'hidden';
        probe.style.position = 'absolute';
        probe.textContent = select.selectedOptions[0]?.textContent ?? '';
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        const room =
          select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return needed <= room;
      });
      expect(fits, option).toBe(true);
    }
  });
}
