import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table';
import { products } from './products.table';

/**
 * A product's photo (issue 6): two WebP files under UPLOAD_DIR, in `products/<store_id>/` — the
 * full image and its thumbnail. Only the file names are kept; the names are random, never a
 * client's. The rows go with their product; the files are removed by the service.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    thumbnailName: text('thumbnail_name').notNull(),
    /** Order of the photos; the first is the product's image_url and thumbnail_url. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_images_product_idx').on(table.productId, table.position)],
);

export type ProductImageRow = typeof productImages.$inferSelect;
