import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { products } from '../products/products.table';
import { stores } from '../stores/stores.table';
import { suppliers } from '../suppliers/suppliers.table';
import { users } from '../users/users.table';

/**
 * A purchase order of a store (spec §3, §4). `total` is the sum of its items, computed by the
 * server; the client's figure is never stored. Deleting the supplier or the author keeps the
 * order (their ids become null).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    status: text('status', {
      enum: ['pending', 'approved', 'rejected', 'completed', 'partially_received', 'received'],
    })
      .notNull()
      .default('pending'),
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    total: numeric('total', { precision: 12, scale: 2 }).notNull().default('0'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (table) => [
    // The key purchase_order_items' (purchase_order_id, store_id) references.
    unique('purchase_orders_id_store_unique').on(table.id, table.storeId),
    index('purchase_orders_store_idx').on(table.storeId, table.createdAt),
    check(
      'purchase_orders_status_valid',
      sql`${table.status} in ('pending', 'approved', 'rejected', 'completed', 'partially_received', 'received')`,
    ),
  ],
);

/**
 * A line of a purchase order. The product's name is copied at creation so the order still
 * reads after the product is deleted (product_id then becomes null).
 */
export const purchaseOrderItems = pgTable(
  'purchase_order_items',
  {
    id: serial('id').primaryKey(),
    purchaseOrderId: integer('purchase_order_id').notNull(),
    // The purchase order's store (issue 27).
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    // The product's id as ordered, kept when product_id becomes null: the receive error names it.
    orderedProductId: integer('ordered_product_id').notNull(),
    productName: text('product_name').notNull(),
    unitType: text('unit_type', { enum: ['piece', 'pack', 'dozen'] }).notNull(),
    quantity: integer('quantity').notNull(),
    // How much of `quantity` has arrived so far (issue 20: deliveries received in part).
    receivedQuantity: integer('received_quantity').notNull().default(0),
    buyingPrice: numeric('buying_price', { precision: 12, scale: 2 }).notNull(),
    sellingPrice: numeric('selling_price', { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [
    foreignKey({
      name: 'purchase_order_items_order_store_fk',
      columns: [table.purchaseOrderId, table.storeId],
      foreignColumns: [purchaseOrders.id, purchaseOrders.storeId],
    }).onDelete('cascade'),
    index('purchase_order_items_order_idx').on(table.purchaseOrderId),
    index('purchase_order_items_product_idx').on(table.productId),
    check('purchase_order_items_quantity_positive', sql`${table.quantity} >= 1`),
    check(
      'purchase_order_items_received_within_ordered',
      sql`${table.receivedQuantity} between 0 and ${table.quantity}`,
    ),
    check('purchase_order_items_unit_valid', sql`${table.unitType} in ('piece', 'pack', 'dozen')`),
  ],
);

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderItemRow = typeof purchaseOrderItems.$inferSelect;
