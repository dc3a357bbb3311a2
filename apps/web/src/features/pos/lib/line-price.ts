/**
 * A cart line against its list price (issue 20), for the line's marker at the till. Kept apart
 * from lib/discounts.ts (the checkout's, loaded with it) so the till itself stays small.
 */
import { toCents } from '@duka/shared/money/money';
import { unitSellingPrice, type CartItem } from '@/features/cart/lib/cart-math';

function cents(value: unknown): number {
  const parsed = toCents(value);
  return parsed !== null && parsed > 0 ? parsed : 0;
}

/** The list price of one unit of the line (the product's selling price for that unit). */
export function listPriceCents(item: CartItem): number {
  return cents(unitSellingPrice(item.product, item.unit_type));
}

/**
 * The line's discount for the whole line (list × quantity − charged, as
 * @duka/shared/sales/discounts counts it), and whether its price is above the list price.
 */
export function linePriceStanding(item: CartItem): {
  discountCents: number;
  aboveList: boolean;
} {
  const list = listPriceCents(item);
  const unit = cents(item.unit_price);
  return {
    discountCents: Math.max(0, list * item.quantity - unit * item.quantity),
    aboveList: unit > list,
  };
}
