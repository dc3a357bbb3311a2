import { kraPinSchema } from '@duka/shared/tax/tax';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { translateMessage } from '@/lib/i18n';
import type { BuyerPin } from '../lib/checkout';

/** The buyer's PIN as typed, checked by the shared schema: blank is no PIN, not an error. */
export function readBuyerPin(text: string): BuyerPin {
  if (text.trim() === '') return { text, pin: null, error: null };
  const parsed = kraPinSchema().safeParse(text);
  return parsed.success
    ? { text, pin: parsed.data, error: null }
    : { text, pin: null, error: parsed.error.issues[0]?.message ?? null };
}

/**
 * Issue 26: the buyer's KRA PIN on 'Complete Sale', printed on the receipt and sent to eTIMS —
 * optional, prefilled from the chosen customer's. Lazy with the shared schema (zod), so the
 * till's own chunk stays within its budget. Its message shows once the cashier leaves the field
 * or tries to complete the sale.
 */
export function BuyerPinField({
  value,
  showError,
  onChange,
  onBlur,
}: {
  value: BuyerPin;
  showError: boolean;
  onChange: (value: BuyerPin) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation('pos');
  return (
    <TextField
      id="checkout-buyer-pin"
      label={t('checkout.buyerPin')}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      placeholder="A123456789B"
      value={value.text}
      error={showError && value.error ? translateMessage(value.error) : undefined}
      onChange={(event) => onChange(readBuyerPin(event.target.value))}
      onBlur={onBlur}
    />
  );
}

export default BuyerPinField;
