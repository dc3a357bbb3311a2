import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from '../products/products.table';
import { stores } from '../stores/stores.table';
import { suppliers } from '../suppliers/suppliers.table';

/** A supplier sells a product (spec §3 Product-supplier link); one row per pair. */
export const productSuppliers = pgTable(
  'product_suppliers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_suppliers_pair_unique').on(table.productId, table.supplierId),
    index('product_suppliers_store_idx').on(table.storeId),
    index('product_suppliers_supplier_idx').on(table.supplierId),
  ],
);

export type ProductSupplierRow = typeof productSuppliers.$inferSelect;
