/**
 * What one unit of a product sells and costs for (spec §3: piece, pack and dozen prices;
 * PRODUCT.md §3). Orders price their lines with `sellingPriceOf`; sales keep `buyingPriceOf` on
 * each line so profit stays true after prices change.
 */
import { centsToDecimal, toCents } from '@duka/shared/money/money';
import { toPieces, type UnitType } from '@duka/shared/money/units';
import type { ProductRow } from './products.table';

/** The product's own selling price of one `unit` (0 when it has none: orders refuse that unit). */
export function sellingPriceOf(product: ProductRow, unit: UnitType): string {
  if (unit === 'pack') return product.packSellingPrice;
  if (unit === 'dozen') return product.dozenSellingPrice;
  return product.pieceSellingPrice;
}

/**
 * A sale line's list price (issue 20): the unit's own selling price, else — a pack or dozen
 * with no price of its own (the form's default is 0) — its pieces at the piece price. With a
 * list price of 0 any price charged for such a unit would be no discount at all, so a dozen
 * worth KSh 1,200 in pieces could go for KSh 1 untraced. The twin of unit_selling_price (SQL).
 */
export function listPriceOf(product: ProductRow, unit: UnitType): string {
  const own = sellingPriceOf(product, unit);
  if (unit === 'piece' || (toCents(own) ?? 0) > 0) return own;
  const pieceCents = toCents(product.pieceSellingPrice) ?? 0;
  return centsToDecimal(pieceCents * toPieces(1, unit, product.packSize));
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
