/** The till's view of products: what the grid shows and what goes into the cart. */
import type { ShopperProduct } from '@duka/shared/products/products.schemas';

/** What the till reads of a product: the shopper's fields and the exact stock staff are told. */
export type PosProduct = ShopperProduct & { stock_pieces?: number };

export const POS_PAGE_SIZE = 12;

/** The store's delivery service (docs/decisions/0006): its active service with the lowest id. */
export function deliveryService(services: readonly PosProduct[]): PosProduct | null {
  const active = services.filter((product) => product.kind === 'service' && product.is_active);
  return active.reduce<PosProduct | null>((low, p) => (low && low.id < p.id ? low : p), null);
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
