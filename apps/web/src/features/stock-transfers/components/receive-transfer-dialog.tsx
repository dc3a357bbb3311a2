import type { StockTransfer } from '@duka/shared/stock-transfers/stock-transfers.schemas';
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
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useReceiveStockTransfer } from '../api/receive-stock-transfer';
import {
  lineDifference,
  receiveDefaults,
  receiveRequest,
  totalDifference,
  type ReceiveValues,
} from '../lib/receive-form';
import { DifferenceText } from './difference-text';
import { useLineUnit } from '../hooks/use-line-unit';
import { usePiecesText } from '../hooks/use-pieces-text';

interface ReceiveTransferDialogProps {
  transfer: StockTransfer | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Receiving an incoming transfer (issue 25): each line with what was sent and what arrived —
 * starting at what was sent, in the line's unit — and the difference as it is typed; Receive
 * records it. Someone else having received it meanwhile (409) is said plainly.
 */
export function ReceiveTransferDialog({ transfer, onOpenChange }: ReceiveTransferDialogProps) {
  const { t } = useTranslation('transfers');
  return (
    <Dialog open={transfer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="p-4 sm:max-w-2xl sm:p-6">
        <DialogHeader>
          <DialogTitle>
            {t('receive.title')}
            {transfer && ` ${t('number', { id: transfer.id })}`}
          </DialogTitle>
          <DialogDescription>
            {transfer && t('receive.description', { store: transfer.from_store.name })}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted afresh per transfer: its lines start at what was sent. */}
        {transfer && (
          <ReceiveForm
            key={transfer.id}
            transfer={transfer}
            onDone={() => onOpenChange(false)}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface ReceiveFormProps {
  transfer: StockTransfer;
  onDone: () => void;
  onCancel: () => void;
}

function ReceiveForm({ transfer, onDone, onCancel }: ReceiveFormProps) {
  const { t } = useTranslation(['transfers', 'common']);
  const unitOf = useLineUnit();
  const piecesText = usePiecesText();
  const [values, setValues] = useState<ReceiveValues>(() => receiveDefaults(transfer));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const receive = useReceiveStockTransfer();
  const number = t('number', { id: transfer.id });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = receiveRequest(transfer, values);
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      await receive.mutateAsync({ id: transfer.id, body: request.body });
      toast({ title: t('common:toast.success'), description: t('receive.done', { number }) });
      onDone();
    } catch (error) {
      // Only 'no longer in transit' ends the receive; another 409 (the SKU here is a service)
      // is said as the server words it, and the form stays.
      if (error instanceof ApiRequestError && error.code === 'transfer.not_in_transit') {
        setGone(true);
        setProblem(t('receive.conflict'));
      } else {
        setProblem(translateMessage(errorMessage(error, t('receive.failed'))));
      }
    }
  };

  return (
    <form className="grid min-w-0 gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <ul className="grid gap-3" aria-label={t('details.lines')}>
        {transfer.items.map((item) => {
          const id = `receive-transfer-${item.id}`;
          const difference = lineDifference(item, values[item.id]);
          const unit = unitOf(item);
          return (
            <li
              key={item.id}
              aria-label={item.name}
              className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_10rem] sm:items-start dark:border-slate-700"
            >
              <div className="grid min-w-0 gap-1">
                <span className="font-medium break-words">{item.name}</span>
                <span className="text-xs text-slate-600 dark:text-slate-400">{item.sku}</span>
                <span className="text-sm">
                  {t('receive.sent')}: {t('quantityOf', { quantity: item.quantity, unit })} (
                  {piecesText(item.pieces)})
                </span>
                {item.product_id === null && (
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {t('receive.deleted')}
                  </span>
                )}
              </div>
              <div className="grid content-start gap-1">
                <Label htmlFor={id}>
                  {t('receive.received')} ({unit})
                </Label>
                <Input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  disabled={item.product_id === null || gone}
                  aria-invalid={Boolean(errors[item.id])}
                  aria-describedby={`${id}-difference ${id}-error`}
                  value={values[item.id] ?? ''}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [item.id]: event.target.value }))
                  }
                />
                <span id={`${id}-difference`} className="text-sm">
                  {difference !== null && <DifferenceText pieces={difference} />}
                </span>
                <FieldError id={`${id}-error`}>{translateMessage(errors[item.id])}</FieldError>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="flex flex-wrap justify-between gap-2 font-semibold" aria-live="polite">
        <span>{t('receive.total')}</span>
        <DifferenceText pieces={totalDifference(transfer.items, values)} />
      </p>
      {problem && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {problem}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {gone ? t('actions.close') : t('common:actions.cancel')}
        </Button>
        {!gone && (
          <Button type="submit" disabled={receive.isPending}>
            {receive.isPending ? t('receive.submitting') : t('receive.submit')}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}
