/**
 * GET /api/reports/vat (issue 26): a month's sales per tax letter and its credit notes, to the
 * cent. The expectations are the sales' own `tax` tables (their receipts') added up — each
 * checked against its lines worked out with lineTaxCents (packages/shared/src/tax), the delivery
 * fee as B — and, for the mixed basket, by hand as well: a letter's VAT is its lines' VAT added
 * up, which is not the letter's total taxed at once (1,369.99 × 16/116 would be 188.96, not
 * 188.97).
 */
import type { VatReport } from '@duka/shared/etims/etims.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { lineTaxCents, TAX_RATES, TAX_TYPES, type TaxType } from '@duka/shared/tax/tax';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  backdateSale,
  buildStore,
  createProduct,
  createSale,
  saleLine as line,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { saleReturnItems, saleReturns } from '../returns/returns.table';
import { sales } from '../sales/sales.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let adminA: TestClient;
let adminB: TestClient;
let walkInA: number;
let walkInB: number;
/** Store A's products by letter: unga A, soap B (piece, pack of 6, dozen), milk C, airtime D, gas E. */
const ids = {} as Record<'unga' | 'soap' | 'milk' | 'airtime' | 'gas' | 'soapB', number>;
const letterOf = new Map<number, TaxType>();

/** A product of the client's store with the tax letter `letter`. */
async function taxedProduct(
  client: TestClient,
  letter: TaxType,
  fields: Record<string, unknown>,
): Promise<number> {
  const product = await createProduct(client, {
    quantity: 500,
    min_quantity: 0,
    tax_type: letter,
    ...fields,
  });
  expect(product.tax_type).toBe(letter);
  letterOf.set(product.id, letter);
  return product.id;
}

/** A sale through the API, moved to `at`. */
async function saleAt(
  client: TestClient,
  customer: number,
  fields: Record<string, unknown> & { items: ReturnType<typeof line>[] },
  at: string,
): Promise<Sale> {
  const sale = await createSale(client, { ...fields, customer_id: customer });
  await backdateSale(t.db, sale, at);
  return sale;
}

/** A return of some of a sale's lines through the API, moved to `at`. */
async function returnAt(
  sale: Sale,
  lines: { productId: number; unitType: string; quantity: number }[],
  at: string,
) {
  const response = await adminA.post(`/api/sales/${sale.id}/returns`, {
    items: lines.map(({ productId, unitType, quantity }) => ({
      sale_item_id: sale.items.find(
        (item) => item.product_id === productId && item.unit_type === unitType,
      )!.id,
      quantity,
      restock: true,
    })),
    refund_method: 'cash',
    reason: 'Damaged',
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ data: { id: number } }>().data.id;
  await t.db
    .update(saleReturns)
    .set({ createdAt: new Date(at) })
    .where(eq(saleReturns.id, id));
  await t.db
    .update(saleReturnItems)
    .set({ returnedAt: new Date(at) })
    .where(eq(saleReturnItems.returnId, id));
}

/** A sale's tax table worked out from its lines (lineTaxCents, each line on its own), the delivery fee as B. */
function linesTax(sale: Sale): Sale['tax'] {
  const cents = (value: number) => Math.round(value * 100);
  const lines: { taxType: TaxType; totalCents: number }[] = [
    ...sale.items.map((item) => ({
      taxType: letterOf.get(item.product_id!)!,
      totalCents: cents(item.total),
    })),
    ...(sale.delivery_fee > 0
      ? [{ taxType: 'B' as const, totalCents: cents(sale.delivery_fee) }]
      : []),
  ];
  const byType = new Map<TaxType, { total: number; tax: number }>();
  for (const { taxType, totalCents } of lines) {
    const sums = byType.get(taxType) ?? { total: 0, tax: 0 };
    sums.total += totalCents;
    sums.tax += lineTaxCents(totalCents, TAX_RATES[taxType]);
    byType.set(taxType, sums);
  }
  return TAX_TYPES.filter((letter) => byType.has(letter)).map((letter) => {
    const { total, tax } = byType.get(letter)!;
    return {
      tax_type: letter,
      rate: TAX_RATES[letter],
      taxable_amount: (total - tax) / 100,
      tax_amount: tax / 100,
    };
  });
}

/** The sales' `tax` tables (as their receipts print them) added up per letter, in KSh. */
function sumOfReceipts(receipts: Sale[]): VatReport['by_tax_type'] {
  const cents = (value: number) => Math.round(value * 100);
  const sums = new Map<TaxType, { taxable: number; tax: number }>();
  for (const sale of receipts) {
    // The receipt's table is its lines' tax, each line rounded on its own.
    expect(sale.tax, `sale ${sale.id}`).toEqual(linesTax(sale));
    for (const row of sale.tax) {
      const sum = sums.get(row.tax_type) ?? { taxable: 0, tax: 0 };
      sum.taxable += cents(row.taxable_amount);
      sum.tax += cents(row.tax_amount);
      sums.set(row.tax_type, sum);
    }
  }
  return TAX_TYPES.filter((letter) => sums.has(letter)).map((letter) => ({
    tax_type: letter,
    taxable_amount: sums.get(letter)!.taxable / 100,
    tax_amount: sums.get(letter)!.tax / 100,
  }));
}

async function vat(client: TestClient, month: string): Promise<VatReport> {
  const response = await client.get(`/api/reports/vat?month=${month}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: VatReport }>().data;
}

const november: Sale[] = [];
let october: Sale;

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'VAT Store A')).id;
  storeB = (await buildStore(t.db, 'VAT Store B')).id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  walkInA = (await walkInCustomer(adminA)).id;
  walkInB = (await walkInCustomer(adminB)).id;

  ids.unga = await taxedProduct(adminA, 'A', { name: 'Unga 2kg', piece_selling_price: 200 });
  ids.soap = await taxedProduct(adminA, 'B', {
    name: 'Soap',
    piece_selling_price: 60,
    pack_size: 6,
    pack_selling_price: 330,
    dozen_selling_price: 650,
  });
  ids.milk = await taxedProduct(adminA, 'C', { name: 'Milk 500ml', piece_selling_price: 65 });
  ids.airtime = await taxedProduct(adminA, 'D', { name: 'Airtime', piece_selling_price: 100 });
  ids.gas = await taxedProduct(adminA, 'E', {
    name: 'Gas 6kg',
    piece_buying_price: 900,
    piece_selling_price: 1080,
  });
  ids.soapB = await taxedProduct(adminB, 'B', { name: 'Soap B', piece_selling_price: 60 });

  // 31 October 23:59:59 EAT: gas, in October.
  october = await saleAt(
    adminA,
    walkInA,
    { items: [line(ids.gas, 1, 1080)] },
    '2026-10-31T20:59:59.000Z',
  );
  // 1 November 00:00 EAT (31 October in UTC): a soap at 59.99 (its price changed at the till)
  // and airtime.
  november.push(
    await saleAt(
      adminA,
      walkInA,
      { items: [line(ids.soap, 1, 59.99), line(ids.airtime, 1, 100)] },
      '2026-10-31T21:00:00.000Z',
    ),
  );
  // 10 November: the mixed basket, every letter, soap by the piece, the pack and the dozen, and a
  // delivery of 150.
  november.push(
    await saleAt(
      adminA,
      walkInA,
      {
        items: [
          line(ids.unga, 2, 200),
          line(ids.soap, 3, 60),
          line(ids.soap, 1, 330, 'pack'),
          line(ids.soap, 1, 650, 'dozen'),
          line(ids.milk, 2, 65),
          line(ids.gas, 1, 1080),
        ],
        delivery_fee: 150,
      },
      '2026-11-10T09:00:00.000Z',
    ),
  );
  // 12 November: a sale cancelled afterwards — counted nowhere.
  const cancelled = await saleAt(
    adminA,
    walkInA,
    { items: [line(ids.gas, 2, 1080)] },
    '2026-11-12T09:00:00.000Z',
  );
  await t.db.update(sales).set({ status: 'cancelled' }).where(eq(sales.id, cancelled.id));
  // 15 November in store B: counted only in B's report.
  await saleAt(adminB, walkInB, { items: [line(ids.soapB, 10, 60)] }, '2026-11-15T09:00:00.000Z');

  // 25 November: the dozen of soap comes back (650, VAT 89.66); 1 December 00:30 EAT (still
  // 30 November in UTC), the gas of the 10th (1,080, VAT 80).
  const basket = november[1]!;
  await returnAt(
    basket,
    [{ productId: ids.soap, unitType: 'dozen', quantity: 1 }],
    '2026-11-25T09:00:00.000Z',
  );
  await returnAt(
    basket,
    [{ productId: ids.gas, unitType: 'piece', quantity: 1 }],
    '2026-11-30T21:30:00.000Z',
  );
});
afterAll(() => t.close());

describe('GET /api/reports/vat', () => {
  it('is the month’s receipts added up per letter, A to E', async () => {
    const report = await vat(adminA, '2026-11');
    expect(report.month).toBe('2026-11');
    expect(report.by_tax_type).toEqual(sumOfReceipts(november));
    // By hand. B: 59.99 (VAT 8.27), 3 pieces 180 (24.83), a pack 330 (45.52), a dozen 650
    // (89.66) and the delivery 150 (20.69). E: 1,080 at 8% (80). A, C and D carry no VAT.
    expect(report.by_tax_type).toEqual([
      { tax_type: 'A', taxable_amount: 400, tax_amount: 0 },
      { tax_type: 'B', taxable_amount: 1181.02, tax_amount: 188.97 },
      { tax_type: 'C', taxable_amount: 130, tax_amount: 0 },
      { tax_type: 'D', taxable_amount: 100, tax_amount: 0 },
      { tax_type: 'E', taxable_amount: 1000, tax_amount: 80 },
    ]);
  });

  it('gives the month’s returns as credit notes, not netted off the sales', async () => {
    // Only the dozen of soap came back in November; the gas came back on 1 December.
    expect((await vat(adminA, '2026-11')).credit_notes).toEqual({
      taxable_amount: 560.34,
      tax_amount: 89.66,
    });
    expect(await vat(adminA, '2026-12')).toEqual({
      month: '2026-12',
      by_tax_type: [],
      credit_notes: { taxable_amount: 1000, tax_amount: 80 },
    });
  });

  it('counts a sale in its Nairobi month and leaves other months out', async () => {
    expect(await vat(adminA, '2026-10')).toEqual({
      month: '2026-10',
      by_tax_type: sumOfReceipts([october]),
      credit_notes: { taxable_amount: 0, tax_amount: 0 },
    });
    expect((await vat(adminA, '2026-10')).by_tax_type).toEqual([
      { tax_type: 'E', taxable_amount: 1000, tax_amount: 80 },
    ]);
    expect(await vat(adminA, '2026-09')).toEqual({
      month: '2026-09',
      by_tax_type: [],
      credit_notes: { taxable_amount: 0, tax_amount: 0 },
    });
  });

  it('reads only the caller’s store', async () => {
    // Store B's 10 soaps at 60: 600, VAT 82.76; nothing of store A's.
    expect(await vat(adminB, '2026-11')).toEqual({
      month: '2026-11',
      by_tax_type: [{ tax_type: 'B', taxable_amount: 517.24, tax_amount: 82.76 }],
      credit_notes: { taxable_amount: 0, tax_amount: 0 },
    });
  });

  it('is for managers: a cashier is refused', async () => {
    const { client } = await signedIn(t, 'sales', storeA);
    expect((await client.get('/api/reports/vat?month=2026-11')).statusCode).toBe(403);
    const { client: manager } = await signedIn(t, 'manager', storeA);
    expect((await vat(manager, '2026-11')).by_tax_type).toHaveLength(5);
  });

  it.each([
    '',
    'month=2026-13',
    'month=2026-1',
    'month=2026-11-01',
    'month=November',
    'month=0099-12',
  ])('is a 400 naming month on ?%s', async (query) => {
    const response = await adminA.get(`/api/reports/vat?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json())).toContain('month');
    expect(JSON.stringify(response.json())).toContain('Month must be a month (YYYY-MM)');
  });
});
