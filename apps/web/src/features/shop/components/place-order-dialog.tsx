import { zodResolver } from '@hookform/resolvers/zod';
import { formatCurrency } from '@duka/shared/money/money';
import {
  ORDER_FULFILMENTS,
  placeOrderFormSchema,
  type Order,
  type PlaceOrderFormInput,
  type PlaceOrderFormOutput,
} from '@duka/shared/orders/orders.schemas';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/lib/i18n';

interface PlaceOrderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cart's total, shown before the shopper confirms. */
  total: number;
  placing: boolean;
  /** The order placed, once it is: the dialog then confirms it. */
  placed: Order | null;
  onConfirm: (details: PlaceOrderFormOutput) => void;
}

const EMPTY: PlaceOrderFormInput = { phone: '', fulfilment: 'pickup', address: '' };

/**
 * 'Place Order' (issue 20): the phone to reach the shopper and pickup or delivery (with the
 * address a delivery goes to), the total, then 'Confirm order'; once placed, the dialog says so
 * with the order's number and how it will be collected or delivered.
 */
export function PlaceOrderDialog({
  open,
  onOpenChange,
  total,
  placing,
  placed,
  onConfirm,
}: PlaceOrderDialogProps) {
  const { t } = useTranslation('shop');
  const { register, reset, handleSubmit, control, formState } = useForm<
    PlaceOrderFormInput,
    unknown,
    PlaceOrderFormOutput
  >({ resolver: zodResolver(placeOrderFormSchema), defaultValues: EMPTY });
  const { errors } = formState;
  const delivery = useWatch({ control, name: 'fulfilment' }) === 'delivery';

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {placed ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('order.placedTitle')}</DialogTitle>
              <DialogDescription>{t('order.placedDescription')}</DialogDescription>
            </DialogHeader>
            <p data-testid="order-confirmation">
              {placed.fulfilment === 'delivery'
                ? t('placeOrder.confirmedDelivery', {
                    id: placed.id,
                    total: formatCurrency(placed.total_amount),
                    address: placed.address,
                    phone: placed.phone,
                  })
                : t('placeOrder.confirmedPickup', {
                    id: placed.id,
                    total: formatCurrency(placed.total_amount),
                    phone: placed.phone,
                  })}
            </p>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>{t('placeOrder.done')}</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t('placeOrder.title')}</DialogTitle>
              <DialogDescription>{t('placeOrder.description')}</DialogDescription>
            </DialogHeader>
            <form
              className="grid gap-4"
              noValidate
              onSubmit={(event) => void handleSubmit(onConfirm)(event)}
            >
              <TextField
                id="order-phone"
                label={t('placeOrder.phone')}
                type="tel"
                autoComplete="tel"
                placeholder="0712 345 678"
                error={translateMessage(errors.phone?.message)}
                {...register('phone')}
              />
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">{t('placeOrder.how')}</legend>
                {ORDER_FULFILMENTS.map((way) => (
                  <label key={way} className="flex items-center gap-2">
                    <input
                      type="radio"
                      value={way}
                      className="size-4 accent-emerald-700"
                      {...register('fulfilment')}
                    />
                    {t(`placeOrder.${way}`)}
                  </label>
                ))}
              </fieldset>
              {delivery && (
                <div className="grid gap-2">
                  <Label htmlFor="order-address">{t('placeOrder.address')}</Label>
                  <Textarea
                    id="order-address"
                    rows={2}
                    autoComplete="street-address"
                    aria-invalid={Boolean(errors.address)}
                    aria-describedby="order-address-error"
                    {...register('address')}
                  />
                  <FieldError id="order-address-error">
                    {translateMessage(errors.address?.message)}
                  </FieldError>
                </div>
              )}
              <p className="flex justify-between text-lg font-semibold">
                <span>{t('cart.total')}</span>
                <span>{formatCurrency(total)}</span>
              </p>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                  {t('placeOrder.cancel')}
                </Button>
                <Button type="submit" disabled={placing}>
                  {placing ? t('cart.placing') : t('placeOrder.confirm')}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
