/**
 * What one unit of a product sells and costs for (spec §3: piece, pack and dozen prices;
 * PRODUCT.md §3). Orders price their lines with `sellingPriceOf`; sales keep `buyingPriceOf` on
 * each line so profit stays true after prices change.
 */
import { centsToDecimal, toCents } from '@duka/shared/money/money';
import { toPieces, type UnitType } from '@duka/shared/money/units';
import type { ProductRow } from './products.table';

/** The product's selling price of one `unit`. */
export function sellingPriceOf(product: ProductRow, unit: UnitType): string {
  if (unit === 'pack') return product.packSellingPrice;
  if (unit === 'dozen') return product.dozenSellingPrice;
  return product.pieceSellingPrice;
}

/**
 * The product's buying price of one `unit`. A pack or dozen without a buying price of its own
 * (the form's default is 0) costs its pieces at the piece buying price, so a sale by the dozen
 * never shows as pure profit in the reports.
 */
export function buyingPriceOf(product: ProductRow, unit: UnitType): string {
  const own =
    unit === 'pack'
      ? product.packBuyingPrice
      : unit === 'dozen'
        ? product.dozenBuyingPrice
        : product.pieceBuyingPrice;
  if (unit === 'piece' || (toCents(own) ?? 0) > 0) return own;
  const pieceCents = toCents(product.pieceBuyingPrice) ?? 0;
  return centsToDecimal(pieceCents * toPieces(1, unit, product.packSize));
}
