import type { Product } from '@duka/shared/products/products.schemas';

/** One photo of a product: the full image for the dialog, a small WebP for lists. */
export interface ProductImage {
  id: number;
  url: string;
  thumbnail_url: string;
}

/**
 * A product as staff see it on the products tab, with its photos (the uploads contract:
 * `images`, and `thumbnail_url` = the first thumbnail or null). Optional so that a server
 * without photos still fits.
 */
export type InventoryProduct = Product & {
  images?: ProductImage[];
  thumbnail_url?: string | null;
};
