/**
 * VAT on every sale (issue 26): each line's tax letter and VAT, the sale's tax per letter to the
 * cent on mixed baskets (pack and dozen lines, a delivery), the invoice number consecutive per
 * store with no gap (20 sales at once, and after a refused sale), the credit note's own series
 * and tax, the buyer's KRA PIN, and the eTIMS state of a store that is not registered.
 */
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { lineTaxCents, TAX_RATES, type TaxType } from '@duka/shared/tax/tax';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createCustomer,
  createProduct,
  saleBody,
  saleLine as line,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { customers } from '../customers/customers.table';

let t: TestApp;
let storeId: number;
let manager: TestClient;
let cashier: TestClient;
let walkIn: number;

beforeAll(async () => {
  t = await createTestApp();
  storeId = (await buildStore(t.db, 'VAT Store')).id;
  manager = (await signedIn(t, 'manager', storeId)).client;
  cashier = (await signedIn(t, 'sales', storeId)).client;
  walkIn = (await walkInCustomer(cashier)).id;
});
afterAll(() => t.close());

async function sell(fields: Record<string, unknown> & { items: ReturnType<typeof line>[] }) {
  const response = await cashier.post('/api/sales', saleBody({ customer_id: walkIn, ...fields }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Sale;
}

/** The sale's tax per letter worked out here, line by line, in cents. */
function expectedTax(lines: { letter: TaxType; total: number }[]) {
  const sums = new Map<TaxType, { total: number; tax: number }>();
  for (const { letter, total } of lines) {
    const cents = Math.round(total * 100);
    const sum = sums.get(letter) ?? { total: 0, tax: 0 };
    sum.total += cents;
    sum.tax += lineTaxCents(cents, TAX_RATES[letter]);
    sums.set(letter, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([letter, { total, tax }]) => ({
      tax_type: letter,
      rate: TAX_RATES[letter],
      taxable_amount: (total - tax) / 100,
      tax_amount: tax / 100,
    }));
}

describe('tax on a sale', () => {
  it('takes each line’s VAT at its product’s letter and adds them up per letter, the delivery as B', async () => {
    const flour = await createProduct(manager, { tax_type: 'A', piece_selling_price: 215 });
    const soap = await createProduct(manager, {
      tax_type: 'B',
      pack_size: 6,
      piece_selling_price: 45.5,
      pack_selling_price: 259.99,
      dozen_selling_price: 510.35,
    });
    const bread = await createProduct(manager, { tax_type: 'C', piece_selling_price: 65 });
    const gas = await createProduct(manager, { tax_type: 'E', piece_selling_price: 1_037.5 });
    const stamp = await createProduct(manager, { tax_type: 'D', piece_selling_price: 20 });
    expect(soap.tax_type).toBe('B');

    const sale = await sell({
      items: [
        line(flour.id, 3, 215),
        line(soap.id, 2, 259.99, 'pack'),
        line(soap.id, 1, 510.35, 'dozen'),
        line(soap.id, 7, 45.5),
        line(bread.id, 2, 65),
        line(gas.id, 1, 1_037.5),
        line(stamp.id, 1, 20),
      ],
      delivery_fee: 150,
    });

    const expected = expectedTax([
      { letter: 'A', total: 645 },
      { letter: 'B', total: 519.98 },
      { letter: 'B', total: 510.35 },
      { letter: 'B', total: 318.5 },
      { letter: 'C', total: 130 },
      { letter: 'E', total: 1_037.5 },
      { letter: 'D', total: 20 },
      { letter: 'B', total: 150 },
    ]);
    expect(sale.tax).toEqual(expected);
    // 519.98 × 16/116 = 71.72; 510.35 → 70.39; 318.50 → 43.93; the delivery 150 → 20.69.
    expect(sale.tax.find((row) => row.tax_type === 'B')).toEqual({
      tax_type: 'B',
      rate: 16,
      taxable_amount: 1_498.83 - 206.73,
      tax_amount: 206.73,
    });
    // 1,037.50 × 8/108 = 76.85
    expect(sale.tax.find((row) => row.tax_type === 'E')?.tax_amount).toBe(76.85);
    expect(sale.items.map((item) => [item.tax_type, item.tax_amount])).toEqual([
      ['A', 0],
      ['B', 71.72],
      ['B', 70.39],
      ['B', 43.93],
      ['C', 0],
      ['E', 76.85],
      ['D', 0],
    ]);
    // The details read back the same.
    const read = (await manager.get(`/api/sales/${sale.id}`)).json().data as Sale;
    expect(read.tax).toEqual(expected);
    expect(read.invoice_no).toBe(sale.invoice_no);
  });

  it('keeps the letter a line was sold at when the product’s letter changes', async () => {
    const product = await createProduct(manager, { tax_type: 'B', piece_selling_price: 116 });
    const sale = await sell({ items: [line(product.id, 1, 116)] });
    const changed = await manager.put(`/api/products/${product.id}`, { tax_type: 'A' });
    expect(changed.statusCode, changed.body).toBe(200);
    const read = (await manager.get(`/api/sales/${sale.id}`)).json().data as Sale;
    expect(read.tax).toEqual([{ tax_type: 'B', rate: 16, taxable_amount: 100, tax_amount: 16 }]);
  });

  it('refuses a cashier’s change of a product’s letter, like its prices', async () => {
    const product = await createProduct(manager, { tax_type: 'B' });
    const response = await cashier.put(`/api/products/${product.id}`, { tax_type: 'A' });
    expect(response.statusCode, response.body).toBe(403);
  });

  it('refuses an unknown letter, naming the field', async () => {
    const response = await manager.post('/api/products', {
      name: 'Bad letter',
      sku: 'BAD-LETTER',
      category_id: (await createProduct(manager)).category_id,
      piece_selling_price: 10,
      quantity: 1,
      min_quantity: 0,
      tax_type: 'F',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'tax_type',
          message: 'Tax type must be one of A, B, C, D, E',
        }),
      ]),
    );
  });
});

describe('invoice numbers', () => {
  it('are consecutive per store from 1, with no gap under 20 sales at once or after a refusal', async () => {
    const own = (await buildStore(t.db, 'Invoice Store')).id;
    const seller = (await signedIn(t, 'admin', own)).client;
    const ownWalkIn = (await walkInCustomer(seller)).id;
    const product = await createProduct(seller, { piece_selling_price: 10, quantity: 1_000 });
    const scarce = await createProduct(seller, { piece_selling_price: 10, quantity: 1 });
    const body = (id = product.id, quantity = 1) =>
      saleBody({ items: [line(id, quantity, 10)], customer_id: ownWalkIn });

    const first = await seller.post('/api/sales', body());
    expect(first.json().data.invoice_no).toBe(1);
    // Refused for stock: it takes no number.
    const refused = await seller.post('/api/sales', body(scarce.id, 5));
    expect(refused.statusCode).toBe(409);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => seller.post('/api/sales', body())),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const numbers = responses.map((response) => response.json().data.invoice_no as number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 2),
    );
    const next = await seller.post('/api/sales', body());
    expect(next.json().data.invoice_no).toBe(22);

    // Another store's numbers are its own.
    const elsewhere = await createProduct(manager);
    const before = (await sell({ items: [line(elsewhere.id, 1, 60)] })).invoice_no;
    const after = (await sell({ items: [line(elsewhere.id, 1, 60)] })).invoice_no;
    expect(after).toBe(before + 1);
    expect(before).toBeLessThan(22);
  });
});

describe('credit notes', () => {
  it('number a store’s returns in a series of their own, with the tax of the returned lines', async () => {
    const product = await createProduct(manager, { tax_type: 'E', piece_selling_price: 54 });
    const sale = await sell({ items: [line(product.id, 3, 54)] });
    const lineId = sale.items[0]!.id;
    const returnOf = async (quantity: number) => {
      const response = await manager.post(`/api/sales/${sale.id}/returns`, {
        items: [{ sale_item_id: lineId, quantity, restock: true }],
        refund_method: 'cash',
        reason: 'Wrong size',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as Sale['returns'][number];
    };
    const first = await returnOf(1);
    const second = await returnOf(2);
    expect(second.credit_note_no).toBe(first.credit_note_no + 1);
    // 54 × 8/108 = 4.00; 108 × 8/108 = 8.00
    expect(first.tax).toEqual([{ tax_type: 'E', rate: 8, taxable_amount: 50, tax_amount: 4 }]);
    expect(second.tax).toEqual([{ tax_type: 'E', rate: 8, taxable_amount: 100, tax_amount: 8 }]);
    expect(first.etims).toEqual({ status: 'not_registered' });
    const read = (await manager.get(`/api/sales/${sale.id}`)).json().data as Sale;
    expect(read.returns.map((entry) => entry.credit_note_no)).toEqual([
      first.credit_note_no,
      second.credit_note_no,
    ]);
  });
  it('credits exactly the VAT a line was sold with, however many returns it takes', async () => {
    // 10 × 0.30 at B: VAT 3.00 × 16/116 = 0.41; a piece's 0.30 alone holds 0.04.
    const product = await createProduct(manager, { tax_type: 'B', piece_selling_price: 0.3 });
    const sale = await sell({ items: [line(product.id, 10, 0.3)] });
    expect(sale.items[0]!.tax_amount).toBe(0.41);
    const credited: number[] = [];
    for (let returned = 0; returned < 10; returned += 1) {
      const response = await manager.post(`/api/sales/${sale.id}/returns`, {
        items: [{ sale_item_id: sale.items[0]!.id, quantity: 1, restock: true }],
        refund_method: 'cash',
        reason: 'One at a time',
      });
      expect(response.statusCode, response.body).toBe(201);
      credited.push(
        Math.round((response.json().data as Sale['returns'][number]).tax[0]!.tax_amount * 100),
      );
    }
    expect(credited.reduce((sum, cents) => sum + cents, 0)).toBe(41);
  });
});

describe('KRA PINs', () => {
  it('prints the buyer’s PIN given at the till and keeps it for a named customer who had none', async () => {
    const product = await createProduct(manager);
    const customer = await createCustomer(manager);
    const sale = await sell({
      items: [line(product.id, 1, 60)],
      customer_id: customer.id,
      buyer_kra_pin: 'p051234567q',
    });
    expect(sale.buyer_kra_pin).toBe('P051234567Q');
    expect(sale.store_kra_pin).toBeNull();
    expect(sale.etims).toEqual({ status: 'not_registered' });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.kraPin).toBe('P051234567Q');
    // The next sale to them carries it without being told.
    const next = await sell({ items: [line(product.id, 1, 60)], customer_id: customer.id });
    expect(next.buyer_kra_pin).toBe('P051234567Q');
    // The Walk-in Customer keeps none.
    const walkInSale = await sell({
      items: [line(product.id, 1, 60)],
      buyer_kra_pin: 'A000000001B',
    });
    expect(walkInSale.buyer_kra_pin).toBe('A000000001B');
    const [walkInRow] = await t.db.select().from(customers).where(eq(customers.id, walkIn));
    expect(walkInRow!.kraPin).toBeNull();
  });

  it('refuses a malformed PIN naming the field, and writes nothing', async () => {
    const product = await createProduct(manager);
    const response = await cashier.post(
      '/api/sales',
      saleBody({ items: [line(product.id, 1, 60)], customer_id: walkIn, buyer_kra_pin: 'P05123' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({
        path: 'buyer_kra_pin',
        message: 'KRA PIN must be a letter, 9 digits and a letter (A123456789B)',
      }),
    ]);
    const customer = await manager.post('/api/customers', {
      name: 'Pin Customer',
      phone: '0712 999 111',
      kra_pin: 'X',
    });
    expect(customer.statusCode).toBe(400);
  });
});

describe('eTIMS state of an unregistered store', () => {
  it('lists its sales as not_registered and none as pending', async () => {
    const product = await createProduct(manager);
    const sale = await sell({ items: [line(product.id, 1, 60)] });
    const notRegistered = await manager.get('/api/sales', {
      query: { etims_status: 'not_registered', pageSize: '100' },
    });
    expect(notRegistered.statusCode, notRegistered.body).toBe(200);
    expect(notRegistered.json().sales.map((row: Sale) => row.id)).toContain(sale.id);
    const pending = await manager.get('/api/sales', { query: { etims_status: 'pending' } });
    expect(pending.json().sales).toEqual([]);
    const bad = await manager.get('/api/sales', { query: { etims_status: 'lost' } });
    expect(bad.statusCode).toBe(400);
  });
});
