import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { DEFAULT_DELIVERY_FEE, type CheckoutForm } from '../lib/checkout';

/**
 * Issue 20, PRODUCT.md §3b: the Delivery switch of 'Complete Sale'. A counter sale has no
 * delivery fee; switched on, the fee shows, 200 by default (spec §9), and can be changed.
 */
export function DeliveryFields({
  form,
  onChange: set,
}: {
  form: Pick<CheckoutForm, 'delivery' | 'deliveryFee'>;
  onChange: (change: Partial<CheckoutForm>) => void;
}) {
  const { t } = useTranslation('pos');
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor="checkout-delivery-switch">{t('checkout.delivery')}</Label>
        <Switch
          id="checkout-delivery-switch"
          checked={form.delivery}
          onCheckedChange={(delivery) =>
            set({
              delivery,
              // Switched on again after the field was emptied: back to the default fee.
              ...(delivery && form.deliveryFee.trim() === ''
                ? { deliveryFee: String(DEFAULT_DELIVERY_FEE) }
                : {}),
            })
          }
        />
      </div>
      {form.delivery && (
        <div className="grid gap-1">
          <Label htmlFor="checkout-delivery">{t('checkout.deliveryFee')}</Label>
          <Input
            id="checkout-delivery"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={form.deliveryFee}
            onChange={(event) => set({ deliveryFee: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}
