import {
  repaymentInputSchema,
  type Customer,
  type Repayment,
} from '@duka/shared/customers/customers.schemas';
import { centsToDecimal, centsToNumber, formatCurrency, toCents } from '@duka/shared/money/money';
import { REPAYMENT_METHODS, type RepaymentMethod } from '@duka/shared/sales/sales.schemas';
import { useRef, useState, type FormEvent } from 'react';
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
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useRecordRepayment } from '../api/account';

/** What the dialog needs of the customer: any customer answer has it (the till's list too). */
export type RepaymentCustomer = Pick<Customer, 'id' | 'name' | 'balance'>;

export interface RepaymentDialogProps {
  /** The customer who repays; the dialog is open while it is not null. */
  customer: RepaymentCustomer | null;
  onOpenChange: (open: boolean) => void;
  /** Called once the server recorded the repayment (the dialog then shows what it settled). */
  onRecorded?: (repayment: Repayment) => void;
  /** Where focus goes when it closes; the opener otherwise. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Record repayment (issue 21): a customer pays back what they owe, in cash or by M-Pesa with
 * its code. The amount starts at the whole balance; the server takes it off the oldest unpaid
 * credit sales first and refuses more than the balance (its message shows under the amount).
 * One Idempotency-Key per repayment, kept for a retry of the same amount and method, so a
 * lost answer never takes the money twice. Once recorded it shows the sales it finished paying
 * and the new balance; the customers, sales and reports are refreshed.
 *
 * Reusable: the till opens it from its customer selector (a lazy import; `default` export).
 */
export function RepaymentDialog({
  customer,
  onOpenChange,
  onRecorded,
  onCloseAutoFocus,
}: RepaymentDialogProps) {
  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      {customer && (
        <RepaymentDialogBody
          // A new customer starts a new form.
          key={customer.id}
          customer={customer}
          onClose={() => onOpenChange(false)}
          onRecorded={onRecorded}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
    </Dialog>
  );
}

export default RepaymentDialog;

type Errors = Partial<Record<'amount' | 'method' | 'mpesa_code', string>>;

/** The server's field messages by field (paths 'amount' or 'body.amount'). */
function serverFieldErrors(error: unknown): Errors {
  const errors: Errors = {};
  if (!(error instanceof ApiRequestError)) return errors;
  for (const { path, message } of error.errors) {
    const field = path.split(/[./]/).filter(Boolean).pop();
    if (field === 'amount' || field === 'method' || field === 'mpesa_code') errors[field] = message;
  }
  return errors;
}

const AMOUNT_IN_MESSAGE = /KSh\s?[\d,]+(?:\.\d+)?/;

/**
 * The server's refusal of the amount in the reader's language: 'Amount is more than the balance
 * of KSh 1,200.00' names the balance as the server holds it (fresher than the card's), so the
 * amount is read from its message; any other message is translated as it came.
 */
function amountMessage(
  error: unknown,
  message: string,
  t: (key: 'repayment.overBalance', options: { amount: string }) => string,
): string {
  const amount = AMOUNT_IN_MESSAGE.exec(message)?.[0];
  if (
    error instanceof ApiRequestError &&
    error.code === 'customers.repayment_over_balance' &&
    amount
  ) {
    return t('repayment.overBalance', { amount });
  }
  return translateMessage(message);
}

function RepaymentDialogBody({
  customer,
  onClose,
  onRecorded,
  onCloseAutoFocus,
}: {
  customer: RepaymentCustomer;
  onClose: () => void;
  onRecorded?: (repayment: Repayment) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation(['customers', 'common']);
  const record = useRecordRepayment();
  const [amount, setAmount] = useState(() => centsToDecimal(toCents(customer.balance) ?? 0));
  const [method, setMethod] = useState<RepaymentMethod>('cash');
  const [mpesaCode, setMpesaCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<Repayment | null>(null);
  // The key of the attempt being made: kept while the same repayment is retried.
  const attempt = useRef<{ content: string; key: string } | null>(null);

  const keyFor = (content: string) => {
    if (attempt.current?.content !== content) {
      attempt.current = { content, key: crypto.randomUUID() };
    }
    return attempt.current.key;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (record.isPending) return;
    setFailure(null);
    const parsed = repaymentInputSchema.safeParse({
      amount,
      method,
      mpesa_code: method === 'mpesa' ? mpesaCode : undefined,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'amount' || field === 'method' || field === 'mpesa_code') && !next[field]) {
          next[field] = issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const input = parsed.data;
    const content = `${input.amount}|${input.method}|${input.mpesa_code ?? ''}`;
    try {
      const repayment = await record.mutateAsync({
        customerId: customer.id,
        amount: centsToNumber(input.amount),
        method: input.method,
        mpesa_code: input.method === 'mpesa' ? input.mpesa_code : undefined,
        idempotencyKey: keyFor(content),
      });
      attempt.current = null;
      setRecorded(repayment);
      onRecorded?.(repayment);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.amount) fields.amount = amountMessage(error, fields.amount, t);
      setErrors(fields);
      // A refusal with no field (the balance changed meanwhile…) or a failed call: its message.
      if (Object.keys(fields).length === 0) {
        setFailure(translateMessage(errorMessage(error, t('repayment.failed'))));
      }
    }
  };

  return (
    <DialogContent
      className="max-h-[90vh] overflow-y-auto sm:max-w-md"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <DialogHeader>
        <DialogTitle>{t('repayment.title', { name: customer.name })}</DialogTitle>
        <DialogDescription>{t('repayment.description')}</DialogDescription>
      </DialogHeader>
      {recorded ? (
        <div className="grid gap-3" role="status" data-testid="repayment-recorded">
          <p className="font-medium">
            {t('repayment.recorded', { amount: formatCurrency(recorded.amount) })}
          </p>
          <p>
            {t('repayment.newBalance')}{' '}
            <strong data-testid="repayment-new-balance">{formatCurrency(recorded.balance)}</strong>
          </p>
          {recorded.settled_sale_ids.length > 0 ? (
            <div className="grid gap-1">
              <p>{t('repayment.settled', { count: recorded.settled_sale_ids.length })}</p>
              <ul className="flex flex-wrap gap-2" aria-label={t('repayment.settledLabel')}>
                {recorded.settled_sale_ids.map((id) => (
                  <li
                    key={id}
                    className="rounded-md bg-emerald-100 px-2 py-0.5 text-sm font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"
                  >
                    {t('repayment.sale', { id })}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">{t('repayment.noneSettled')}</p>
          )}
          <DialogFooter>
            <Button type="button" onClick={onClose} autoFocus>
              {t('common:actions.close')}
            </Button>
          </DialogFooter>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <p>
            {t('repayment.owes')}{' '}
            <strong data-testid="repayment-balance">{formatCurrency(customer.balance)}</strong>
          </p>
          <TextField
            id="repayment-amount"
            label={t('repayment.amount')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={translateMessage(errors.amount)}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('repayment.method')}</legend>
            <div className="flex flex-wrap gap-4">
              {REPAYMENT_METHODS.map((option) => (
                <label key={option} className="flex min-h-10 items-center gap-2">
                  <input
                    type="radio"
                    name="repayment-method"
                    value={option}
                    checked={method === option}
                    onChange={() => setMethod(option)}
                    className="size-4 accent-emerald-700"
                  />
                  {t(`repayment.methods.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {method === 'mpesa' && (
            <TextField
              id="repayment-mpesa-code"
              label={t('repayment.mpesaCode')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              placeholder="SFT4A1B2C3"
              className="font-mono uppercase"
              value={mpesaCode}
              onChange={(event) => setMpesaCode(event.target.value)}
              error={translateMessage(errors.mpesa_code)}
            />
          )}
          {failure && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? t('repayment.recording') : t('repayment.submit')}
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}
