/**
 * The Nairobi demo store's purchase orders (issue 6): one pending, one approved, one received
 * (its items added to stock with 'purchase_order' movements), written through the same service
 * as POST /api/purchase-orders. Its own file and one call in seedDemo.
 */
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

interface DemoOrder {
  supplier: string;
  status: 'pending' | 'approved' | 'received';
  expected: string;
  notes: string;
  items: {
    sku: string;
    quantity: number;
    unit: 'piece' | 'pack' | 'dozen';
    buy: number;
    sell: number;
  }[];
}

const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    supplier: 'Thika Grain Millers Ltd',
    status: 'received',
    expected: '2026-01-12',
    notes: 'Monthly flour restock',
    items: [
      { sku: 'UNG-PEM2', quantity: 2, unit: 'dozen', buy: 1900, sell: 2150 },
      { sku: 'UNG-SOK2', quantity: 10, unit: 'piece', buy: 160, sell: 180 },
    ],
  },
  {
    supplier: 'Thika Grain Millers Ltd',
    status: 'approved',
    expected: '2026-02-02',
    notes: 'Rice for the holiday rush',
    items: [{ sku: 'RIC-PIS1', quantity: 24, unit: 'piece', buy: 210, sell: 240 }],
  },
  {
    supplier: 'Kiambu Highlands Dairy',
    status: 'pending',
    expected: '2026-02-10',
    notes: '',
    items: [{ sku: 'MLK-BRK500', quantity: 3, unit: 'dozen', buy: 720, sell: 840 }],
  },
];

export async function seedDemoPurchaseOrders(
  tx: Executor,
  storeId: number,
  userId: number | null,
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
  for (const demo of DEMO_ORDERS) {
    const input = createPurchaseOrderSchema.parse({
      supplier_id: supplierId.get(demo.supplier),
      expected_delivery_date: demo.expected,
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
    if (demo.status === 'received') await receiveItems(tx, storeId, userId, order.id);
    if (demo.status !== 'pending') {
      await tx
        .update(purchaseOrders)
        .set({ status: demo.status, receivedAt: demo.status === 'received' ? new Date() : null })
        .where(eq(purchaseOrders.id, order.id));
    }
  }
}
