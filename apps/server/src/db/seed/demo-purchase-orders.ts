/**
 * The Nairobi demo store's purchase orders (issues 6, 20): one pending, one approved, one
 * partly received (the rest still to come) and one received, written through the same service
 * as POST /api/purchase-orders and …/receive, so their stock came in with 'purchase_order'
 * movements. Each was ordered some days ago and is expected a few days after it was ordered;
 * what arrived came in on the day it arrived. Its own file and one call in seedDemo.
 */
import { nairobiToday } from '@duka/shared/expenses/expenses.schemas';
import { createPurchaseOrderSchema } from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { products } from '../../modules/products/products.table';
import {
  insertPurchaseOrder,
  receiveItems,
} from '../../modules/purchase-orders/purchase-orders.service';
import { purchaseOrders } from '../../modules/purchase-orders/purchase-orders.table';
import { suppliers } from '../../modules/suppliers/suppliers.table';

const DAY = 86_400_000;

interface DemoOrder {
  supplier: string;
  status: 'pending' | 'approved' | 'partially_received' | 'received';
  /** Ordered this many days before the seed runs. */
  orderedDaysAgo: number;
  /** Expected this many days after it was ordered. */
  expectedAfterDays: number;
  /** Received (in part, or all) this many days after it was ordered. */
  arrivedAfterDays?: number;
  notes: string;
  items: {
    sku: string;
    quantity: number;
    /** What arrived of a partly received order. */
    arrived?: number;
    unit: 'piece' | 'pack' | 'dozen';
    buy: number;
    sell: number;
  }[];
}

const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    supplier: 'Thika Grain Millers Ltd',
    status: 'received',
    orderedDaysAgo: 26,
    expectedAfterDays: 5,
    arrivedAfterDays: 4,
    notes: 'Monthly flour restock',
    items: [
      { sku: 'UNG-PEM2', quantity: 2, unit: 'dozen', buy: 1900, sell: 2150 },
      { sku: 'UNG-SOK2', quantity: 10, unit: 'piece', buy: 160, sell: 180 },
    ],
  },
  {
    supplier: 'Thika Grain Millers Ltd',
    status: 'partially_received',
    orderedDaysAgo: 9,
    expectedAfterDays: 4,
    arrivedAfterDays: 4,
    notes: 'Sugar and oil: the oil came short, the rest is promised for next week',
    items: [
      { sku: 'SUG-KAB2', quantity: 12, arrived: 12, unit: 'piece', buy: 300, sell: 340 },
      { sku: 'OIL-ELI1', quantity: 2, arrived: 1, unit: 'dozen', buy: 4400, sell: 4900 },
    ],
  },
  {
    supplier: 'Thika Grain Millers Ltd',
    status: 'approved',
    orderedDaysAgo: 3,
    expectedAfterDays: 5,
    notes: 'Rice for the holiday rush',
    items: [{ sku: 'RIC-PIS1', quantity: 24, unit: 'piece', buy: 210, sell: 240 }],
  },
  {
    supplier: 'Kiambu Highlands Dairy',
    status: 'pending',
    orderedDaysAgo: 1,
    expectedAfterDays: 7,
    notes: '',
    items: [{ sku: 'MLK-BRK500', quantity: 3, unit: 'dozen', buy: 720, sell: 840 }],
  },
];

export async function seedDemoPurchaseOrders(
  tx: Executor,
  storeId: number,
  userId: number | null,
  now = new Date(),
): Promise<void> {
  const supplierRows = await tx
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.storeId, storeId));
  const skus = DEMO_ORDERS.flatMap((order) => order.items.map((item) => item.sku));
  const productRows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.sku, skus)));
  const supplierId = new Map(supplierRows.map((row) => [row.name, row.id]));
  const productId = new Map(productRows.map((row) => [row.sku, row.id]));
  // Oldest first, so order ids follow their dates.
  const oldestFirst = [...DEMO_ORDERS].sort((a, b) => b.orderedDaysAgo - a.orderedDaysAgo);
  for (const demo of oldestFirst) {
    const orderedAt = new Date(now.getTime() - demo.orderedDaysAgo * DAY);
    const input = createPurchaseOrderSchema.parse({
      supplier_id: supplierId.get(demo.supplier),
      expected_delivery_date: nairobiToday(
        new Date(orderedAt.getTime() + demo.expectedAfterDays * DAY),
      ),
      notes: demo.notes,
      items: demo.items.map((item) => ({
        product_id: productId.get(item.sku),
        quantity: item.quantity,
        unit_type: item.unit,
        buying_price: item.buy,
        selling_price: item.sell,
      })),
    });
    const order = await insertPurchaseOrder(tx, storeId, userId, input);
    const arrivedAt =
      demo.arrivedAfterDays === undefined
        ? null
        : new Date(orderedAt.getTime() + demo.arrivedAfterDays * DAY);
    if (arrivedAt) {
      const arrived =
        demo.status === 'received' ? undefined : demo.items.map((item) => item.arrived ?? 0);
      await receiveItems(tx, storeId, userId, order.id, { at: arrivedAt, quantities: arrived });
    }
    await tx
      .update(purchaseOrders)
      .set({
        status: demo.status,
        createdAt: orderedAt,
        receivedAt: demo.status === 'received' ? arrivedAt : null,
      })
      .where(eq(purchaseOrders.id, order.id));
  }
}
