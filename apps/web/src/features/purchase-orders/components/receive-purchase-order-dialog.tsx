import type { PurchaseOrder } from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { useState, type FormEvent } from 'react';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  arrivingDefaults,
  receiveRequest,
  remainingOf,
  type ArrivingValues,
  type LineError,
  type ReceiveChoice,
} from '../lib/receive-form';

interface ReceivePurchaseOrderDialogProps {
  order: PurchaseOrder | null;
  onOpenChange: (open: boolean) => void;
  /** Sends what was chosen; the dialog closes once it is sent. */
  onReceive: (order: PurchaseOrder, choice: ReceiveChoice) => void;
}

/**
 * 'Mark as Received' (spec §4) for deliveries that come in part (issue 20): each line with
 * what was ordered, what has arrived already and what arrives now (starting at the rest), and
 * "close short" when the rest will not come.
 */
export function ReceivePurchaseOrderDialog({
  order,
  onOpenChange,
  onReceive,
}: ReceivePurchaseOrderDialogProps) {
  const { t } = useTranslation('purchaseOrders');
  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('receive.title')}</DialogTitle>
          <DialogDescription>
            {t('receive.confirm')}
            {order && (
              <span className="mt-1 block font-medium">{t('orderNumber', { id: order.id })}</span>
            )}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted afresh for every order: its lines start at what remains. */}
        {order && (
          <ReceiveForm
            key={order.id}
            order={order}
            onCancel={() => onOpenChange(false)}
            onReceive={(choice) => {
              onReceive(order, choice);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface ReceiveFormProps {
  order: PurchaseOrder;
  onCancel: () => void;
  onReceive: (choice: ReceiveChoice) => void;
}

function ReceiveForm({ order, onCancel, onReceive }: ReceiveFormProps) {
  const { t } = useTranslation(['purchaseOrders', 'common']);
  const [values, setValues] = useState<ArrivingValues>(() => arrivingDefaults(order));
  const [close, setClose] = useState(false);
  const [lineErrors, setLineErrors] = useState<Record<number, LineError>>({});
  const [nothing, setNothing] = useState(false);
  const open = order.items.filter((item) => remainingOf(item) > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = receiveRequest(order, values, close);
    if (!result.ok) {
      setLineErrors(result.lines);
      setNothing(result.nothing);
      return;
    }
    onReceive(result.request);
  };

  const message = (error: LineError | undefined) =>
    error?.key === 'receive.errors.tooMany'
      ? t('receive.errors.tooMany', { count: error.count })
      : error
        ? t('receive.errors.whole')
        : undefined;

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <ul className="grid gap-3" aria-label={t('details.items')}>
        {open.map((item) => {
          const id = `receive-${item.id}`;
          const error = message(lineErrors[item.id]);
          const name = item.Product.name || item.product_name;
          return (
            <li
              key={item.id}
              className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center dark:border-slate-700"
            >
              <div className="grid gap-1">
                <span className="font-medium break-words">{name}</span>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {t('receive.counts', {
                    unit: t(`units.${item.unit_type}`),
                    ordered: item.quantity,
                    received: item.received_quantity,
                  })}
                </span>
              </div>
              <div className="grid gap-1 sm:w-36">
                <Label htmlFor={id}>{t('receive.arriving')}</Label>
                <Input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={remainingOf(item)}
                  step={1}
                  aria-label={t('receive.arrivingFor', { name })}
                  aria-invalid={Boolean(error)}
                  aria-describedby={`${id}-error`}
                  value={values[item.id] ?? ''}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [item.id]: event.target.value }))
                  }
                />
                <FieldError id={`${id}-error`}>{error}</FieldError>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex items-start gap-3">
        <Switch id="receive-close" checked={close} onCheckedChange={setClose} />
        <Label htmlFor="receive-close" className="leading-snug">
          {t('receive.closeShort')}
        </Label>
      </div>
      {nothing && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('receive.errors.nothing')}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit">{t('actions.markReceived')}</Button>
      </DialogFooter>
    </form>
  );
}
