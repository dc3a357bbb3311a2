import { centsToDecimal, formatCurrency } from '@duka/shared/money/money';
import {
  REFUND_METHODS,
  RETURN_MESSAGES,
  type SaleReturn,
} from '@duka/shared/returns/returns.schemas';
import type { Sale, SaleItem } from '@duka/shared/sales/sales.schemas';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
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
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { customerName } from '@/lib/customer-name';
import { translateMessage } from '@/lib/i18n';
import { useCreateReturn } from '../api/create-return';
import {
  buildReturnInput,
  clampQuantity,
  creditAllowed,
  initialReturnForm,
  leftToReturn,
  lineRefundCents,
  refundCents,
  returnableItems,
  returnFailureMessage,
  serverFieldErrors,
  type ReturnFieldErrors,
  type ReturnFormState,
  type ReturnLine,
} from '../lib/return-form';

export interface ReturnDialogProps {
  /** The sale whose lines come back; the dialog is open while it is not null. */
  sale: Sale | null;
  onOpenChange: (open: boolean) => void;
  /** Whether the app has a connection (app/connection.ts): a return is never made offline. */
  online: boolean;
  /** The server recorded the return (the page then shows its refund receipt). */
  onReturned: (saleReturn: SaleReturn) => void;
  /** Where focus goes when it closes (the till's search box); the opener otherwise. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Return items (issue 24): a manager picks the lines and quantities coming back (never more than
 * is left of a line), whether each goes back on the shelf or is written off as damaged, the
 * refund method — cash from the drawer, M-Pesa sent back by hand with its code, or off the
 * customer's credit (a named customer only) — and a reason. The refund shows as it is picked,
 * in cents as the server counts it. One Idempotency-Key per opening, reused by every retry, so
 * an answer lost on a dropped connection never refunds twice. Loaded lazily by the sales page
 * and the till, with its texts.
 */
export function ReturnDialog({
  sale,
  onOpenChange,
  online,
  onReturned,
  onCloseAutoFocus,
}: ReturnDialogProps) {
  return (
    <Dialog open={sale !== null} onOpenChange={onOpenChange}>
      {sale && (
        <ReturnDialogBody
          // Another sale starts a new form and a new key.
          key={sale.id}
          sale={sale}
          online={online}
          onClose={() => onOpenChange(false)}
          onReturned={onReturned}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
    </Dialog>
  );
}

export default ReturnDialog;

function ReturnDialogBody({
  sale,
  online,
  onClose,
  onReturned,
  onCloseAutoFocus,
}: {
  sale: Sale;
  online: boolean;
  onClose: () => void;
  onReturned: (saleReturn: SaleReturn) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation(['returns', 'common']);
  const create = useCreateReturn();
  const [form, setForm] = useState<ReturnFormState>(() => initialReturnForm(sale));
  const [errors, setErrors] = useState<ReturnFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // One key for this opening of the dialog: each retry sends it again.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const items = returnableItems(sale);
  const credit = creditAllowed(sale);
  const methods = REFUND_METHODS.filter((method) => method !== 'credit' || credit);
  const cents = refundCents(sale, form.lines);
  const amount = formatCurrency(centsToDecimal(cents));

  const setLine = (itemId: number, change: Partial<ReturnLine>) => {
    setForm((current) => ({
      ...current,
      lines: { ...current.lines, [itemId]: { ...current.lines[itemId]!, ...change } },
    }));
    setErrors((current) => ({ ...current, items: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || !online) return;
    setFailure(null);
    const built = buildReturnInput(sale, form);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    try {
      const saleReturn = await create.mutateAsync({
        saleId: sale.id,
        input: built.input,
        idempotencyKey,
      });
      toast({
        title: t('dialog.done'),
        description: t('dialog.doneDescription', {
          amount: formatCurrency(saleReturn.amount),
          method: t(`dialog.methodDone.${saleReturn.refund_method}`),
        }),
      });
      onReturned(saleReturn);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(returnFailureMessage(error, sale));
    }
  };

  return (
    <DialogContent
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <DialogHeader>
        <DialogTitle>{t('dialog.title', { id: sale.id })}</DialogTitle>
        <DialogDescription>{t('dialog.description')}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
        <section className="grid gap-2" aria-labelledby="return-lines-title">
          <h3 id="return-lines-title" className="font-semibold">
            {t('dialog.lines')}
          </h3>
          <ul className="grid divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {items.map((item) => (
              <ReturnLineRow
                key={item.id}
                item={item}
                line={form.lines[item.id]!}
                onChange={(change) => setLine(item.id, change)}
              />
            ))}
          </ul>
          {errors.items && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {/* The schema's own words for no line picked are this dialog's, in three languages. */}
              {errors.items === RETURN_MESSAGES.items
                ? t('dialog.nothingPicked')
                : translateMessage(errors.items)}
            </p>
          )}
        </section>

        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold">{t('dialog.method')}</legend>
          <div className="grid gap-1 sm:grid-cols-3">
            {methods.map((method) => (
              <label
                key={method}
                className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 dark:border-slate-800 dark:has-[:checked]:border-emerald-500 dark:has-[:checked]:bg-emerald-950"
              >
                <input
                  type="radio"
                  name="refund-method"
                  value={method}
                  checked={form.method === method}
                  onChange={() => {
                    setForm((current) => ({ ...current, method }));
                    setErrors((current) => ({ ...current, mpesa_code: undefined }));
                  }}
                  className="size-4 shrink-0 accent-emerald-700"
                />
                <span className="text-sm">{t(`dialog.methods.${method}`)}</span>
              </label>
            ))}
          </div>
          {form.method === 'credit' && sale.Customer && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('dialog.creditOwed', { name: customerName(sale.Customer) })}
            </p>
          )}
        </fieldset>

        {form.method === 'mpesa' && (
          <div className="grid gap-1">
            <TextField
              id="return-mpesa-code"
              label={t('dialog.mpesaCode')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              placeholder="SFT4A1B2C3"
              className="font-mono uppercase"
              value={form.mpesaCode}
              onChange={(event) => {
                const mpesaCode = event.target.value;
                setForm((current) => ({ ...current, mpesaCode }));
              }}
              error={translateMessage(errors.mpesa_code)}
            />
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('dialog.mpesaHint')}</p>
          </div>
        )}

        <div className="grid gap-2">
          <Label htmlFor="return-reason">{t('dialog.reason')}</Label>
          <Textarea
            id="return-reason"
            rows={2}
            maxLength={500}
            placeholder={t('dialog.reasonPlaceholder')}
            aria-invalid={Boolean(errors.reason)}
            aria-describedby="return-reason-error"
            value={form.reason}
            onChange={(event) => {
              const reason = event.target.value;
              setForm((current) => ({ ...current, reason }));
            }}
          />
          <FieldError id="return-reason-error">{translateMessage(errors.reason)}</FieldError>
        </div>

        <p
          className="flex items-baseline justify-between gap-2 rounded-md bg-slate-100 px-3 py-2 text-lg font-semibold dark:bg-slate-800"
          aria-live="polite"
        >
          <span>{t('dialog.refund')}</span>
          <span className="tabular-nums" data-testid="return-refund-total">
            {amount}
          </span>
        </p>

        {!online && (
          <p role="alert" className="text-sm font-medium text-amber-800 dark:text-amber-300">
            {t('dialog.offline')}
          </p>
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {failure}
          </p>
        )}

        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending || !online}>
            {create.isPending ? t('dialog.submitting') : t('dialog.submit', { amount })}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** One line of the sale: what is left, the quantity coming back, shelf or damaged. */
function ReturnLineRow({
  item,
  line,
  onChange,
}: {
  item: SaleItem;
  line: ReturnLine;
  onChange: (change: Partial<ReturnLine>) => void;
}) {
  const { t } = useTranslation('returns');
  const id = useId();
  const name = item.Product.name;
  const left = leftToReturn(item);
  const unit = (count: number) => t(`units.${item.unit_type}`, { count });
  const setQuantity = (value: number) => onChange({ quantity: clampQuantity(value, left) });

  return (
    <li className="grid gap-2 p-3" data-testid="return-line">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium">{name}</span>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {t('dialog.sold', {
            quantity: item.quantity,
            unit: unit(item.quantity),
            total: formatCurrency(item.total),
          })}
        </span>
      </div>
      <p className="text-sm" id={`${id}-left`}>
        {t('dialog.left', { quantity: left, unit: unit(left) })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t('dialog.less', { name })}
            disabled={line.quantity <= 0}
            onClick={() => setQuantity(line.quantity - 1)}
          >
            <MinusIcon aria-hidden className="size-4" />
          </Button>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={left}
            step={1}
            className="w-20 text-center"
            aria-label={t('dialog.quantity', { name })}
            aria-describedby={`${id}-left`}
            value={line.quantity}
            onChange={(event) => setQuantity(Number(event.target.value))}
            onFocus={(event) => event.target.select()}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t('dialog.more', { name })}
            disabled={line.quantity >= left}
            onClick={() => setQuantity(line.quantity + 1)}
          >
            <PlusIcon aria-hidden className="size-4" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            aria-label={t('dialog.allOf', { name })}
            disabled={line.quantity >= left}
            onClick={() => setQuantity(left)}
          >
            {t('dialog.all')}
          </Button>
        </div>
        {line.quantity > 0 && (
          <span className="ml-auto font-medium tabular-nums">
            {formatCurrency(centsToDecimal(lineRefundCents(item, line.quantity)))}
          </span>
        )}
      </div>
      {line.quantity > 0 && (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="sr-only">{t('dialog.where', { name })}</legend>
          {([true, false] as const).map((restock) => (
            <label key={String(restock)} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-restock`}
                checked={line.restock === restock}
                onChange={() => onChange({ restock })}
                className="size-4 accent-emerald-700"
              />
              {restock ? t('dialog.restock') : t('dialog.damaged')}
            </label>
          ))}
        </fieldset>
      )}
    </li>
  );
}
