/**
 * The demo stores' customers, receipt settings and a month of sales (issue 7): about sixty
 * Nairobi sales over the last 30 days, by the three staff accounts who sell, in cash and M-Pesa
 * (a few split between the two, issue 21),
 * some by the pack or dozen, a few with delivery — written through the same service as
 * POST /api/sales, so stock falls and every line has its movement. A fixed pseudo-random
 * sequence keeps the demo the same on every fresh start. Its own file and one call in seedDemo.
 */
import { createCustomerSchema } from '@duka/shared/customers/customers.schemas';
import { toPieces, type UnitType } from '@duka/shared/money/units';
import { toCents } from '@duka/shared/money/money';
import { receiptSettingsInputSchema } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import { percentOfCents } from '@duka/shared/sales/discounts';
import { createSaleSchema } from '@duka/shared/sales/sales.schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { createCustomer } from '../../modules/customers/customers.service';
import { customers } from '../../modules/customers/customers.table';
import { recordLoyalty } from '../../modules/customers/loyalty.service';
import { products, type ProductRow } from '../../modules/products/products.table';
import { stockMovements } from '../../modules/products/stock-movements.table';
import { saveReceiptSettings } from '../../modules/receipt-settings/receipt-settings.service';
import { insertSale } from '../../modules/sales/sales.service';
import { sales } from '../../modules/sales/sales.table';
import { users } from '../../modules/users/users.table';

export const DEMO_CUSTOMERS = [
  {
    name: 'Achieng Otieno',
    phone: '0712 345 678',
    email: 'achieng@example.co.ke',
    address: 'Ngong Road, Kilimani',
    notes: 'Regular; pays by M-Pesa',
  },
  { name: 'Brian Mwangi', phone: '0722 481 930', email: 'brian.mwangi@example.co.ke' },
  {
    name: 'Fatuma Hassan',
    phone: '0733 205 117',
    email: 'fatuma@example.co.ke',
    address: 'Eastleigh, 1st Avenue',
    notes: 'Delivery after 5 pm',
  },
  { name: 'John Kiprotich', phone: '0110 642 008', address: 'Kasarani, Mwiki Road' },
  {
    name: 'Mary Njeri',
    phone: '0745 318 226',
    email: 'mary.njeri@example.co.ke',
    address: 'Githurai 45 market',
    notes: 'Buys soda crates for her kiosk',
  },
  { name: 'Peter Ochieng', phone: '0701 559 473', notes: 'Asks for receipts on WhatsApp' },
] as const;

const SALES = 60;
const DAYS = 30;

/** A small deterministic generator (mulberry32), so the demo is the same on every start. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedDemoSales(
  tx: Executor,
  storeId: number,
  storeName: string,
  now = new Date(),
): Promise<void> {
  await saveReceiptSettings(
    tx,
    storeId,
    receiptSettingsInputSchema.parse({
      business_name: storeName,
      address: 'Moi Avenue, Nairobi',
      phone: '0722 410 000',
      email: 'hello@duka.test',
      thank_you_message: 'Asante kwa kununua! Thank you for your business!',
      kra_pin: 'P051234567X',
      mpesa_till: '522533',
    }),
  );
  for (const customer of DEMO_CUSTOMERS) {
    await createCustomer(tx, storeId, createCustomerSchema.parse(customer));
  }
  const buyers = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.storeId, storeId))
    .orderBy(asc(customers.id));
  const sellers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), inArray(users.role, ['admin', 'manager', 'sales'])))
    .orderBy(asc(users.id));
  const shelf = await tx
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.isActive, true)))
    .orderBy(asc(products.id));
  const stock = new Map(shelf.map((product) => [product.id, product.stockPieces]));
  const goods = shelf.filter((product) => product.kind === 'goods');
  // The store's delivery service: its first active service (docs/decisions/0006).
  const delivery = shelf.find((product) => product.kind === 'service');
  const next = random(20261123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;

  // Oldest first, so sale ids follow their dates.
  const times = Array.from({ length: SALES }, () => {
    const daysAgo = Math.floor(next() * DAYS);
    const minutes = 7 * 60 + Math.floor(next() * 13 * 60); // 07:00–20:00 in Nairobi (UTC+3)
    const midnightUtc = now.getTime() - (now.getTime() % 86_400_000) - daysAgo * 86_400_000;
    // Never later than a minute ago.
    return Math.min(midnightUtc + (minutes - 180) * 60_000, now.getTime() - 60_000);
  }).sort((a, b) => a - b);

  for (const time of times) {
    const items: {
      product_id: number;
      quantity: number;
      unit_price: string;
      unit_type: UnitType;
    }[] = [];
    for (let n = 1 + Math.floor(next() * 3); n > 0; n -= 1) {
      const product = pick(goods);
      if (items.some((item) => item.product_id === product.id)) continue;
      const unit: UnitType =
        next() < 0.15 && toCents(product.dozenSellingPrice)! > 0
          ? 'dozen'
          : next() < 0.15 && product.packSize > 1 && toCents(product.packSellingPrice)! > 0
            ? 'pack'
            : 'piece';
      const quantity = unit === 'piece' ? 1 + Math.floor(next() * 3) : 1;
      const pieces = toPieces(quantity, unit, product.packSize);
      if ((stock.get(product.id) ?? 0) < pieces) continue;
      stock.set(product.id, stock.get(product.id)! - pieces);
      const price =
        unit === 'dozen'
          ? product.dozenSellingPrice
          : unit === 'pack'
            ? product.packSellingPrice
            : product.pieceSellingPrice;
      items.push({ product_id: product.id, quantity, unit_price: price, unit_type: unit });
    }
    if (items.length === 0) continue;
    const withDelivery = delivery !== undefined && next() < 0.1;
    const deliveryFee = withDelivery ? 20_000 : 0;
    const subtotal = items.reduce(
      (sum, item) => sum + item.quantity * toCents(item.unit_price)!,
      0,
    );
    const total = subtotal + deliveryFee;
    const mpesa = next() < 0.55;
    const tendered = Math.ceil(total / 50_000) * 50_000; // the next KSh 500 note up
    const input = createSaleSchema.parse({
      items,
      total: (total / 100).toFixed(2),
      delivery_fee: (deliveryFee / 100).toFixed(2),
      customer_id: next() < 0.6 ? buyers[0]!.id : pick(buyers).id,
      payment_method: mpesa ? 'mpesa' : 'cash',
      amount_paid: mpesa ? undefined : (tendered / 100).toFixed(2),
      mpesa_code: mpesa
        ? Array.from({ length: 10 }, () => pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join('')
        : undefined,
    });
    await insertSale(tx, storeId, pick(sellers).id, input, undefined, null, new Date(time));
  }
  await seedDiscountedSales(tx, storeId, goods, stock, now);
  await seedSplitSales(tx, storeId, buyers, sellers, goods, stock, now);
  await seedOfflineSale(tx, storeId, goods, stock, now);
  // A sale's movements are written at the time of the statement; the demo's sales were made
  // over the past month, and their stock history says when (issue 20).
  await tx.execute(sql`
    update ${stockMovements} as m set created_at = s.created_at
    from ${sales} as s
    where m.store_id = ${storeId} and s.store_id = ${storeId} and m.reason = 'sale'
      and m.reference = 'SALE-' || s.id`);

  // Loyalty: the sales above earned points through the sale's own code path; a manager also
  // gave two regulars a bonus and one of them spent some (issue 9).
  const [achieng, , , , mary] = buyers.slice(1);
  const manager = sellers[0]?.id ?? null;
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
  if (achieng) {
    await recordLoyalty(
      tx,
      { id: achieng.id, storeId },
      { points: 50, kind: 'add', reason: 'Welcome bonus' },
      manager,
      at(20),
    );
    await recordLoyalty(
      tx,
      { id: achieng.id, storeId },
      { points: -20, kind: 'redeem', reason: 'Discount on soda crate' },
      manager,
      at(2),
    );
  }
  if (mary) {
    await recordLoyalty(
      tx,
      { id: mary.id, storeId },
      { points: 30, kind: 'add', reason: 'Kiosk owner bonus' },
      manager,
      at(10),
    );
  }
}

/**
 * Issue 20: two sales by the cashier with a discount, so a newcomer sees one on /sales, its
 * receipt and the reports: yesterday 5% off a line (within the store's 10%), and today the
 * cart 20% off, approved by the manager.
 */
async function seedDiscountedSales(
  tx: Executor,
  storeId: number,
  goods: ProductRow[],
  stock: Map<number, number>,
  now: Date,
): Promise<void> {
  const staff = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.storeId, storeId), inArray(users.role, ['manager', 'sales'])))
    .orderBy(asc(users.id));
  const cashier = staff.find((user) => user.role === 'sales');
  const manager = staff.find((user) => user.role === 'manager');
  const [first, second] = goods.filter((product) => (stock.get(product.id) ?? 0) >= 3);
  const [walkIn] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.isWalkIn, true)))
    .limit(1);
  if (!cashier || !manager || !first || !second || !walkIn) return;
  const listOf = (product: ProductRow) => toCents(product.pieceSellingPrice)!;
  const cash = (items: { product_id: number; quantity: number; unit_price: number }[], off = 0) => {
    const total = items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0) - off;
    return createSaleSchema.parse({
      items: items.map((item) => ({ ...item, unit_price: (item.unit_price / 100).toFixed(2) })),
      total: (total / 100).toFixed(2),
      cart_discount: (off / 100).toFixed(2),
      customer_id: walkIn.id,
      payment_method: 'cash',
    });
  };
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const seller = (approvedBy: number | null) => ({ capped: true, approvedBy });

  const lowered = listOf(first) - percentOfCents(listOf(first), 5);
  const withinCap = cash([{ product_id: first.id, quantity: 2, unit_price: lowered }]);
  await insertSale(tx, storeId, cashier.id, withinCap, undefined, null, hoursAgo(26), seller(null));
  const items = [
    { product_id: first.id, quantity: 1, unit_price: listOf(first) },
    { product_id: second.id, quantity: 2, unit_price: listOf(second) },
  ];
  const goodsCents = items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0);
  const approved = cash(items, percentOfCents(goodsCents, 20));
  await insertSale(
    tx,
    storeId,
    cashier.id,
    approved,
    undefined,
    null,
    hoursAgo(2),
    seller(manager.id),
  );
  stock.set(first.id, stock.get(first.id)! - 3);
  stock.set(second.id, stock.get(second.id)! - 2);
}

/**
 * A few sales paid in two parts (issue 21): part cash (a round sum, with change), the rest by
 * M-Pesa with its code — to the Walk-in Customer and to regulars, over the last few days.
 */
async function seedSplitSales(
  tx: Executor,
  storeId: number,
  buyers: { id: number }[],
  sellers: { id: number }[],
  goods: ProductRow[],
  stock: Map<number, number>,
  now: Date,
): Promise<void> {
  const codes = ['SKA3B7C1D2', 'SKB4M8N2P5', 'SKC9Q1R6T3', 'SKD2V5W8X4'];
  const stocked = goods.filter((product) => (stock.get(product.id) ?? 0) >= 4);
  for (const [index, code] of codes.entries()) {
    const chosen = [stocked[index * 2], stocked[index * 2 + 1]].filter(
      (product): product is ProductRow => product !== undefined,
    );
    if (chosen.length === 0 || buyers.length === 0 || sellers.length === 0) return;
    const items = chosen.map((product) => ({
      product_id: product.id,
      quantity: 2,
      unit_price: toCents(product.pieceSellingPrice)!,
    }));
    const total = items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0);
    if (total < 200) continue;
    // Half in cash, rounded up to the next KSh 100 (the change comes back in cash); the rest,
    // the other half, by M-Pesa.
    const half = Math.floor(total / 2);
    const cash = Math.ceil(half / 10_000) * 10_000;
    const input = createSaleSchema.parse({
      items: items.map((item) => ({ ...item, unit_price: (item.unit_price / 100).toFixed(2) })),
      total: (total / 100).toFixed(2),
      customer_id: buyers[index % buyers.length]!.id,
      payments: [
        { method: 'cash', amount: (cash / 100).toFixed(2) },
        { method: 'mpesa', amount: ((total - half) / 100).toFixed(2), mpesa_code: code },
      ],
    });
    const at = new Date(now.getTime() - (4 - index) * 26 * 3_600_000);
    await insertSale(tx, storeId, sellers[index % sellers.length]!.id, input, undefined, null, at);
    for (const product of chosen) stock.set(product.id, stock.get(product.id)! - 2);
  }
}

/** The demo's offline sale: its device id, and the receipt number the till printed. */
export const DEMO_OFFLINE_SALE = {
  client_sale_id: '0b6a3c1e-5d4f-4e2a-9c7b-22d0f1a8e301',
  device_receipt_number: 'T1-0007',
} as const;

/**
 * Issue 22: a sale the cashier made yesterday at a till that had lost its connection, uploaded
 * since: it sold two more of the store's scarcest product than the server counted (another
 * till had sold them meanwhile), so the product's stock is below zero and the sale needs
 * review — a newcomer sees it under Needs review on /sales and the product on /inventory.
 */
async function seedOfflineSale(
  tx: Executor,
  storeId: number,
  goods: ProductRow[],
  stock: Map<number, number>,
  now: Date,
): Promise<void> {
  const [cashier] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.role, 'sales')))
    .orderBy(asc(users.id))
    .limit(1);
  const [walkIn] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.isWalkIn, true)))
    .limit(1);
  // The product with the fewest pieces left (but some), the first by id among equals.
  const scarce = goods
    .filter((product) => (stock.get(product.id) ?? 0) > 0)
    .sort((a, b) => stock.get(a.id)! - stock.get(b.id)! || a.id - b.id)[0];
  if (!cashier || !walkIn || !scarce) return;
  const quantity = stock.get(scarce.id)! + 2;
  const price = toCents(scarce.pieceSellingPrice)!;
  const soldAt = new Date(now.getTime() - 86_400_000);
  const input = createSaleSchema.parse({
    items: [{ product_id: scarce.id, quantity, unit_price: (price / 100).toFixed(2) }],
    total: ((quantity * price) / 100).toFixed(2),
    customer_id: walkIn.id,
    payment_method: 'cash',
    ...DEMO_OFFLINE_SALE,
    sold_at: soldAt.toISOString(),
    offline: true,
  });
  await insertSale(tx, storeId, cashier.id, input);
  stock.set(scarce.id, -2);
}
