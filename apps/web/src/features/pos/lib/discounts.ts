/**
 * The till's view of discounts (issue 20; docs/decisions/0004), in integer cents, with the
 * server's own rules (@duka/shared/sales/discounts): a line's list price is the product's
 * selling price for its unit; a whole-cart discount (an amount, or a % of the goods) is spread
 * over the lines as the server spreads it, so the till knows before sending which line is over
 * a cashier's cap and needs a manager's approval.
 */
import { toCents } from '@duka/shared/money/money';
import {
  exceedsDiscountCap,
  lineDiscountCents,
  percentOfCents,
  spreadCartDiscount,
} from '@duka/shared/sales/discounts';
import type { CartItem } from '@/features/cart/lib/cart-math';
import { listPriceCents } from './line-price';
import type { CartDiscountMode } from './use-checkout-discount';

function cents(value: unknown): number {
  const parsed = toCents(value);
  return parsed !== null && parsed > 0 ? parsed : 0;
}

/**
 * A whole-cart discount as typed, in cents: an amount in shillings, or a percentage (0–100) of
 * the goods rounded to the cent; never more than the goods, never below 0.
 */
export function cartDiscountCents(
  goodsCents: number,
  mode: CartDiscountMode,
  text: string,
): number {
  if (text.trim() === '') return 0;
  if (mode === 'percent') {
    const percent = Number(text);
    if (!Number.isFinite(percent) || percent <= 0) return 0;
    return percentOfCents(goodsCents, Math.min(percent, 100));
  }
  return Math.min(cents(text), goodsCents);
}

export interface DiscountedLine {
  listCents: number;
  /** What the line is charged after its part of the cart discount. */
  totalCents: number;
  discountCents: number;
  overCap: boolean;
}

/** Each line after the cart discount, as the server will record it, against `capPercent`. */
export function discountedLines(
  items: readonly CartItem[],
  cartDiscount: number,
  capPercent: number,
): DiscountedLine[] {
  const gross = items.map((item) => cents(item.unit_price) * item.quantity);
  const shares = spreadCartDiscount(gross, cartDiscount);
  return items.map((item, index) => {
    const listCents = listPriceCents(item);
    const totalCents = gross[index]! - shares[index]!;
    return {
      listCents,
      totalCents,
      discountCents: lineDiscountCents(listCents, item.quantity, totalCents),
      overCap: exceedsDiscountCap(listCents, item.quantity, totalCents, capPercent),
    };
  });
}

/** The discount the sale will carry in all (price cuts and the cart discount). */
export function discountTotalCents(lines: readonly DiscountedLine[]): number {
  return lines.reduce((sum, line) => sum + line.discountCents, 0);
}
