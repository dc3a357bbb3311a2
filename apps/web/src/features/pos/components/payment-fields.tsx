import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { normaliseMpesaCode, type CheckoutForm } from '../lib/checkout';

interface PaymentFieldsProps {
  form: CheckoutForm;
  /** Cash tendered is below the total (spec §5: 'Amount tendered must be at least total'). */
  showShortfall: boolean;
  onChange: (change: Partial<CheckoutForm>) => void;
}

/** Cash: the amount tendered. M-Pesa: the optional transaction code (PRODUCT.md §4b). */
export function PaymentFields({ form, showShortfall, onChange: set }: PaymentFieldsProps) {
  const { t } = useTranslation('pos');
  const isCash = form.paymentMethod === 'cash';
  return (
    <>
      {isCash ? (
        <div className="grid gap-1">
          <Label htmlFor="checkout-tendered">{t('checkout.amountTendered')}</Label>
          <Input
            id="checkout-tendered"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            autoFocus
            aria-invalid={showShortfall}
            aria-describedby="checkout-tendered-error"
            value={form.amountTendered}
            onChange={(event) => set({ amountTendered: event.target.value })}
          />
          <FieldError id="checkout-tendered-error">
            {showShortfall ? t('checkout.notEnough') : undefined}
          </FieldError>
        </div>
      ) : (
        <div className="grid gap-1">
          <Label htmlFor="checkout-mpesa">{t('checkout.mpesaCode')}</Label>
          <Input
            id="checkout-mpesa"
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="SFT4XXXXXX"
            aria-describedby="checkout-mpesa-hint"
            value={form.mpesaCode}
            onChange={(event) => set({ mpesaCode: normaliseMpesaCode(event.target.value) })}
          />
          <p id="checkout-mpesa-hint" className="text-xs text-slate-600 dark:text-slate-400">
            {t('checkout.mpesaCodeHint')}
          </p>
        </div>
      )}
    </>
  );
}
