import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from '../categories/categories.table';
import { stores } from '../stores/stores.table';
import { syncXidColumn } from '../../db/sync-xid';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull().default('0');

/**
 * A product of a store (spec §3). Stock is kept in whole pieces (`stock_pieces`); only the stock
 * ledger (`stock_apply`, modules/stock) changes it and refuses to take it below 0 unless its
 * caller allows it (decision 0007); `min_quantity` is in the product's stock unit; prices are exact decimals
 * (PRODUCT.md §3). SKU is unique per store regardless of case.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sku: text('sku').notNull(),
    barcode: text('barcode'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    pieceBuyingPrice: money('piece_buying_price'),
    pieceSellingPrice: money('piece_selling_price'),
    packBuyingPrice: money('pack_buying_price'),
    packSellingPrice: money('pack_selling_price'),
    dozenBuyingPrice: money('dozen_buying_price'),
    dozenSellingPrice: money('dozen_selling_price'),
    stockPieces: integer('stock_pieces').notNull().default(0),
    minQuantity: integer('min_quantity').notNull().default(0),
    packSize: integer('pack_size').notNull().default(1),
    stockUnit: text('stock_unit', { enum: ['piece', 'pack', 'dozen'] })
      .notNull()
      .default('piece'),
    isActive: boolean('is_active').notNull().default(true),
    // Goods (kept in stock) or a service (no stock, no movements; the delivery): issue 20.
    kind: text('kind', { enum: ['goods', 'service'] })
      .notNull()
      .default('goods'),
    // Issue 26: the KRA tax letter (A Exempt, B VAT 16%, C Zero-rated, D Non-VAT, E VAT 8%).
    taxType: text('tax_type', { enum: ['A', 'B', 'C', 'D', 'E'] })
      .notNull()
      .default('B'),
    // What a search matches — name, SKU and barcode, lowercased — kept as one text so one
    // trigram index answers it, and its matches are checked without lowercasing three columns
    // again (issue 10: three OR-ed columns made PostgreSQL scan the catalogue). A newline keeps
    // a search from matching across two of them: a typed query never holds one.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${products.name} || E'\\n' || ${products.sku} || E'\\n' || coalesce(${products.barcode}, ''))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The transaction that last wrote the row (issue 22): what GET /sync/products pages by.
    syncXid: syncXidColumn(),
  },
  (table) => [
    uniqueIndex('products_store_sku_unique').on(table.storeId, sql`lower(${table.sku})`),
    index('products_store_category_idx').on(table.storeId, table.categoryId),
    // The till's grid and the product list: a page in name order is an index walk.
    index('products_store_name_idx').on(table.storeId, table.name, table.id),
    // A scanned barcode is an exact match (products.service searchProducts).
    index('products_store_barcode_idx').on(table.storeId, sql`lower(${table.barcode})`),
    // Search (GET /products?q, /products/search): contains-matches served by pg_trgm on
    // PGlite and PostgreSQL alike.
    // No index on sync_xid (migration 0032): a sale changes its products' stock, and an indexed
    // column that changes makes every such update a non-HOT one, a new entry in each of the
    // table's indexes (the trigram one too). A device's delta reads the store's rows instead.
    index('products_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('products_min_quantity_not_negative', sql`${table.minQuantity} >= 0`),
    check('products_pack_size_positive', sql`${table.packSize} >= 1`),
    check('products_stock_unit_valid', sql`${table.stockUnit} in ('piece', 'pack', 'dozen')`),
    check('products_kind_valid', sql`${table.kind} in ('goods', 'service')`),
    check('products_service_no_stock', sql`${table.kind} = 'goods' or ${table.stockPieces} = 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
