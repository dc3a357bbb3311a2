import { asc, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { stockMovements } from '../../modules/products/stock-movements.table';
import type { MpesaSummary, ReceivedPayment } from '@duka/shared/payments/mpesa.schemas';
import type { StockMovement } from '@duka/shared/products/products.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import type { StockTransfer } from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { products } from '../../modules/products/products.table';
import { storeMpesaSettings } from '../../modules/payments/mpesa.table';
import { saleReturns } from '../../modules/returns/returns.table';
import { sales } from '../../modules/sales/sales.table';
import { DEMO_COUNT_CATEGORY } from './demo-counts';
import { DEMO_EXPENSES } from './demo-expenses';
import { DEMO_MPESA_RECEIVED, DEMO_UNVERIFIED_CODE } from './demo-mpesa';
import { DEMO_PHOTOS } from './demo-photos';
import { DEMO_OFFLINE_SALE } from './demo-sales';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmptyDatabase, seedDemo } from './demo-seed';
import { DEMO_TRANSFERS } from './demo-transfers';
import { DEMO_ETIMS_DEVICE } from './demo-etims';
import { etimsInvoices, storeEtimsSettings } from '../../modules/etims/etims.table';
import { sendPendingInvoices } from '../../modules/etims/etims-send.service';
import { stores } from '../../modules/stores/stores.table';
import { OscuClient } from '../../lib/etims/oscu-client';
import { startFakeEtims } from '../../testing/fake-etims';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { uploads: true });
});
afterAll(() => t.close());

describe('demo seed (PRODUCT.md §6)', () => {
  it('fills an empty database with two stores and the demo accounts, Mombasa its admin', async () => {
    expect(await isEmptyDatabase(t.db)).toBe(true);
    await seedDemo(t.db, t.config.uploadDir);
    expect(await isEmptyDatabase(t.db)).toBe(false);

    const superAdmin = t.client();
    const login = await superAdmin.login('super@duka.test', DEMO_PASSWORD);
    expect(login.json().data).toMatchObject({ role: 'super_admin', store_id: null });
    const stores = (await superAdmin.get('/api/stores'))
      .json()
      .data.map((s: { name: string }) => s.name);
    expect(stores).toEqual(['Duka Demo — Nairobi', 'Duka Demo — Mombasa']);

    const storeIds = new Map(
      (await superAdmin.get('/api/stores'))
        .json<{ data: { id: number; name: string }[] }>()
        .data.map((store) => [store.name, store.id]),
    );
    for (const account of DEMO_ACCOUNTS) {
      const response = await t.client().login(account.email, DEMO_PASSWORD);
      expect(response.json().data, account.email).toMatchObject({
        role: account.role,
        name: account.name,
        store_id:
          account.role === 'super_admin'
            ? null
            : storeIds.get(account.store ?? 'Duka Demo — Nairobi'),
      });
    }
    expect(DEMO_ACCOUNTS.find((a) => a.email === 'mombasa@duka.test')).toMatchObject({
      role: 'admin',
      store: 'Duka Demo — Mombasa',
    });
  });

  it('gives Nairobi four suppliers and Mombasa one, phones stored +254…', async () => {
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const nairobi = (await admin.get('/api/suppliers')).json<{ name: string; phone: string }[]>();
    expect(nairobi.map((s) => s.name)).toEqual([
      'Thika Grain Millers Ltd',
      'Kiambu Highlands Dairy',
      'Eastlands Soda Distributors',
      'Industrial Area Stationers',
    ]);
    expect(nairobi.every((s) => /^\+254[17][0-9]{8}$/.test(s.phone))).toBe(true);

    const superAdmin = t.client();
    await superAdmin.login('super@duka.test', DEMO_PASSWORD);
    const stores = (await superAdmin.get('/api/stores')).json<{ data: { id: number }[] }>().data;
    const mombasa = await superAdmin.get('/api/suppliers', { query: { store_id: stores[1]!.id } });
    expect(mombasa.json()).toMatchObject([
      { name: 'Pwani Oil & Soap Supplies', phone: '+254741226590', status: 'active' },
    ]);
  });

  it('stocks Nairobi with a Kenyan catalogue, its opening movements, and Mombasa apart', async () => {
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const all = (await admin.get('/api/products', { query: { pageSize: 100 } })).json();
    expect(all.total).toBeGreaterThanOrEqual(38);
    const names = all.data.map((p: { name: string }) => p.name).join(' | ');
    // Issue 20: every product the shop shows says what it is.
    const bare = all.data.filter(
      (p: { description: string | null }) => (p.description ?? '').trim() === '',
    );
    expect(bare.map((p: { name: string }) => p.name)).toEqual([]);
    for (const kind of [
      'Maize Flour',
      'Sugar',
      'Milk',
      'Oil',
      'Soap',
      'Exercise Book',
      'Biscuits',
    ]) {
      expect(names).toContain(kind);
    }
    const delivery = all.data.find((p: { sku: string }) => p.sku === 'SRV001');
    expect(delivery).toMatchObject({
      name: 'Delivery Service',
      piece_selling_price: 200,
      kind: 'service',
      stock_pieces: 0,
    });
    const soda = all.data.find((p: { sku: string }) => p.sku === 'SOD-COK500');
    // The month of demo sales (demo-sales.ts) has sold some since the opening count.
    expect(soda).toMatchObject({ stock_unit: 'dozen' });
    expect(soda.quantity).toBe(Math.floor(soda.stock_pieces / 12));
    const biscuits = all.data.find((p: { sku: string }) => p.sku === 'BIS-NUV100');
    expect(biscuits).toMatchObject({ stock_unit: 'pack', pack_size: 12 });
    for (const product of all.data as {
      piece_selling_price: number;
      piece_buying_price: number;
    }[]) {
      expect(product.piece_selling_price).toBeGreaterThanOrEqual(product.piece_buying_price);
    }

    const low = (await admin.get('/api/products', { query: { low_stock: 'true' } })).json();
    expect(low.total).toBeGreaterThanOrEqual(3);

    const history = (
      await admin.get(`/api/products/${soda.id}/movements`, { query: { pageSize: 100 } })
    ).json();
    expect(history.data).toContainEqual(
      expect.objectContaining({
        reason: 'initial',
        change_pieces: 72,
        User: expect.objectContaining({ name: 'Amina Admin' }),
      }),
    );
    // Stock is auditable: the movements add up to the stock.
    const moved = history.data.reduce(
      (sum: number, m: { change_pieces: number }) => sum + m.change_pieces,
      0,
    );
    expect(moved).toBe(soda.stock_pieces);

    const categories = (await admin.get('/api/categories')).json();
    expect(categories.map((c: { name: string }) => c.name)).toContain('Beverages');

    const superAdmin = t.client();
    await superAdmin.login('super@duka.test', DEMO_PASSWORD);
    const stores = (await superAdmin.get('/api/stores')).json().data as {
      id: number;
      name: string;
    }[];
    const mombasa = stores.find((s) => s.name === 'Duka Demo — Mombasa')!;
    const theirs = (
      await superAdmin.get('/api/products', { query: { store_id: mombasa.id, pageSize: 100 } })
    ).json();
    expect(theirs.total).toBeGreaterThanOrEqual(3);
    expect(theirs.data.map((p: { name: string }) => p.name)).toContain(
      'Madafu Coconut Water 500ml',
    );
    expect(all.data.map((p: { name: string }) => p.name)).not.toContain(
      'Madafu Coconut Water 500ml',
    );
  });

  it('gives a few Nairobi products photos, drawn at seed time and served like uploads', async () => {
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const all = (await admin.get('/api/products', { query: { pageSize: 100 } })).json<{
      data: { sku: string; images: { url: string; thumbnail_url: string }[] }[];
    }>();
    const withPhotos = all.data.filter((p) => p.images.length > 0);
    expect(withPhotos.map((p) => p.sku).sort()).toEqual(DEMO_PHOTOS.map((p) => p.sku).sort());
    const flour = withPhotos.find((p) => p.sku === 'UNG-JOG2')!;
    expect(flour).toMatchObject({
      image_url: flour.images[0]!.url,
      thumbnail_url: flour.images[0]!.thumbnail_url,
    });
    const full = await admin.get(flour.images[0]!.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(800);
    const thumbnail = await admin.get(flour.images[0]!.thumbnail_url);
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(240);
  });

  it('gives Nairobi purchase orders in every state, expected after ordered, one partly received', async () => {
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const orders = (await admin.get('/api/purchase-orders')).json<
      {
        id: number;
        status: string;
        total_amount: number;
        created_at: string;
        expected_delivery_date: string;
        received_at: string | null;
        items: { product_id: number; quantity: number; received_quantity: number }[];
      }[]
    >();
    // Issue 20: a partly received order beside the pending, approved and received ones.
    expect(orders.map((o) => o.status).sort()).toEqual([
      'approved',
      'partially_received',
      'pending',
      'received',
    ]);
    for (const order of orders) {
      expect(Date.parse(order.created_at)).toBeLessThanOrEqual(Date.now());
      // Expected on a later shop day than it was ordered.
      const orderedDay = new Date(Date.parse(order.created_at) + 3 * 3_600_000)
        .toISOString()
        .slice(0, 10);
      expect(order.expected_delivery_date > orderedDay, String(order.id)).toBe(true);
    }
    const received = orders.find((o) => o.status === 'received')!;
    expect(received.total_amount).toBe(5400); // 2 × 1,900 + 10 × 160
    expect(received.items.every((i) => i.received_quantity === i.quantity)).toBe(true);
    expect(Date.parse(received.received_at!)).toBeGreaterThan(Date.parse(received.created_at));
    const history = (
      await admin.get(`/api/products/${received.items[0]!.product_id}/movements`)
    ).json();
    expect(JSON.stringify(history)).toContain(`PO-${received.id}`);

    const partly = orders.find((o) => o.status === 'partially_received')!;
    expect(partly.items.map((i) => [i.quantity, i.received_quantity])).toEqual([
      [12, 12],
      [2, 1],
    ]);
    expect(partly.received_at).toBeNull();
    // One dozen of oil came in, on the day it arrived.
    const oil = (
      await admin.get(`/api/products/${partly.items[1]!.product_id}/movements`, {
        query: { pageSize: 100 },
      })
    ).json<{ data: { reference: string | null; change_pieces: number; created_at: string }[] }>();
    const delivery = oil.data.filter((m) => m.reference === `PO-${partly.id}`);
    expect(delivery.map((m) => m.change_pieces)).toEqual([12]);
    expect(Date.parse(delivery[0]!.created_at)).toBeGreaterThan(Date.parse(partly.created_at));
    expect(Date.parse(delivery[0]!.created_at)).toBeLessThan(Date.now() - 86_400_000);
  });

  it('links each Nairobi supplier to the products it delivers, some of them below minimum', async () => {
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const suppliers = (await admin.get('/api/suppliers')).json<{ id: number; name: string }[]>();
    const dairy = suppliers.find((s) => s.name === 'Kiambu Highlands Dairy')!;
    const links = (
      await admin.get('/api/product-suppliers', { query: { supplier_id: dairy.id } })
    ).json<{ product_id: number; product: { sku: string } }[]>();
    expect(links.map((l) => l.product.sku).sort()).toEqual([
      'MLK-BRK500',
      'MLK-FRE500',
      'MLK-MAL500',
      'SPR-BLB500',
    ]);
    const low = (
      await admin.get('/api/products', { query: { low_stock: 'true', pageSize: 100 } })
    ).json<{ data: { id: number; sku: string }[] }>().data;
    const linkedLow = low.filter((p) => links.some((l) => l.product_id === p.id));
    expect(linkedLow.map((p) => p.sku)).toContain('MLK-FRE500');
  });

  it('gives Nairobi customers, receipt settings and a month of sales by several cashiers', async () => {
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const customers = (await admin.get('/api/customers')).json().data as { name: string }[];
    expect(customers[0]!.name).toBe('Walk-in Customer');
    expect(customers.length).toBeGreaterThanOrEqual(7);
    const achieng = (
      customers as { id: number; name: string; phone: string; notes: string | null }[]
    ).find((c) => c.name === 'Achieng Otieno')!;
    expect(achieng).toMatchObject({ phone: '+254712345678', notes: 'Regular; pays by M-Pesa' });
    const loyalty = (await admin.get(`/api/customers/${achieng.id}/loyalty/transactions`)).json<{
      data: { kind: string; points: number }[];
    }>().data;
    expect(new Set(loyalty.map((row) => row.kind))).toEqual(new Set(['earn', 'add', 'redeem']));
    const points = (await admin.get(`/api/customers/${achieng.id}/loyalty/points`)).json().data
      .points as number;
    expect(points).toBe(loyalty.reduce((sum, row) => sum + row.points, 0));
    const me = (await admin.get('/api/auth/me')).json().data;
    const settings = (await admin.get(`/api/stores/${me.store_id}/receipt-settings`)).json().data;
    expect(settings).toMatchObject({ kra_pin: 'P051234567X', mpesa_till: '522533' });

    const all = (await admin.get('/api/sales', { query: { pageSize: 100 } })).json<{
      total: number;
      sales: {
        id: number;
        createdAt: string;
        payment_method: string;
        User: { name: string };
        items: { product_id: number; quantity: number }[];
      }[];
    }>();
    expect(all.total).toBeGreaterThanOrEqual(50);
    const methods = new Set(all.sales.map((s) => s.payment_method));
    expect([...methods]).toEqual(expect.arrayContaining(['cash', 'mpesa', 'split', 'credit']));
    // Issue 21: a few paid part cash, part M-Pesa, each part listed.
    const split = (
      all.sales as unknown as {
        payment_method: string;
        total_amount: number;
        payments: { method: string; amount: number; mpesa_code: string | null }[];
      }[]
    ).filter((s) => s.payment_method === 'split');
    expect(split.length).toBeGreaterThanOrEqual(3);
    for (const sale of split) {
      expect(sale.payments.map((p) => p.method)).toEqual(['cash', 'mpesa']);
      expect(sale.payments[1]!.mpesa_code).toMatch(/^[A-Z0-9]{10}$/);
      const parts = sale.payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
      expect(parts).toBe(Math.round(sale.total_amount * 100));
    }
    expect(new Set(all.sales.map((s) => s.User.name)).size).toBeGreaterThanOrEqual(2);
    const times = all.sales.map((s) => Date.parse(s.createdAt));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    // A month of sales, and one credit sale just over a month old (demo-credit.ts).
    expect(Math.min(...times)).toBeGreaterThan(Date.now() - 34 * 86_400_000);
    // Issue 20: two of them with a discount, one approved by the manager.
    const discounted = (
      all.sales as unknown as {
        discount_total: number;
        discount_approved_by: { name: string } | null;
        items: { discount: number; list_price: number; unit_price: number }[];
      }[]
    ).filter((s) => s.discount_total > 0);
    expect(discounted.length).toBeGreaterThanOrEqual(2);
    expect(discounted.map((s) => s.discount_approved_by?.name ?? null)).toContain('Musa Manager');
    expect(discounted.flatMap((s) => s.items).some((i) => i.unit_price < i.list_price)).toBe(true);
    // Every sale's stock left through its movements.
    const sample = all.sales[0]!;
    const history = (
      await admin.get(`/api/products/${sample.items[0]!.product_id}/movements`, {
        query: { pageSize: 100 },
      })
    ).json<{ data: { reason: string; reference: string | null; created_at: string }[] }>();
    expect(JSON.stringify(history)).toContain(`SALE-${sample.id}`);
    // Issue 20: the stock history says when each sale was made, not when the seed ran.
    const sold = history.data.find((m) => m.reference === `SALE-${sample.id}`)!;
    expect(Date.parse(sold.created_at)).toBe(Date.parse(sample.createdAt));
    const opening = history.data.find((m) => m.reason === 'initial')!;
    expect(Date.parse(opening.created_at)).toBeLessThan(Math.min(...times));
  });

  it("gives Nairobi M-Pesa settings for the fake Daraja and this morning's received payments", async () => {
    const manager = t.client();
    await manager.login('manager@duka.test', DEMO_PASSWORD);
    const me = (await manager.get('/api/auth/me')).json().data;
    const [settings] = await t.db
      .select()
      .from(storeMpesaSettings)
      .where(eq(storeMpesaSettings.storeId, me.store_id));
    expect(settings).toMatchObject({
      shortcode: '174379',
      kind: 'paybill',
      environment: 'sandbox',
      passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
      consumerKey: 'duka-demo-key',
      consumerSecret: 'duka-demo-secret',
    });
    expect(settings!.c2bRegisteredAt).not.toBeNull();
    expect(settings!.hookToken).toMatch(/^[0-9a-f]{64}$/);

    // The day the seed ran, in Nairobi.
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const summary = (
      await manager.get('/api/payments/mpesa/summary', { query: { date: today } })
    ).json<{ data: MpesaSummary }>().data;
    const byId = new Map(summary.received.map((p) => [p.trans_id, p]));
    const matched = byId.get(DEMO_MPESA_RECEIVED.matched)!;
    expect(matched.sale_id).not.toBeNull();
    expect(byId.get(DEMO_MPESA_RECEIVED.named)).toMatchObject({
      sale_id: null,
      phone_or_name: 'DAVID OMONDI KAMAU',
    });
    expect(byId.get(DEMO_MPESA_RECEIVED.masked)).toMatchObject({
      sale_id: null,
      phone_or_name: '2547 ***** 903',
    });
    expect(summary.unverified_sales).toEqual([
      expect.objectContaining({
        mpesa_code: DEMO_UNVERIFIED_CODE,
        cashier_name: 'Wanjiku Cashier',
      }),
    ]);
    const { received, matched: paid, unmatched, unverified } = summary.totals;
    expect(paid + unmatched).toBeCloseTo(received, 2);
    expect(unmatched).toBe(470);
    expect(unverified).toBe(summary.unverified_sales[0]!.total_amount);

    // The sale it paid carries its receipt, verified; the cashier's list shows the unmatched.
    const sale = (await manager.get(`/api/sales/${matched.sale_id}`)).json<{ data: Sale }>().data;
    expect(sale).toMatchObject({
      mpesa_code: DEMO_MPESA_RECEIVED.matched,
      mpesa_verified: true,
      payments: [{ method: 'mpesa', mpesa_payment_id: matched.id }],
    });
    expect(sale.total_amount).toBe(matched.amount);
    const cashier = t.client();
    await cashier.login('cashier@duka.test', DEMO_PASSWORD);
    const list = (
      await cashier.get('/api/payments/mpesa/received', { query: { unmatched: 'true' } })
    ).json<{ data: ReceivedPayment[] }>().data;
    expect(list.map((p) => p.trans_id)).toEqual([
      DEMO_MPESA_RECEIVED.masked,
      DEMO_MPESA_RECEIVED.named,
    ]);
  });

  it('gives Nairobi an offline sale made yesterday that took a product below zero, needing review', async () => {
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const flagged = (await admin.get('/api/sales', { query: { needs_review: 'true' } })).json<{
      total: number;
      sales: {
        id: number;
        sold_at: string;
        received_at: string;
        offline: boolean;
        client_sale_id: string;
        device_receipt_number: string;
        User: { name: string };
        review_reasons: { product_id: number; stock_pieces_before: number; pieces: number }[];
      }[];
    }>();
    expect(flagged.total).toBe(1);
    const sale = flagged.sales[0]!;
    expect(sale).toMatchObject({ offline: true, ...DEMO_OFFLINE_SALE });
    const day = 86_400_000;
    expect(Date.now() - Date.parse(sale.sold_at)).toBeGreaterThan(day - 60 * 60_000);
    expect(Date.now() - Date.parse(sale.sold_at)).toBeLessThan(day + 60 * 60_000);
    expect(Date.parse(sale.received_at)).toBeGreaterThan(Date.parse(sale.sold_at));
    expect(sale.review_reasons).toHaveLength(1);
    const [reason] = sale.review_reasons;
    expect(reason!.pieces).toBe(reason!.stock_pieces_before + 2);
    const product = (await admin.get(`/api/products/${reason!.product_id}`)).json().data;
    expect(product.stock_pieces).toBe(-2);
  });

  it('gives Nairobi a few customers who owe, one for over a month, one partly repaid', async () => {
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const owing = (await admin.get('/api/customers', { query: { owing: 'true' } })).json().data as {
      id: number;
      name: string;
      balance: number;
      oldest_unpaid_at: string;
    }[];
    expect(owing.map((customer) => customer.name).sort()).toEqual([
      'Brian Mwangi',
      'John Kiprotich',
      'Mary Njeri',
    ]);
    const balances = owing.map((customer) => customer.balance);
    expect([...balances].sort((a, b) => b - a)).toEqual(balances);
    const mary = owing.find((customer) => customer.name === 'Mary Njeri')!;
    expect(Date.parse(mary.oldest_unpaid_at)).toBeLessThan(Date.now() - 31 * 86_400_000);
    const maryAccount = (await admin.get(`/api/customers/${mary.id}/account`)).json().data;
    expect(maryAccount.credit_limit).toBe(5000);
    expect(maryAccount.balance).toBe(mary.balance);

    const john = owing.find((customer) => customer.name === 'John Kiprotich')!;
    const account = (await admin.get(`/api/customers/${john.id}/account`)).json().data as {
      balance: number;
      entries: { type: string; amount: number; balance_after: number; mpesa_code: string }[];
    };
    expect(account.entries.map((entry) => entry.type)).toEqual(['credit_sale', 'repayment']);
    expect(account.entries[1]!.mpesa_code).toBe('SKD4J8Q2LM');
    expect(account.balance).toBe(account.entries[1]!.balance_after);
    expect(account.balance).toBeGreaterThan(0);
    expect(account.balance).toBeLessThan(account.entries[0]!.amount);

    // Fatuma paid it all: she owes nothing and her credit sale is paid.
    const all = (await admin.get('/api/customers')).json().data as {
      id: number;
      name: string;
      balance: number;
    }[];
    const fatuma = all.find((customer) => customer.name === 'Fatuma Hassan')!;
    expect(fatuma.balance).toBe(0);
    const entries = (await admin.get(`/api/customers/${fatuma.id}/account`)).json().data.entries;
    expect(entries.map((entry: { balance_after: number }) => entry.balance_after).at(-1)).toBe(0);
    const sale = (await admin.get(`/api/sales/${entries[0].sale_id}`)).json().data;
    expect(sale).toMatchObject({
      payment_method: 'credit',
      payment_status: 'paid',
      balance_due: 0,
    });
  });

  it('gives Nairobi a month of expenses up to today, and Mombasa none', async () => {
    const manager = t.client();
    await manager.login('manager@duka.test', DEMO_PASSWORD);
    const list = (await manager.get('/api/expenses')).json().expenses as {
      description: string;
      amount: number;
      category: string;
      date: string;
      payment_method: string;
      User: { name: string } | null;
    }[];
    expect(list.length).toBe(DEMO_EXPENSES.length);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
      new Date(),
    );
    expect(list[0]!.date).toBe(today);
    const monthAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(list.at(-1)!.date).toBe(monthAgo);
    expect(new Set(list.map((e) => e.category))).toEqual(
      new Set(['Rent', 'Salaries', 'Utilities', 'Other', 'Maintenance', 'Marketing', 'Equipment']),
    );
    expect([...new Set(list.map((e) => e.payment_method))].sort()).toEqual([
      'card',
      'cash',
      'mobile_money',
    ]);
    expect(new Set(list.map((e) => e.User?.name))).toEqual(
      new Set(['Amina Admin', 'Musa Manager']),
    );
    const rent = list.find((e) => e.category === 'Rent')!;
    expect(rent).toMatchObject({ amount: 4000, description: 'Shop rent — Moi Avenue' });
    // A shop that lasts: the month's expenses are a believable share of what it sold that
    // month — the demo's only month of each (issue 20: it once spent three times its takings).
    const sold = (await manager.get('/api/reports/sales-summary')).json().data.totalSales as number;
    const spent = (await manager.get('/api/reports/expenses-summary')).json().data
      .totalExpenses as number;
    expect(spent / sold).toBeGreaterThanOrEqual(0.15);
    expect(spent / sold).toBeLessThanOrEqual(0.3);
    // Mombasa has no expenses of its own.
    const superAdmin = t.client();
    await superAdmin.login('super@duka.test', DEMO_PASSWORD);
    const stores = (await superAdmin.get('/api/stores')).json().data as {
      id: number;
      name: string;
    }[];
    const mombasa = stores.find((s) => s.name.includes('Mombasa'))!;
    const none = await superAdmin.get('/api/expenses', { query: { store_id: mombasa.id } });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().expenses).toEqual([]);
  });

  it('gives Nairobi two returns: a cash refund put back on the shelf and a damaged write-off', async () => {
    const manager = t.client();
    await manager.login('manager@duka.test', DEMO_PASSWORD);
    const rows = await t.db.select().from(saleReturns).orderBy(asc(saleReturns.id));
    expect(rows).toHaveLength(2);
    const shown = [];
    for (const row of rows) {
      const response = await manager.get(`/api/sales/${row.saleId}`);
      expect(response.statusCode, response.body).toBe(200);
      shown.push(response.json().data as Sale);
    }
    expect(shown.map((sale) => sale.status)).toEqual(['partially_returned', 'partially_returned']);
    const [restocked, damaged] = shown.map((sale) => sale.returns[0]!);
    expect(restocked).toMatchObject({ refund_method: 'cash', User: { name: 'Musa Manager' } });
    expect(restocked!.items).toMatchObject([{ quantity: 1, restock: true }]);
    expect(damaged).toMatchObject({ refund_method: 'mpesa', mpesa_code: 'SKR7Q2M4XA' });
    expect(damaged!.items).toMatchObject([{ quantity: 1, restock: false }]);
    for (const [index, sale] of shown.entries()) {
      const made = shown[index]!.returns[0]!;
      expect(sale.returned_amount).toBe(made.amount);
      // Back-dated with the demo's history: a few hours after the sale, days ago.
      expect(Date.parse(made.created_at)).toBeGreaterThan(Date.parse(sale.createdAt));
      expect(Date.parse(made.created_at)).toBeLessThan(Date.now() - 9 * 86_400_000);
    }
    // Only the restocked piece came back, with a 'return' movement of its sale.
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, 'return'));
    expect(movements).toMatchObject([
      { productId: restocked!.items[0]!.product_id, reference: `SALE-${shown[0]!.id}` },
    ]);
  });

  it('gives Nairobi online orders from the demo shopper in every status, the fulfilled ones out of stock', async () => {
    const cashier = t.client();
    await cashier.login('cashier@duka.test', DEMO_PASSWORD);
    const all = (await cashier.get('/api/orders', { query: { pageSize: 100 } })).json<{
      total: number;
      orders: {
        id: number;
        status: string;
        createdAt: string;
        updatedAt: string;
        total_amount: number;
        User: { email: string };
        items: { product_id: number; quantity: number; unit_price: number; total: number }[];
      }[];
    }>();
    // demo-orders.ts places nine (21 lines), from products the month of sales left in stock.
    expect(all.total).toBe(9);
    expect(all.orders.reduce((n, o) => n + o.items.length, 0)).toBe(21);
    const byStatus = new Map<string, number>();
    for (const o of all.orders) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    expect([...byStatus.keys()].sort()).toEqual(['cancelled', 'fulfilled', 'pending', 'shipped']);
    for (const n of byStatus.values()) expect(n).toBeGreaterThanOrEqual(2);
    expect(all.orders.every((o) => o.User.email === 'shopper@duka.test')).toBe(true);
    const times = all.orders.map((o) => Date.parse(o.createdAt));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(Math.min(...times)).toBeGreaterThan(Date.now() - 15 * 86_400_000);
    // Newest first, and each moved after it was placed.
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const order of all.orders) {
      expect(Date.parse(order.updatedAt)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
      const cents = order.items.reduce((sum, item) => sum + Math.round(item.total * 100), 0);
      expect(Math.round(order.total_amount * 100)).toBe(cents);
    }

    // The shopper sees the same orders under "My orders".
    const shopper = t.client();
    await shopper.login('shopper@duka.test', DEMO_PASSWORD);
    const mine = (await shopper.get('/api/orders', { query: { mine: 'true' } })).json();
    expect(mine.total).toBe(all.total);

    // A fulfilled order's stock left through 'order' movements by the cashier; others took none.
    const fulfilled = all.orders.find((o) => o.status === 'fulfilled')!;
    const history = (
      await cashier.get(`/api/products/${fulfilled.items[0]!.product_id}/movements`, {
        query: { pageSize: 100 },
      })
    ).json();
    expect(history.data).toContainEqual(
      expect.objectContaining({
        reason: 'order',
        reference: `ORDER-${fulfilled.id}`,
        User: expect.objectContaining({ name: 'Wanjiku Cashier' }),
      }),
    );
    const references = await t.db
      .selectDistinct({ reference: stockMovements.reference })
      .from(stockMovements)
      .where(eq(stockMovements.reason, 'order'));
    expect(references.map((row) => row.reference).sort()).toEqual(
      all.orders
        .filter((o) => o.status === 'fulfilled')
        .map((o) => `ORDER-${o.id}`)
        .sort(),
    );
  });

  it("gives Nairobi last week's closed shifts with their sales, one KSh 50 short and one over", async () => {
    const manager = t.client();
    await manager.login('manager@duka.test', DEMO_PASSWORD);
    const response = await manager.get('/api/shifts');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<{
      data: {
        id: number;
        status: string;
        User: { name: string };
        opened_at: string;
        difference: number;
      }[];
    }>().data;
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.every((shift) => shift.status === 'closed')).toBe(true);
    expect(list.filter((shift) => shift.User.name === 'Wanjiku Cashier')).toHaveLength(6);
    expect(Date.parse(list.at(-1)!.opened_at)).toBeGreaterThan(Date.now() - 8 * 86_400_000);
    const differences = list.map((shift) => shift.difference);
    expect(differences.filter((d) => d === -50)).toHaveLength(1);
    expect(differences.filter((d) => d > 0)).toHaveLength(1);
    expect(differences.filter((d) => d !== 0)).toHaveLength(2);

    // Each Z report is the shift's own sales, frozen at the close; the count adds up.
    let sold = 0;
    for (const shift of list) {
      const z = (await manager.get(`/api/shifts/${shift.id}/report`)).json().data;
      expect(z.difference).toBe(shift.difference);
      expect(Math.round(z.counted_cash * 100)).toBe(
        Math.round((z.expected_cash + shift.difference) * 100),
      );
      const [row] = await t.db
        .select({ n: count() })
        .from(sales)
        .where(eq(sales.shiftId, shift.id));
      expect(z.sales_count).toBe(row!.n);
      sold += z.sales_count;
    }
    expect(sold).toBeGreaterThan(0);
    // Nobody is left with an open shift: the demo's cashier opens today's.
    const cashier = t.client();
    await cashier.login('cashier@duka.test', DEMO_PASSWORD);
    expect((await cashier.get('/api/shifts/current')).json().data).toBeNull();
  });

  it('sends Mombasa two transfers from Nairobi: one received a line short, one in transit', async () => {
    const mombasaAdmin = t.client();
    await mombasaAdmin.login('mombasa@duka.test', DEMO_PASSWORD);
    const incoming = (
      await mombasaAdmin.get('/api/stock-transfers', { query: { direction: 'incoming' } })
    ).json<{ data: StockTransfer[]; total: number }>();
    expect(incoming.total).toBe(2);
    const [inTransit, received] = incoming.data;
    expect(inTransit).toMatchObject({
      status: 'in_transit',
      from_store: { name: 'Duka Demo — Nairobi' },
      to_store: { name: 'Duka Demo — Mombasa' },
      sent_by: { name: 'Amina Admin' },
      received_at: null,
    });
    expect(inTransit!.items.map((line) => line.sku)).toEqual(
      DEMO_TRANSFERS.inTransit.items.map((item) => item.sku),
    );
    expect(received).toMatchObject({
      status: 'received',
      sent_by: { name: 'Amina Admin' },
      received_by: { name: 'Mwanaisha Admin' },
      total_difference_pieces: -2,
    });
    expect(Date.parse(received!.received_at!) - Date.parse(received!.sent_at)).toBe(86_400_000);
    expect(Date.parse(received!.sent_at)).toBeLessThan(Date.now() - 3 * 86_400_000);
    const [flour, pens] = received!.items;
    expect(flour).toMatchObject({ sku: 'UNG-JOG2', unit_type: 'pack', difference_pieces: 0 });
    expect(pens).toMatchObject({ sku: 'STN-BIC-B', received_pieces: 18, difference_pieces: -2 });

    // The flour entered Mombasa's own Jogoo; the pens made a product, inactive until priced there.
    const mombasaProducts = await t.db
      .select()
      .from(products)
      .where(eq(products.storeId, received!.to_store_id));
    const jogoo = mombasaProducts.find((p) => p.sku === 'UNG-JOG2')!;
    expect(flour!.to_product_id).toBe(jogoo.id);
    const newPens = mombasaProducts.find((p) => p.sku === 'STN-BIC-B')!;
    expect(pens!.to_product_id).toBe(newPens.id);
    expect(newPens).toMatchObject({ isActive: false, stockPieces: 18, kind: 'goods' });

    // Both sides see them, and the histories name the other store.
    const admin = t.client();
    await admin.login('admin@duka.test', DEMO_PASSWORD);
    const outgoing = (
      await admin.get('/api/stock-transfers', { query: { direction: 'outgoing' } })
    ).json<{ data: StockTransfer[] }>();
    expect(outgoing.data.map((transfer) => transfer.id)).toEqual([inTransit!.id, received!.id]);
    const history = (await mombasaAdmin.get(`/api/products/${jogoo.id}/movements`)).json<{
      data: StockMovement[];
    }>();
    expect(history.data[0]).toMatchObject({
      reason: 'transfer_in',
      change_pieces: 12,
      reference: `TRANSFER-${received!.id}`,
      other_store: { id: received!.from_store_id, name: 'Duka Demo — Nairobi' },
      User: { name: 'Mwanaisha Admin' },
    });
    const sent = (await admin.get(`/api/products/${flour!.product_id}/movements`)).json<{
      data: StockMovement[];
    }>();
    expect(
      sent.data.filter((m) => m.reason === 'transfer_out').map((m) => m.change_pieces),
    ).toEqual([-24, -12]);

    // Every product of both stores: its stock is the sum of its movements.
    const result = await t.db.execute(sql`
      select p.id, p.stock_pieces, coalesce(sum(m.change_pieces), 0)::int as moved
      from products p left join stock_movements m on m.product_id = p.id
      group by p.id, p.stock_pieces`);
    for (const row of (result as { rows: { stock_pieces: number; moved: number }[] }).rows) {
      expect(Number(row.stock_pieces)).toBe(Number(row.moved));
    }
  });

  it('gives Nairobi a finished stock count of one shelf a few days ago, with a small shrinkage', async () => {
    const manager = t.client();
    await manager.login('manager@duka.test', DEMO_PASSWORD);
    const listed = await manager.get('/api/stock-counts');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().total).toBe(1);
    const summary = listed.json().data[0];
    expect(summary).toMatchObject({
      status: 'finished',
      categories: [{ name: DEMO_COUNT_CATEGORY }],
      started_by: { name: 'Musa Manager' },
      finished_by: { name: 'Musa Manager' },
      zero_uncounted: false,
    });
    expect(summary.lines_counted).toBeGreaterThanOrEqual(3);
    const age = Date.now() - Date.parse(summary.finished_at);
    expect(age).toBeGreaterThan(2 * 86_400_000);
    expect(age).toBeLessThan(5 * 86_400_000);
    const count = (await manager.get(`/api/stock-counts/${summary.id}`)).json().data as {
      lines: {
        product_id: number;
        difference_pieces: number;
        difference_value: number;
        counted_by: { name: string } | null;
      }[];
      total_difference_value: number;
    };
    // Two products short by a piece or two, the others exact; the shrinkage at buying price.
    const short = count.lines.map((line) => line.difference_pieces).filter((d) => d !== 0);
    expect(short.sort()).toEqual([-1, -2]);
    expect(count.lines).toHaveLength(summary.lines_counted);
    expect(count.lines.every((line) => line.counted_by !== null)).toBe(true);
    expect(count.total_difference_value).toBeLessThan(0);
    expect(count.total_difference_value).toBe(
      count.lines.reduce((sum, line) => Math.round((sum + line.difference_value) * 100) / 100, 0),
    );
    // Each shortage left through a 'count' movement of the count; stock is still its movements.
    for (const line of count.lines) {
      const moves = await t.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.productId, line.product_id));
      const counted = moves.filter((move) => move.reason === 'count');
      expect(counted.map((move) => [move.changePieces, move.reference])).toEqual(
        line.difference_pieces === 0 ? [] : [[line.difference_pieces, `COUNT-${summary.id}`]],
      );
      const product = (await manager.get(`/api/products/${line.product_id}`)).json().data;
      expect(product.stock_pieces).toBe(moves.reduce((sum, move) => sum + move.changePieces, 0));
    }
  });

  it('registers Nairobi for eTIMS since it opened: every sale and return an invoice in order, pending until the fake OSCU signs them', async () => {
    const [nairobi] = await t.db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.name, 'Duka Demo — Nairobi'));
    const [settings] = await t.db
      .select()
      .from(storeEtimsSettings)
      .where(eq(storeEtimsSettings.storeId, nairobi!.id));
    expect(settings).toMatchObject(DEMO_ETIMS_DEVICE);
    expect(settings!.registeredAt).not.toBeNull();
    const invoices = await t.db.select().from(etimsInvoices).orderBy(asc(etimsInvoices.etimsNo));
    const [sold] = await t.db
      .select({ n: count() })
      .from(sales)
      .where(eq(sales.storeId, nairobi!.id));
    expect(invoices.filter((row) => row.kind === 'sale')).toHaveLength(sold!.n);
    expect(invoices.filter((row) => row.kind === 'credit_note')).toHaveLength(2);
    expect(invoices.every((row) => row.storeId === nairobi!.id)).toBe(true);
    expect(invoices.map((row) => row.etimsNo)).toEqual(invoices.map((_, index) => index + 1));
    expect(new Set(invoices.map((row) => row.status))).toEqual(new Set(['pending']));
    // The numbers follow the days: invoices, credit notes and eTIMS numbers alike.
    const byNumber = await t.db
      .select({ at: sales.createdAt })
      .from(sales)
      .where(eq(sales.storeId, nairobi!.id))
      .orderBy(asc(sales.invoiceNo));
    const times = byNumber.map((row) => row.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const returnsByNumber = await t.db
      .select({ at: saleReturns.createdAt, no: saleReturns.creditNoteNo })
      .from(saleReturns)
      .orderBy(asc(saleReturns.creditNoteNo));
    expect(returnsByNumber.map((row) => row.no)).toEqual([1, 2]);
    expect(returnsByNumber[0]!.at.getTime()).toBeLessThanOrEqual(returnsByNumber[1]!.at.getTime());
    const documentTimes = await t.db
      .select({ at: sql<string>`coalesce(${saleReturns.createdAt}, ${sales.createdAt})` })
      .from(etimsInvoices)
      .innerJoin(sales, eq(sales.id, etimsInvoices.saleId))
      .leftJoin(saleReturns, eq(saleReturns.id, etimsInvoices.returnId))
      .orderBy(asc(etimsInvoices.etimsNo));
    const documentMs = documentTimes.map((row) => new Date(row.at).getTime());
    expect(documentMs).toEqual([...documentMs].sort((a, b) => a - b));

    // npm run dev: the fake knows the demo device, and the send job signs them all in order.
    const fake = await startFakeEtims({
      devices: [
        {
          tin: DEMO_ETIMS_DEVICE.kraPin,
          bhfId: DEMO_ETIMS_DEVICE.branchId,
          dvcSrlNo: DEMO_ETIMS_DEVICE.deviceSerial,
          cmcKey: DEMO_ETIMS_DEVICE.cmcKey,
          sdcId: DEMO_ETIMS_DEVICE.sdcId,
          mrcNo: DEMO_ETIMS_DEVICE.mrcNo,
        },
      ],
    });
    try {
      const outcome = await sendPendingInvoices(
        { ...t.app.deps, etims: new OscuClient({ baseUrl: fake.baseUrl }) },
        nairobi!.id,
        600_000,
      );
      expect(outcome).toEqual({ kind: 'done', sent: invoices.length, failed: 0 });
      expect(fake.invoices.map((invoice) => invoice.invcNo)).toEqual(
        invoices.map((row) => row.etimsNo),
      );
    } finally {
      await fake.close();
    }
  });
});
