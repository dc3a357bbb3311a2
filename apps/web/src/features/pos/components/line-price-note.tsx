import { centsToNumber, formatCurrency } from '@duka/shared/money/money';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@/features/cart/lib/cart-math';
import { linePriceStanding, listPriceCents } from '../lib/line-price';

/**
 * Issue 20: a line's price against its list price — below it, the discount the line gives;
 * above it, a marker with the list price. Nothing when the line sells at its list price.
 */
export function LinePriceNote({ item }: { item: CartItem }) {
  const { t } = useTranslation('pos');
  const { discountCents, aboveList } = linePriceStanding(item);
  if (discountCents > 0) {
    return (
      <p
        className="text-right text-sm text-amber-800 dark:text-amber-300"
        data-testid="line-discount"
      >
        {t('discount.line', { amount: formatCurrency(centsToNumber(discountCents)) })}
      </p>
    );
  }
  if (!aboveList) return null;
  return (
    <p
      className="text-right text-sm text-slate-600 dark:text-slate-400"
      data-testid="line-above-list"
    >
      {t('discount.aboveList', { price: formatCurrency(centsToNumber(listPriceCents(item))) })}
    </p>
  );
}
