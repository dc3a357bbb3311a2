/** What the counting screen reads of a product, and the rules it applies before a line is sent. */
import type { ShopperProduct } from '@duka/shared/products/products.schemas';
import { UNIT_TYPES, type UnitType } from '@duka/shared/money/units';
import type { StockCount } from '@duka/shared/stock-counts/stock-counts.schemas';

export type CountProduct = Pick<
  ShopperProduct,
  | 'id'
  | 'name'
  | 'sku'
  | 'barcode'
  | 'category_id'
  | 'pack_size'
  | 'stock_unit'
  | 'kind'
  | 'pack_selling_price'
  | 'dozen_selling_price'
>;

/**
 * The units a product is counted in: the piece always; a pack when its packs hold more than
 * one piece; a dozen when it is kept or sold by the dozen. Its stock unit (how the shop thinks
 * of it on the shelf) is always among them.
 */
export function countUnits(product: CountProduct): UnitType[] {
  return UNIT_TYPES.filter((unit) => {
    if (unit === 'piece' || unit === product.stock_unit) return true;
    if (unit === 'pack') return product.pack_size > 1;
    return Number(product.dozen_selling_price) > 0;
  });
}

/**
 * The product an Enter in the scan field picks at once: the search's first result, when its
 * barcode or SKU is exactly what was typed (case-insensitive) — what a barcode scanner sends.
 */
export function exactMatch<P extends CountProduct>(results: readonly P[], text: string): P | null {
  const wanted = text.trim().toLowerCase();
  const first = results[0];
  if (!wanted || !first) return null;
  const matches = [first.barcode, first.sku].some((code) => code?.trim().toLowerCase() === wanted);
  return matches ? first : null;
}

/** One word with a digit in it: a barcode or a SKU ("6161101600019", "UNG-JOG2"), not a name. */
export function looksLikeCode(text: string): boolean {
  const value = text.trim();
  return value !== '' && !/\s/.test(value) && /\d/.test(value);
}

export type OutOfCount = 'service' | 'notInCount' | null;

/**
 * Why a product cannot be counted in this count, known before anything is typed: a service has
 * no stock, and a count of some categories covers only their products. The server checks the
 * same (its 400s are shown too).
 */
export function outOfCount(
  product: CountProduct,
  count: Pick<StockCount, 'categories'>,
): OutOfCount {
  if (product.kind === 'service') return 'service';
  if (count.categories === null) return null;
  const inScope = count.categories.some((category) => category.id === product.category_id);
  return inScope ? null : 'notInCount';
}

/** The quantity field's text as a whole number of units, or null when it is not one. */
export function parseQuantity(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}
