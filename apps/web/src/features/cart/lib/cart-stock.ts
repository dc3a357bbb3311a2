/**
 * What the till and the shop show of a product's stock (issue 20): the exact pieces when the
 * answer carries them, and whether the product is out of stock. The server still decides at
 * checkout; this only keeps a person from offering what is not on the shelf.
 */
import type { UnitType } from '@duka/shared/money/units';
import { isDeliveryProduct } from './cart-math';

export interface StockFields {
  sku?: string | null;
  stock_unit: UnitType;
  pack_size: number;
  /** Exact stock in pieces; staff answers carry it, shopper answers may not (yet). */
  stock_pieces?: number | null;
}

/** The product's stock as formatStock reads it, or null when the answer does not tell it. */
export function shelfOf(
  product: StockFields,
): { stock_pieces: number; stock_unit: UnitType; pack_size: number } | null {
  const pieces = product.stock_pieces;
  if (typeof pieces !== 'number' || !Number.isInteger(pieces)) return null;
  return { stock_pieces: pieces, stock_unit: product.stock_unit, pack_size: product.pack_size };
}

/** No piece left (a service is never out of stock; an answer without pieces is not judged). */
export function isOutOfStock(product: StockFields): boolean {
  const shelf = shelfOf(product);
  return shelf !== null && shelf.stock_pieces <= 0 && !isDeliveryProduct(product);
}
