import type { Product } from '@duka/shared/products/products.schemas';

export type { ProductImage } from '@duka/shared/products/products.schemas';

/**
 * A product as staff see it on the products tab: every field, with its photos (`images`, and
 * `thumbnail_url` — the first thumbnail or null — for lists).
 */
export type InventoryProduct = Product;
