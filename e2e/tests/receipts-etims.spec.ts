/**
 * VAT and KRA eTIMS on the receipt and the sales page (issue 26), against the in-repo fake OSCU
 * the e2e worker runs (the demo Nairobi store is registered with it): a sale's receipt shows its
 * invoice number and tax table, then the control unit's number and the QR code once the fake has
 * signed it — on 58 mm paper too; a sale KRA refused shows Failed with KRA's code on /sales, and
 * a manager's Retry sends it again. Axe-clean in both themes.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logInAndWait } from '../fixtures/accounts';
import { seriousViolations, THEMES, useTheme, type Finding } from '../fixtures/axe';
import { FAKE_ETIMS_URL } from '../fixtures/servers';

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf-token');
  return ((await response.json()) as { token: string }).token;
}

/** A cash sale of 2 × Jogoo through the API, as the signed-in person, for a buyer with a PIN. */
async function sell(page: Page): Promise<number> {
  const customers = (await (await page.request.get('/api/customers')).json()) as {
    data: { id: number; name: string }[];
  };
  const walkIn = customers.data.find((customer) => customer.name === 'Walk-in Customer')!;
  const search = (await (await page.request.get('/api/products/search?q=Jogoo')).json()) as {
    data: { id: number; piece_selling_price: number }[];
  };
  const product = search.data[0]!;
  const price = Number(product.piece_selling_price);
  const response = await page.request.post('/api/sales', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      items: [{ product_id: product.id, quantity: 2, unit_price: price, unit_type: 'piece' }],
      total: price * 2,
      delivery_fee: 0,
      customer_id: walkIn.id,
      payment_method: 'cash',
      amount_paid: 1000,
      change_amount: 1000 - price * 2,
      buyer_kra_pin: 'A123456789B',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** The sale's eTIMS state as GET /sales/{id} answers it, once it is no longer pending. */
async function settledEtims(page: Page, saleId: number): Promise<string> {
  let status = 'pending';
  await expect
    .poll(
      async () => {
        const sale = (await (await page.request.get(`/api/sales/${saleId}`)).json()) as {
          data: { etims: { status: string } };
        };
        status = sale.data.etims.status;
        return status;
      },
      { timeout: 30_000 },
    )
    .not.toBe('pending');
  return status;
}

test('a receipt shows the tax table, then the control unit number and the QR code, and fits 58 mm', async ({
  page,
}) => {
  await logInAndWait(page, DEMO.sales.email);
  const saleId = await sell(page);
  await page.goto(`/pos?receipt=${saleId}`);
  const dialog = page.getByRole('dialog', { name: `Sale Receipt #${saleId}` });
  const receipt = dialog.locator('[data-paper]');
  await expect(receipt.getByText('Invoice No.', { exact: true })).toBeVisible();
  await expect(receipt.getByText("Buyer's KRA PIN", { exact: true })).toBeVisible();
  await expect(receipt.getByText('A123456789B')).toBeVisible();
  const tax = receipt.getByRole('table', { name: 'Tax' });
  await expect(tax.getByRole('columnheader')).toHaveText(['Tax', 'Taxable', 'VAT']);
  await expect(tax.getByRole('rowheader', { name: 'Total VAT' })).toBeVisible();

  // Sent in the background: the open receipt looks again until KRA's answer is there.
  await expect(receipt.getByText('CU Invoice No.', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(receipt.getByText('eTIMS: pending')).toHaveCount(0);
  for (const label of ['Receipt Signature', 'Internal Data', 'CU Date/Time']) {
    await expect(receipt.getByText(label)).toBeVisible();
  }
  const qr = receipt.getByRole('img', { name: 'KRA eTIMS QR code' });
  await expect(qr).toHaveAttribute('src', `/api/sales/${saleId}/etims/qr`);
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);

  // Printed on 58 mm paper: nothing wider than the 48 mm it prints.
  await dialog.getByLabel('Paper').selectOption('58');
  await page.evaluate(() => {
    window.print = () => {};
  });
  await dialog.getByRole('button', { name: 'Print / Save PDF' }).click();
  await page.emulateMedia({ media: 'print' });
  const box = (await receipt.boundingBox())!;
  expect(Math.abs(box.width - (48 * 96) / 25.4)).toBeLessThan(2);
  const overflowing = await receipt.evaluate((root) => {
    const right = root.getBoundingClientRect().right;
    return Array.from(root.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > right + 0.5)
      .map((element) => element.outerHTML.slice(0, 80));
  });
  expect(overflowing).toEqual([]);
  expect((await qr.boundingBox())!.width).toBeLessThan(box.width);
});

for (const theme of THEMES) {
  test(`KRA refuses a sale: Failed with its code on /sales, and a manager's Retry sends it again (${theme})`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await logInAndWait(page, DEMO.manager.email);
    const refusal = await page.request.post(`${FAKE_ETIMS_URL}/__fake/refuse`, {
      data: { code: '910', message: 'Request parameter error', path: '/saveTrnsSalesOsdc' },
    });
    expect(refusal.ok()).toBe(true);
    const saleId = await sell(page);
    expect(await settledEtims(page, saleId)).toBe('failed');

    await page.goto('/sales?etims_status=failed');
    await expect(page.getByLabel('eTIMS')).toHaveValue('failed');
    const view = page.getByRole('button', { name: `View Details of sale #${saleId}` });
    const row = page.getByRole('row').filter({ has: view });
    await expect(row.getByTestId('etims-badge')).toHaveText('Failed');
    const findings: Finding[] = [...(await seriousViolations(page))];

    await view.click();
    const details = page.getByRole('dialog', { name: 'Sale Details' });
    const state = details.getByTestId('etims-state').first();
    await expect(state).toContainText('KRA code 910');
    await expect(state).toContainText('Request parameter error');
    findings.push(...(await seriousViolations(page)));

    // From the keyboard; the fake signs it this time.
    const retry = state.getByRole('button', { name: `Retry eTIMS of sale #${saleId}` });
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect(state.getByTestId('etims-badge')).toHaveText(/Pending|Sent/);
    expect(await settledEtims(page, saleId)).toBe('sent');

    await page.goto('/sales?etims_status=sent');
    await expect(
      page
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `View Details of sale #${saleId}` }) })
        .getByTestId('etims-badge'),
    ).toHaveText('Sent');
    expect(findings).toEqual([]);
  });
}
