/**
 * Returns and refunds (issue 24): POST /sales/{id}/returns and what a sale shows of its returns.
 * Sales are made the real way (POST /sales); the stock, the customer's account, the loyalty
 * points and the returns are read back through the API or the tables they live in.
 */
import { formatCurrency } from '@duka/shared/money/money';
import { RETURN_MESSAGES } from '@duka/shared/returns/returns.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import {
  buildStore,
  createCustomer,
  createProduct,
  createSale,
  saleLine,
  signedIn,
  walkInCustomer,
} from '../../testing/factories';
import { customerAccountEntries } from '../customers/customer-accounts.table';
import { customers } from '../customers/customers.table';
import { loyaltyTransactions } from '../customers/loyalty.table';
import { products } from '../products/products.table';
import { stockMovements } from '../products/stock-movements.table';
import { saleItems, sales } from '../sales/sales.table';
import { shifts } from '../shifts/shifts.table';
import { saleReturns } from './returns.table';

let t: TestApp;
let storeA: number;
let managerA: TestClient;
let managerUserA: number;
let adminA: TestClient;
let salesA: TestClient;
let shopperA: TestClient;
let adminB: TestClient;
let walkInA: number;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface ReturnJson {
  id: number;
  sale_id: number;
  amount: number;
  refund_method: string;
  mpesa_code: string | null;
  reason: string;
  points_reversed: number;
  shift_id: number | null;
  User: { id: number; name: string } | null;
  items: {
    sale_item_id: number;
    product_id: number | null;
    product_name: string;
    unit_type: string;
    quantity: number;
    pieces: number;
    amount: number;
    restock: boolean;
  }[];
}

const back = (sale_item_id: number, quantity: number, restock = true) => ({
  sale_item_id,
  quantity,
  restock,
});

function returnBody(items: ReturnType<typeof back>[], fields: Record<string, unknown> = {}) {
  return { items, refund_method: 'cash', reason: 'Customer changed their mind', ...fields };
}

function postReturn(
  saleId: number,
  body: unknown,
  client = managerA,
  headers: Record<string, string> = {},
) {
  return client.post(`/api/sales/${saleId}/returns`, body, { headers });
}

async function returned(saleId: number, body: unknown, client = managerA): Promise<ReturnJson> {
  const response = await postReturn(saleId, body, client);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as ReturnJson;
}

async function saleOf(id: number, client = managerA): Promise<Sale> {
  const response = await client.get(`/api/sales/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Sale;
}

async function stockOf(productId: number): Promise<number> {
  const response = await adminA.get(`/api/products/${productId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.stock_pieces as number;
}

const returnMovements = (productId: number) =>
  t.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), eq(stockMovements.reason, 'return')));

async function customerRow(id: number) {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Returns Store A')).id;
  const storeB = (await buildStore(t.db, 'Returns Store B')).id;
  const manager = await signedIn(t, 'manager', storeA);
  managerA = manager.client;
  managerUserA = manager.user.id;
  adminA = (await signedIn(t, 'admin', storeA)).client;
  salesA = (await signedIn(t, 'sales', storeA)).client;
  shopperA = (await signedIn(t, 'user', storeA)).client;
  adminB = (await signedIn(t, 'admin', storeB)).client;
  walkInA = (await walkInCustomer(adminA)).id;
});
afterAll(() => t.close());

describe('POST /api/sales/{id}/returns', () => {
  it('takes part of a sale back, then the rest: status and returned_amount follow', async () => {
    const flour = await createProduct(adminA);
    const sugar = await createProduct(adminA);
    const sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(flour.id, 3, 60), saleLine(sugar.id, 1, 100)],
    });
    const [flourLine, sugarLine] = sale.items;
    expect(sale.returns).toEqual([]);
    expect(sale.returned_amount).toBe(0);

    const first = await returned(sale.id, returnBody([back(flourLine!.id, 1)]));
    expect(first).toMatchObject({
      sale_id: sale.id,
      amount: 60,
      refund_method: 'cash',
      mpesa_code: null,
      reason: 'Customer changed their mind',
      shift_id: null,
      User: { id: managerUserA },
      items: [
        {
          sale_item_id: flourLine!.id,
          product_id: flour.id,
          product_name: flour.name,
          unit_type: 'piece',
          quantity: 1,
          pieces: 1,
          amount: 60,
          restock: true,
        },
      ],
    });
    let shown = await saleOf(sale.id);
    expect(shown.status).toBe('partially_returned');
    expect(shown.returned_amount).toBe(60);
    expect(shown.items.map((item) => item.returned_quantity)).toEqual([1, 0]);
    expect(shown.returns).toHaveLength(1);
    expect(shown.returns[0]).toMatchObject({ id: first.id, amount: 60 });

    const second = await returned(
      sale.id,
      returnBody([back(flourLine!.id, 2), back(sugarLine!.id, 1, false)], {
        refund_method: 'mpesa',
        mpesa_code: 'SFT4A1B2C3',
      }),
    );
    expect(second).toMatchObject({ amount: 220, refund_method: 'mpesa', mpesa_code: 'SFT4A1B2C3' });
    shown = await saleOf(sale.id);
    expect(shown.status).toBe('returned');
    expect(shown.returned_amount).toBe(280);
    expect(shown.items.map((item) => item.returned_quantity)).toEqual([3, 1]);
    // Oldest first, each with its lines and who gave the refund.
    expect(shown.returns.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(shown.returns[1]!.items).toHaveLength(2);
    expect(shown.returns[1]!.User?.id).toBe(managerUserA);

    // The sales list shows the same (the page's returns read together).
    const list = await managerA.get('/api/sales', { query: { pageSize: '100' } });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().sales as Sale[]).find((row) => row.id === sale.id)!;
    expect(listed.status).toBe('returned');
    expect(listed.returned_amount).toBe(280);
    expect(listed.returns.map((r) => r.id)).toEqual([first.id, second.id]);

    const again = await postReturn(sale.id, returnBody([back(sugarLine!.id, 1)]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURN_MESSAGES.overReturn(0, sugar.name));
  });

  it('refuses more than is left to return with 409 and changes nothing', async () => {
    const product = await createProduct(adminA);
    const sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 2, 60)],
    });
    const line = sale.items[0]!;
    const stock = await stockOf(product.id);

    const response = await postReturn(sale.id, returnBody([back(line.id, 3)]));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`Only 2 left to return of ${product.name}`);
    expect(response.json().errors).toEqual([
      { path: 'items.0.quantity', message: `Only 2 left to return of ${product.name}` },
    ]);

    await returned(sale.id, returnBody([back(line.id, 1)]));
    const after = await postReturn(sale.id, returnBody([back(line.id, 2)]));
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(`Only 1 left to return of ${product.name}`);
    const shown = await saleOf(sale.id);
    expect(shown.returned_amount).toBe(60);
    expect(shown.returns).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(stock + 1);
  });

  it('never returns more than was sold when ten managers return the same line at once', async () => {
    const product = await createProduct(adminA);
    const sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 5, 60)],
    });
    const line = sale.items[0]!;
    const stock = await stockOf(product.id);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postReturn(sale.id, returnBody([back(line.id, 1)]))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toBe(`Only 0 left to return of ${product.name}`);
    }
    const [row] = await t.db.select().from(saleItems).where(eq(saleItems.id, line.id));
    expect(row!.returnedQuantity).toBe(5);
    const shown = await saleOf(sale.id);
    expect(shown.status).toBe('returned');
    expect(shown.returned_amount).toBe(300);
    expect(shown.returns.reduce((sum, r) => sum + r.items[0]!.quantity, 0)).toBe(5);
    expect(await stockOf(product.id)).toBe(stock + 5);
  });

  it('puts restocked pieces back with a return movement; a write-off changes no stock', async () => {
    const product = await createProduct(adminA, { quantity: 100 });
    const sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 4, 60)],
    });
    const line = sale.items[0]!;
    expect(await stockOf(product.id)).toBe(96);

    await returned(sale.id, returnBody([back(line.id, 1, true)]));
    expect(await stockOf(product.id)).toBe(97);
    const movements = await returnMovements(product.id);
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ changePieces: 1, reference: `SALE-${sale.id}` });

    const damaged = await returned(
      sale.id,
      returnBody([back(line.id, 2, false)], { reason: 'Torn bag' }),
    );
    expect(damaged.items[0]).toMatchObject({ restock: false, pieces: 2, amount: 120 });
    expect(await stockOf(product.id)).toBe(97);
    expect(await returnMovements(product.id)).toHaveLength(1);
  });

  it('returns a pack or a dozen as its pieces', async () => {
    const product = await createProduct(adminA, { quantity: 200, pack_size: 6 });
    const sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 2, 330, 'pack'), saleLine(product.id, 1, 650, 'dozen')],
    });
    const [packs, dozen] = sale.items;
    expect(await stockOf(product.id)).toBe(200 - 12 - 12);

    const first = await returned(sale.id, returnBody([back(packs!.id, 1), back(dozen!.id, 1)]));
    expect(first.items.map((item) => [item.unit_type, item.pieces, item.amount])).toEqual([
      ['pack', 6, 330],
      ['dozen', 12, 650],
    ]);
    expect(first.amount).toBe(980);
    expect(await stockOf(product.id)).toBe(200 - 6);
    const movements = await returnMovements(product.id);
    expect(movements.map((row) => row.changePieces)).toEqual([18]);
  });

  it('refunds no more than a line was charged when a cart discount was spread over it', async () => {
    const product = await createProduct(adminA);
    // 3 × 60 less a cart discount of 10: the line was charged 170.
    const sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 3, 60)],
      cart_discount: 10,
    });
    const line = sale.items[0]!;
    expect(line.total).toBe(170);
    const amounts: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      amounts.push((await returned(sale.id, returnBody([back(line.id, 1)]))).amount);
    }
    expect(amounts).toEqual([56.66, 56.67, 56.67]);
    expect((await saleOf(sale.id)).returned_amount).toBe(170);
  });

  it('refuses to restock a line whose product was deleted, and writes it off', async () => {
    const product = await createProduct(adminA);
    const sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 2, 60)],
    });
    const line = sale.items[0]!;
    // As the product's deletion leaves its lines (product_id set null).
    await t.db.update(saleItems).set({ productId: null }).where(eq(saleItems.id, line.id));

    const refused = await postReturn(sale.id, returnBody([back(line.id, 1, true)]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RETURN_MESSAGES.productGone(product.name));
    const written = await returned(sale.id, returnBody([back(line.id, 1, false)]));
    expect(written.items[0]).toMatchObject({ product_id: null, restock: false });
  });

  it('puts a cash refund on the manager’s open shift in this store', async () => {
    const product = await createProduct(adminA);
    const sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 3, 60)],
    });
    const line = sale.items[0]!;
    const [closed] = await t.db
      .insert(shifts)
      .values({
        storeId: storeA,
        userId: managerUserA,
        openingFloat: '0',
        closedAt: new Date(),
        expectedCash: '0',
        countedCash: '0',
        difference: '0',
      })
      .returning();
    expect((await returned(sale.id, returnBody([back(line.id, 1)]))).shift_id).toBeNull();
    const [open] = await t.db
      .insert(shifts)
      .values({ storeId: storeA, userId: managerUserA, openingFloat: '1000' })
      .returning();
    expect(closed!.id).not.toBe(open!.id);
    const cash = await returned(sale.id, returnBody([back(line.id, 1)]));
    expect(cash.shift_id).toBe(open!.id);
    // M-Pesa sent back by hand is not the drawer's.
    const mpesa = await returned(
      sale.id,
      returnBody([back(line.id, 1)], { refund_method: 'mpesa', mpesa_code: 'SFT4A1B2C4' }),
    );
    expect(mpesa.shift_id).toBeNull();
    await t.db
      .update(shifts)
      .set({ closedAt: new Date(), expectedCash: '0', countedCash: '0' })
      .where(eq(shifts.id, open!.id));
  });

  it('puts the cash refund of a manager with no open shift on the sale’s open shift', async () => {
    // The cashier rings the sale up in their shift; the manager, called to the counter with no
    // drawer of their own, refunds from the cashier's: that shift's Z report must count it.
    const cashier = await signedIn(t, 'sales', storeA);
    const [cashierShift] = await t.db
      .insert(shifts)
      .values({ storeId: storeA, userId: cashier.user.id, openingFloat: '2000' })
      .returning();
    const product = await createProduct(adminA);
    const sale = await createSale(cashier.client, {
      customer_id: walkInA,
      items: [saleLine(product.id, 4, 60)],
    });
    await t.db.update(sales).set({ shiftId: cashierShift!.id }).where(eq(sales.id, sale.id));
    const line = sale.items[0]!;

    const cash = await returned(sale.id, returnBody([back(line.id, 1)]));
    expect(cash.shift_id).toBe(cashierShift!.id);
    // M-Pesa sent back by hand is still no drawer's.
    const mpesa = await returned(
      sale.id,
      returnBody([back(line.id, 1)], { refund_method: 'mpesa', mpesa_code: 'SFT4A1B2C5' }),
    );
    expect(mpesa.shift_id).toBeNull();

    // A manager with a drawer of their own refunds from it.
    const [managerShift] = await t.db
      .insert(shifts)
      .values({ storeId: storeA, userId: managerUserA, openingFloat: '500' })
      .returning();
    expect((await returned(sale.id, returnBody([back(line.id, 1)]))).shift_id).toBe(
      managerShift!.id,
    );
    await t.db
      .update(shifts)
      .set({ closedAt: new Date(), expectedCash: '0', countedCash: '0' })
      .where(eq(shifts.id, managerShift!.id));

    // Once the sale's shift is closed, its drawer is counted: a later refund is no shift's.
    await t.db
      .update(shifts)
      .set({ closedAt: new Date(), expectedCash: '0', countedCash: '0' })
      .where(eq(shifts.id, cashierShift!.id));
    expect((await returned(sale.id, returnBody([back(line.id, 1)]))).shift_id).toBeNull();
  });
});

describe('refund off credit', () => {
  /** A sale of `quantity` pieces at 60, owed in full on credit. */
  async function creditSale(customerId: number, productId: number, quantity: number) {
    return createSale(salesA, {
      customer_id: customerId,
      items: [saleLine(productId, quantity, 60)],
      payment_method: undefined,
      payments: [{ method: 'credit', amount: quantity * 60 }],
    });
  }

  it('lowers the balance and the sale’s balance_due, with a refund entry', async () => {
    const product = await createProduct(adminA);
    const customer = await createCustomer(adminA);
    const sale = await creditSale(customer.id, product.id, 5);
    const line = sale.items[0]!;
    expect(sale.balance_due).toBe(300);

    await returned(sale.id, returnBody([back(line.id, 2)], { refund_method: 'credit' }));
    expect((await customerRow(customer.id)).balance).toBe('180.00');
    let shown = await saleOf(sale.id);
    expect(shown.balance_due).toBe(180);
    expect(shown.payment_status).toBe('pending');
    const entries = await t.db
      .select()
      .from(customerAccountEntries)
      .where(
        and(
          eq(customerAccountEntries.customerId, customer.id),
          eq(customerAccountEntries.type, 'refund'),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amount: '120.00',
      saleId: sale.id,
      method: 'credit',
      balanceAfter: '180.00',
    });

    await returned(sale.id, returnBody([back(line.id, 3)], { refund_method: 'credit' }));
    expect((await customerRow(customer.id)).balance).toBe('0.00');
    shown = await saleOf(sale.id);
    expect(shown.balance_due).toBe(0);
    expect(shown.payment_status).toBe('paid');
    const account = await adminA.get(`/api/customers/${customer.id}/account`);
    expect(account.json().data.entries.map((e: { type: string }) => e.type)).toEqual([
      'credit_sale',
      'refund',
      'refund',
    ]);
  });

  it.runIf(onPostgres).each([
    ['restocked', true],
    ['written off', false],
  ])(
    'locks the product of a line %s before the customer, as a sale does (PostgreSQL)',
    async (_, restock) => {
      const product = await createProduct(adminA);
      const customer = await createCustomer(adminA);
      const sale = await creditSale(customer.id, product.id, 2);
      // A sale of the same product to the same customer holds the product and is about to lock
      // the customer (write_sale: products, then the customer)…
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const hasLocked = new Promise<void>((resolve) => (locked = resolve));
      const sale2 = t.db.transaction(async (tx) => {
        await tx.select().from(products).where(eq(products.id, product.id)).for('update');
        locked();
        await released;
      });
      await hasLocked;
      const refund = postReturn(
        sale.id,
        returnBody([back(sale.items[0]!.id, 1, restock)], { refund_method: 'credit' }),
      );
      // …the return waits for the product without holding the customer: no deadlock.
      for (let waited = 0; ; waited += 1) {
        const result = await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
        );
        if ((result as { rows: { n: number }[] }).rows[0]!.n > 0) break;
        expect(waited).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from customers where id = ${customer.id} for update nowait`);
      });
      release();
      await sale2;
      expect((await refund).statusCode).toBe(201);
      expect((await customerRow(customer.id)).balance).toBe('60.00');
    },
  );

  it('takes a paid sale’s refund off the customer’s oldest other debt', async () => {
    const product = await createProduct(adminA);
    const customer = await createCustomer(adminA);
    const owed = await creditSale(customer.id, product.id, 2);
    const paid = await createSale(salesA, {
      customer_id: customer.id,
      items: [saleLine(product.id, 1, 60)],
    });
    await returned(paid.id, returnBody([back(paid.items[0]!.id, 1)], { refund_method: 'credit' }));
    expect((await saleOf(owed.id)).balance_due).toBe(60);
    expect((await saleOf(paid.id)).balance_due).toBe(0);
    expect((await customerRow(customer.id)).balance).toBe('60.00');
  });

  it('is 409 when the customer owes less, or the sale is the Walk-in Customer’s', async () => {
    const product = await createProduct(adminA);
    const customer = await createCustomer(adminA);
    const owes = await creditSale(customer.id, product.id, 1);
    const paid = await createSale(salesA, {
      customer_id: customer.id,
      items: [saleLine(product.id, 2, 60)],
    });
    const stock = await stockOf(product.id);
    const tooMuch = await postReturn(
      paid.id,
      returnBody([back(paid.items[0]!.id, 2)], { refund_method: 'credit' }),
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(RETURN_MESSAGES.creditTooLarge(formatCurrency(60)));
    expect(await stockOf(product.id)).toBe(stock);
    expect((await saleOf(paid.id)).returns).toEqual([]);
    expect((await saleOf(owes.id)).balance_due).toBe(60);

    const walkIn = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 1, 60)],
    });
    const anonymous = await postReturn(
      walkIn.id,
      returnBody([back(walkIn.items[0]!.id, 1)], { refund_method: 'credit' }),
    );
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json().message).toBe(RETURN_MESSAGES.creditNeedsCustomer);
  });
});

describe('loyalty points of returned goods', () => {
  const kinds = (customerId: number) =>
    t.db
      .select({ points: loyaltyTransactions.points, kind: loyaltyTransactions.kind })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.customerId, customerId));

  it('takes back the points earned on the returned part', async () => {
    const product = await createProduct(adminA);
    const customer = await createCustomer(adminA);
    // 1000 of goods at 1 point per 100: 10 points.
    const sale = await createSale(salesA, {
      customer_id: customer.id,
      items: [saleLine(product.id, 10, 100)],
    });
    expect((await customerRow(customer.id)).loyaltyPoints).toBe(10);
    const line = sale.items[0]!;

    // 100 back leaves 900, which earns 9: 1 taken back.
    const first = await returned(sale.id, returnBody([back(line.id, 1)]));
    expect(first.points_reversed).toBe(1);
    const second = await returned(sale.id, returnBody([back(line.id, 1)]));
    expect(second.points_reversed).toBe(1);
    expect((await customerRow(customer.id)).loyaltyPoints).toBe(8);
    const rest = await returned(sale.id, returnBody([back(line.id, 8)]));
    expect(rest.points_reversed).toBe(8);
    expect((await customerRow(customer.id)).loyaltyPoints).toBe(0);
    expect(await kinds(customer.id)).toEqual([
      { points: 10, kind: 'earn' },
      { points: -1, kind: 'return' },
      { points: -1, kind: 'return' },
      { points: -8, kind: 'return' },
    ]);
  });

  it('never takes the points below zero', async () => {
    const product = await createProduct(adminA);
    const customer = await createCustomer(adminA);
    const sale = await createSale(salesA, {
      customer_id: customer.id,
      items: [saleLine(product.id, 10, 100)],
    });
    const redeem = await managerA.post('/api/loyalty/redeem-points', {
      customer_id: customer.id,
      points: 8,
    });
    expect(redeem.statusCode, redeem.body).toBe(200);

    const all = await returned(sale.id, returnBody([back(sale.items[0]!.id, 10)]));
    expect(all.points_reversed).toBe(2);
    expect((await customerRow(customer.id)).loyaltyPoints).toBe(0);
    const [row] = await t.db.select().from(saleReturns).where(eq(saleReturns.id, all.id));
    expect(row!.pointsReversed).toBe(2);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeated key with the first return, and refuses it with another body', async () => {
    const product = await createProduct(adminA);
    const sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 3, 60)],
    });
    const line = sale.items[0]!;
    const headers = { 'idempotency-key': 'return-5c1d-0001' };
    const body = returnBody([back(line.id, 1)]);

    const first = await postReturn(sale.id, body, managerA, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await postReturn(sale.id, body, managerA, headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);

    const other = await postReturn(sale.id, returnBody([back(line.id, 2)]), managerA, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This Idempotency-Key was used for a different return');

    // Both at once: one return.
    const together = { 'idempotency-key': 'return-5c1d-0002' };
    const both = await Promise.all([
      postReturn(sale.id, body, managerA, together),
      postReturn(sale.id, body, managerA, together),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(both[0].json().data.id).toBe(both[1].json().data.id);

    const shown = await saleOf(sale.id);
    expect(shown.returns).toHaveLength(2);
    expect(shown.items[0]!.returned_quantity).toBe(2);

    const bad = await postReturn(sale.id, body, managerA, { 'idempotency-key': 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('Idempotency-Key');
  });
});

describe('who may return, and what', () => {
  let sale: Sale;
  beforeAll(async () => {
    const product = await createProduct(adminA);
    sale = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 5, 60)],
    });
  });

  it('refuses sales staff and shoppers (403) and lets managers and admins', async () => {
    const body = returnBody([back(sale.items[0]!.id, 1)]);
    expect((await postReturn(sale.id, body, salesA)).statusCode).toBe(403);
    expect((await postReturn(sale.id, body, shopperA)).statusCode).toBe(403);
    expect((await saleOf(sale.id)).returns).toEqual([]);
    await returned(sale.id, body, managerA);
    await returned(sale.id, body, adminA);
  });

  it('answers another store’s sale with 404 and changes nothing', async () => {
    const before = await saleOf(sale.id);
    const response = await postReturn(sale.id, returnBody([back(sale.items[0]!.id, 1)]), adminB);
    expect(response.statusCode).toBe(404);
    expect(await saleOf(sale.id)).toEqual(before);
  });

  it('answers bad input with 400 naming the field', async () => {
    const line = sale.items[0]!.id;
    const cases: [unknown, string, string][] = [
      [returnBody([]), 'items', RETURN_MESSAGES.items],
      [returnBody([back(line, 0)]), 'items.0.quantity', RETURN_MESSAGES.quantity],
      [returnBody([back(line, 1.5)]), 'items.0.quantity', RETURN_MESSAGES.quantity],
      [
        returnBody([back(line, 1), back(line, 1)]),
        'items.1.sale_item_id',
        RETURN_MESSAGES.duplicateLine,
      ],
      [
        returnBody([back(line, 1)], { refund_method: 'mpesa' }),
        'mpesa_code',
        RETURN_MESSAGES.mpesaCode,
      ],
      [
        returnBody([back(line, 1)], { refund_method: 'card' }),
        'refund_method',
        RETURN_MESSAGES.refundMethod,
      ],
      [returnBody([back(line, 1)], { reason: '' }), 'reason', RETURN_MESSAGES.reason],
    ];
    for (const [body, path] of cases) {
      const response = await postReturn(sale.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        response.json().errors.map((error: { path: string }) => error.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const product = await createProduct(adminA);
    const other = await createSale(salesA, {
      customer_id: walkInA,
      items: [saleLine(product.id, 1, 60)],
    });
    const foreign = await postReturn(sale.id, returnBody([back(other.items[0]!.id, 1)]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { path: 'items.0.sale_item_id', message: RETURN_MESSAGES.notThisSale },
    ]);
    const [row] = await t.db.select().from(sales).where(eq(sales.id, other.id));
    expect(row!.returnedAmount).toBe('0.00');
  });
});
