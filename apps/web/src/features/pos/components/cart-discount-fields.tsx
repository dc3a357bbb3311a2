import { centsToNumber, formatCurrency } from '@duka/shared/money/money';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { CartItem } from '@/features/cart/lib/cart-math';
import { useDiscountPolicy } from '../api/get-discount-policy';
import { goodsCents } from '../lib/checkout';
import { cartDiscountCents, discountTotalCents, discountedLines } from '../lib/discounts';
import type {
  CartDiscountInput,
  CartDiscountMode,
  DiscountSummary,
} from '../lib/use-checkout-discount';

/**
 * Issue 20: 'Complete Sale' offers a whole-cart discount, an amount in shillings or a % of the
 * goods, says what the sale gives off in all and when a manager must approve it, and tells the
 * checkout (`onSummary`) what to total and whether to ask for a manager first. Loaded with the
 * checkout rather than the till, with the arithmetic it needs.
 */
export function CartDiscountFields({
  items,
  value,
  onChange,
  onSummary,
}: {
  items: readonly CartItem[];
  value: CartDiscountInput;
  onChange: (value: CartDiscountInput) => void;
  onSummary: (summary: DiscountSummary) => void;
}) {
  const { t } = useTranslation('pos');
  const policy = useDiscountPolicy().data;
  const cartDiscount = cartDiscountCents(goodsCents(items), value.mode, value.text);
  const capPercent = policy?.max_cashier_discount_percent ?? null;
  const lines = discountedLines(items, cartDiscount, capPercent ?? 100);
  const total = discountTotalCents(lines);
  const approvalCap =
    policy?.capped === true && lines.some((line) => line.overCap) ? capPercent : null;
  useEffect(() => {
    onSummary({
      cartDiscountCents: cartDiscount,
      discountTotalCents: total,
      capPercent,
      approvalCap,
    });
  }, [onSummary, cartDiscount, total, capPercent, approvalCap]);

  return (
    <div className="grid gap-1">
      <Label htmlFor="checkout-discount">{t('discount.cart')}</Label>
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <Input
          id="checkout-discount"
          type="number"
          inputMode="decimal"
          min={0}
          step={value.mode === 'percent' ? 1 : 0.01}
          placeholder="0"
          value={value.text}
          onChange={(event) => onChange({ ...value, text: event.target.value })}
        />
        <NativeSelect
          aria-label={t('discount.mode')}
          value={value.mode}
          onChange={(event) => onChange({ ...value, mode: event.target.value as CartDiscountMode })}
        >
          <option value="amount">{t('discount.amount')}</option>
          <option value="percent">{t('discount.percent')}</option>
        </NativeSelect>
      </div>
      {total > 0 && (
        <p className="text-sm" data-testid="checkout-discount-total">
          {t('discount.total', { amount: formatCurrency(centsToNumber(total)) })}
        </p>
      )}
      {approvalCap !== null && (
        <p className="text-sm text-amber-800 dark:text-amber-300" role="status">
          {t('discount.needsApproval', { percent: approvalCap })}
        </p>
      )}
    </div>
  );
}
