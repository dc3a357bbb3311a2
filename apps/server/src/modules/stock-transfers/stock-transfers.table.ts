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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from '../products/products.table';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';

/**
 * A transfer of stock from one store of the chain to another (issue 25): 'in_transit' from the
 * moment it is sent (the stock has left the sender), then 'received' by the destination or
 * 'cancelled' by the sender (the stock back). Received or cancelled is final.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: serial('id').primaryKey(),
    /**
     * The store the transfer belongs to (issue 27): the sender's, which creates the row and
     * whose stock leaves — always from_store_id (the check). The destination reads it through
     * to_store_id.
     */
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    fromStoreId: integer('from_store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    toStoreId: integer('to_store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['in_transit', 'received', 'cancelled'] })
      .notNull()
      .default('in_transit'),
    note: text('note').notNull().default(''),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    check('stock_transfers_store_is_sender', sql`${table.storeId} = ${table.fromStoreId}`),
    // The key stock_transfer_items' (transfer_id, store_id) references.
    unique('stock_transfers_id_store_unique').on(table.id, table.storeId),
    index('stock_transfers_from_idx').on(table.fromStoreId, table.sentAt.desc(), table.id.desc()),
    index('stock_transfers_to_idx').on(table.toStoreId, table.sentAt.desc(), table.id.desc()),
    check('stock_transfers_two_stores', sql`${table.fromStoreId} <> ${table.toStoreId}`),
    check(
      'stock_transfers_status_valid',
      sql`${table.status} in ('in_transit', 'received', 'cancelled')`,
    ),
  ],
);

/**
 * A line of a transfer: the sender's product (its SKU and name as sent), the quantity in its
 * unit and in pieces at the pack size of the day, the sender's buying price of a piece; once
 * received, the destination's product, what arrived and the difference (received − sent).
 */
export const stockTransferItems = pgTable(
  'stock_transfer_items',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id').notNull(),
    // The transfer's store_id: the sender's (issue 27).
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    toProductId: integer('to_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitType: text('unit_type', { enum: ['piece', 'pack', 'dozen'] }).notNull(),
    pieces: integer('pieces').notNull(),
    receivedQuantity: integer('received_quantity'),
    receivedPieces: integer('received_pieces'),
    differencePieces: integer('difference_pieces'),
    pieceBuyingPrice: numeric('piece_buying_price', { precision: 14, scale: 4 })
      .notNull()
      .default('0'),
  },
  (table) => [
    foreignKey({
      name: 'stock_transfer_items_transfer_store_fk',
      columns: [table.transferId, table.storeId],
      foreignColumns: [stockTransfers.id, stockTransfers.storeId],
    }).onDelete('cascade'),
    uniqueIndex('stock_transfer_items_product_unique').on(table.transferId, table.productId),
    check('stock_transfer_items_quantity_positive', sql`${table.quantity} > 0`),
    check('stock_transfer_items_pieces_positive', sql`${table.pieces} > 0`),
    check(
      'stock_transfer_items_received_not_negative',
      sql`${table.receivedPieces} is null or ${table.receivedPieces} >= 0`,
    ),
  ],
);

export type StockTransferRow = typeof stockTransfers.$inferSelect;
export type StockTransferItemRow = typeof stockTransferItems.$inferSelect;
