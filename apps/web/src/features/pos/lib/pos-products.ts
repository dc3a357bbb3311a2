/** The till's view of products: what the grid shows and what goes into the cart. */
import type { ShopperProduct } from '@duka/shared/products/products.schemas';
import { DELIVERY_SKU } from '@/features/cart/lib/cart-math';

/** What the till reads of a product: the shopper's fields and the exact stock staff are told. */
export type PosProduct = ShopperProduct & { stock_pieces?: number };

export const POS_PAGE_SIZE = 12;

export function isDelivery(product: Pick<PosProduct, 'sku'>): boolean {
  return product.sku.toUpperCase() === DELIVERY_SKU;
}

/** Spec §2: the delivery service never shows in the grid (it has its own button). */
export function gridProducts(products: readonly PosProduct[]): PosProduct[] {
  return products.filter((product) => !isDelivery(product));
}

/**
 * The product an Enter in the search box adds at once: the search's first result, when its
 * barcode or SKU is exactly what was typed (case-insensitive) — what a barcode scanner sends.
 */
export function exactMatch(results: readonly PosProduct[], text: string): PosProduct | null {
  const wanted = text.trim().toLowerCase();
  const first = results[0];
  if (!wanted || !first) return null;
  const matches = [first.barcode, first.sku].some((code) => code?.trim().toLowerCase() === wanted);
  return matches ? first : null;
}

/**
 * Whether an Enter was a scan (or a typed code) rather than a search (issue 20): one word with
 * a digit in it, as every barcode and the shop's SKUs are ("6161101600019", "UNG-JOG2"). A
 * word search ("sugar") that adds nothing just filters the grid; a code that finds nothing is
 * cleared and reported, so the next scan does not land behind it.
 */
export function looksLikeCode(text: string): boolean {
  const value = text.trim();
  return value !== '' && !/\s/.test(value) && /\d/.test(value);
}
