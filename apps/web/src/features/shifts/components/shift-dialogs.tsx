import { EXPENSE_CATEGORIES, type ExpenseCategory } from '@duka/shared/expenses/expenses.schemas';
import {
  cashMovementInputSchema,
  openShiftSchema,
  type CashMovementType,
  type Shift,
} from '@duka/shared/shifts/shifts.schemas';
import { centsToDecimal } from '@duka/shared/money/money';
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
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import {
  useCashMovement,
  useOpenShift,
  useShiftReport,
  type CashMovementBody,
} from '../api/shifts';
import { countedCents, countsOf, type CountsText } from '../lib/denominations';
import { fieldErrors } from '../lib/field-errors';
import { shiftFailureMessage } from '../lib/shift-errors';
import type { ShiftAction } from '../lib/shift-action';
import { CloseShiftDialog } from './close-shift-dialog';
import { DenominationCounter } from './denomination-counter';
import { PrintableShiftReport } from './report-print';

interface ShiftDialogsProps {
  action: ShiftAction | null;
  /** The caller's open shift (null: none). */
  shift: Shift | null;
  shopName: string;
  online: boolean;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The till's shift dialogs (issue 24), one open at a time: Open shift, Pay in / Pay out, the X
 * report and Close shift. Loaded with the first one opened, never with the till.
 */
export function ShiftDialogs({
  action,
  shift,
  shopName,
  online,
  onClose,
  onCloseAutoFocus,
}: ShiftDialogsProps) {
  // The shift being closed stays in the dialog after it closes, for its Z report.
  const [closing, setClosing] = useState<Shift | null>(null);
  if (action === 'close' && shift && closing?.id !== shift.id) setClosing(shift);
  const movement = action === 'pay_in' || action === 'pay_out' ? action : null;
  const change = (open: boolean) => {
    if (!open) onClose();
  };

  return (
    <>
      <Dialog open={action === 'open'} onOpenChange={change}>
        <DialogContent
          className="max-h-[92vh] overflow-y-auto sm:max-w-md"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          {action === 'open' && <OpenShiftForm online={online} onDone={onClose} />}
        </DialogContent>
      </Dialog>
      <Dialog open={movement !== null && shift !== null} onOpenChange={change}>
        <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
          {movement && shift && (
            <CashMovementForm
              key={movement}
              type={movement}
              shift={shift}
              online={online}
              onDone={onClose}
            />
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={action === 'x' && shift !== null} onOpenChange={change}>
        <DialogContent
          data-receipt-dialog
          className="max-h-[92vh] overflow-y-auto sm:max-w-md"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          {action === 'x' && shift && (
            <XReportBody shift={shift} shopName={shopName} onDone={onClose} />
          )}
        </DialogContent>
      </Dialog>
      <CloseShiftDialog
        shift={action === 'close' ? closing : null}
        onOpenChange={(open) => {
          if (!open) {
            setClosing(null);
            onClose();
          }
        }}
        shopName={shopName}
        online={online}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}

function OfflineNote({ online }: { online: boolean }) {
  const { t } = useTranslation('shifts');
  if (online) return null;
  return (
    <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
      {t('offline.needConnection')}
    </p>
  );
}

function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** Open shift: the opening float counted into the drawer, as a total or note by note. */
function OpenShiftForm({ online, onDone }: { online: boolean; onDone: () => void }) {
  const { t } = useTranslation('shifts');
  const open = useOpenShift();
  const [byCount, setByCount] = useState(false);
  const [float, setFloat] = useState('');
  const [counts, setCounts] = useState<CountsText>({});
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!online) {
      setFailure(t('offline.needConnection'));
      return;
    }
    if (byCount && countsOf(counts) === null) {
      setError(t('counter.invalid'));
      return;
    }
    const body = { opening_float: byCount ? centsToDecimal(countedCents(counts)) : float.trim() };
    const checked = openShiftSchema.safeParse(body);
    if (!checked.success) {
      setError(fieldErrors(checked.error).opening_float);
      return;
    }
    setError(undefined);
    try {
      await open.mutateAsync(body);
      toast({ title: t('open.done') });
      onDone();
    } catch (failed) {
      setFailure(shiftFailureMessage(failed, t('open.failed')));
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogHeader>
        <DialogTitle>{t('open.title')}</DialogTitle>
        <DialogDescription>{t('open.description')}</DialogDescription>
      </DialogHeader>
      {byCount ? (
        <>
          <DenominationCounter idPrefix="open-shift-count" counts={counts} onChange={setCounts} />
          <FieldError id="open-shift-count-error">{error}</FieldError>
        </>
      ) : (
        <TextField
          id="open-shift-float"
          label={t('fields.openingFloat')}
          inputMode="decimal"
          autoComplete="off"
          value={float}
          onChange={(event) => setFloat(event.target.value)}
          error={error}
        />
      )}
      <Button
        type="button"
        variant="link"
        className="h-auto justify-self-start p-0"
        onClick={() => {
          if (byCount && countedCents(counts) > 0) setFloat(centsToDecimal(countedCents(counts)));
          setByCount(!byCount);
          setError(undefined);
        }}
      >
        {byCount ? t('open.totalInstead') : t('open.countInstead')}
      </Button>
      <OfflineNote online={online} />
      <Failure message={failure} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={open.isPending || !online}>
          {open.isPending ? t('open.submitting') : t('actions.open')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Pay in / Pay out: cash into or out of the drawer with a reason; a pay-out maybe an expense. */
function CashMovementForm({
  type,
  shift,
  online,
  onDone,
}: {
  type: CashMovementType;
  shift: Shift;
  online: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation(['shifts', 'expenses']);
  const send = useCashMovement(shift.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [asExpense, setAsExpense] = useState(false);
  const [category, setCategory] = useState<ExpenseCategory | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const payOut = type === 'pay_out';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!online) {
      setFailure(t('offline.needConnection'));
      return;
    }
    const body: CashMovementBody = { type, amount: amount.trim(), reason };
    if (payOut && asExpense && category) body.expense_category = category;
    const checked = cashMovementInputSchema.safeParse(body);
    const found = checked.success ? {} : fieldErrors(checked.error);
    // The category is asked for when the pay-out is to be an expense.
    if (payOut && asExpense && !category) found.expense_category = t('movement.categoryRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await send.mutateAsync(body);
      toast({ title: t(payOut ? 'movement.paidOut' : 'movement.paidIn') });
      onDone();
    } catch (error) {
      setFailure(shiftFailureMessage(error, t('movement.failed')));
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogHeader>
        <DialogTitle>{t(payOut ? 'actions.payOut' : 'actions.payIn')}</DialogTitle>
        <DialogDescription>
          {t(payOut ? 'movement.payOutDescription' : 'movement.payInDescription')}
        </DialogDescription>
      </DialogHeader>
      <TextField
        id="cash-movement-amount"
        label={t('fields.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount}
      />
      <TextField
        id="cash-movement-reason"
        label={t('fields.reason')}
        autoComplete="off"
        maxLength={200}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason}
      />
      {payOut && (
        <>
          <div className="flex items-center gap-3">
            <input
              id="cash-movement-expense"
              type="checkbox"
              className="size-5 accent-emerald-700"
              checked={asExpense}
              onChange={(event) => setAsExpense(event.target.checked)}
            />
            <Label htmlFor="cash-movement-expense">{t('fields.asExpense')}</Label>
          </div>
          {asExpense && (
            <div className="grid gap-2">
              <Label htmlFor="cash-movement-category">{t('fields.category')}</Label>
              <NativeSelect
                id="cash-movement-category"
                value={category}
                aria-invalid={Boolean(errors.expense_category)}
                aria-describedby="cash-movement-category-error"
                onChange={(event) => setCategory(event.target.value as ExpenseCategory | '')}
              >
                <option value="">{t('movement.chooseCategory')}</option>
                {EXPENSE_CATEGORIES.map((option) => (
                  <option key={option} value={option}>
                    {t(`expenses:categories.${option}`)}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id="cash-movement-category-error">{errors.expense_category}</FieldError>
            </div>
          )}
        </>
      )}
      <OfflineNote online={online} />
      <Failure message={failure} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={send.isPending || !online}>
          {send.isPending
            ? t('movement.submitting')
            : t(payOut ? 'actions.payOut' : 'actions.payIn')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** X report: the open shift's figures so far, printable. */
function XReportBody({
  shift,
  shopName,
  onDone,
}: {
  shift: Shift;
  shopName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('shifts');
  const report = useShiftReport(shift.id);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('actions.xReport')}</DialogTitle>
        <DialogDescription>{t('xReport.description')}</DialogDescription>
      </DialogHeader>
      {report.data ? (
        <PrintableShiftReport report={report.data} shopName={shopName} idPrefix="x-report" />
      ) : report.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>{shiftFailureMessage(report.error, t('xReport.failed'))}</p>
          <Button variant="outline" onClick={() => void report.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('xReport.loading')}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('actions.done')}
        </Button>
      </DialogFooter>
    </>
  );
}
