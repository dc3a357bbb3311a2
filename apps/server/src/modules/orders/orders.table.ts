import { sql } from 'drizzle-orm';
import {
  check,
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
import { users } from '../users/users.table';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

/**
 * An online order from the shop (spec §3 Order; PRODUCT.md §4, §5; issue 8). Placed by a
 * shopper (`user_id`), priced by the server from the products' selling prices at that moment;
 * staff move it pending → shipped → fulfilled (or cancel it). Stock leaves at fulfilment.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    // Who placed it; the account may be deleted later, the order stays.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'shipped', 'fulfilled', 'cancelled'] })
      .notNull()
      .default('pending'),
    totalAmount: money('total_amount'),
    // How the shopper gets it (issue 20): the phone to reach them (+254…; null on orders
    // placed before, or by a client that sent none), pickup or delivery, and a delivery's
    // address.
    phone: text('phone'),
    fulfilment: text('fulfilment', { enum: ['pickup', 'delivery'] })
      .notNull()
      .default('pickup'),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The key order_items' (order_id, store_id) references: a line is its order's store's.
    unique('orders_id_store_unique').on(table.id, table.storeId),
    index('orders_store_created_idx').on(table.storeId, table.createdAt.desc(), table.id.desc()),
    index('orders_store_user_created_idx').on(table.storeId, table.userId, table.createdAt.desc()),
    check(
      'orders_status_valid',
      sql`${table.status} in ('pending', 'shipped', 'fulfilled', 'cancelled')`,
    ),
    check('orders_total_not_negative', sql`${table.totalAmount} >= 0`),
    check('orders_fulfilment_valid', sql`${table.fulfilment} in ('pickup', 'delivery')`),
    check(
      'orders_delivery_has_address',
      sql`${table.fulfilment} <> 'delivery' or ${table.address} is not null`,
    ),
  ],
);

/**
 * A line of an order. Name and SKU are copied so the order still reads after the product
 * changes or goes; `pieces` is what fulfilment takes from the shelf.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    // The order's store (issue 27: every business table carries store_id).
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productSku: text('product_sku').notNull(),
    unitType: text('unit_type', { enum: ['piece', 'pack', 'dozen'] }).notNull(),
    quantity: integer('quantity').notNull(),
    pieces: integer('pieces').notNull(),
    unitPrice: money('unit_price'),
    total: money('total'),
  },
  (table) => [
    foreignKey({
      name: 'order_items_order_store_fk',
      columns: [table.orderId, table.storeId],
      foreignColumns: [orders.id, orders.storeId],
    }).onDelete('cascade'),
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
    check('order_items_quantity_positive', sql`${table.quantity} >= 1`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
