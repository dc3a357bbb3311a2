import { closeShiftSchema, type Shift, type ShiftReport } from '@duka/shared/shifts/shifts.schemas';
import { centsToDecimal } from '@duka/shared/money/money';
import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { TextField } from '@/components/ui/text-field';
import { useCloseShift, type CloseShiftBody } from '../api/shifts';
import { countedCents, countsOf, type CountsText } from '../lib/denominations';
import { fieldErrors } from '../lib/field-errors';
import { shiftFailureMessage } from '../lib/shift-errors';
import { DenominationCounter } from './denomination-counter';
import { PrintableShiftReport } from './report-print';

interface CloseShiftDialogProps {
  /** The shift to close; the dialog is open while it is not null. */
  shift: Shift | null;
  onOpenChange: (open: boolean) => void;
  shopName: string;
  online: boolean;
  /** A manager closing someone's forgotten shift: the note says why. */
  forgotten?: boolean;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Close shift (issue 24): the drawer counted by notes and coins — or a total entered instead —
 * and a note, then the Z report: expected and counted cash, the difference Over or Short, and
 * the rest of the shift's money, printable. The counts sent always add up to the counted cash.
 */
export function CloseShiftDialog({
  shift,
  onOpenChange,
  shopName,
  online,
  forgotten = false,
  onCloseAutoFocus,
}: CloseShiftDialogProps) {
  return (
    <Dialog open={shift !== null} onOpenChange={onOpenChange}>
      <DialogContent
        data-receipt-dialog
        className="max-h-[92vh] overflow-y-auto sm:max-w-md"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {shift && (
          <CloseShiftBody
            key={shift.id}
            shift={shift}
            shopName={shopName}
            online={online}
            forgotten={forgotten}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CloseShiftBody({
  shift,
  shopName,
  online,
  forgotten,
  onDone,
}: {
  shift: Shift;
  shopName: string;
  online: boolean;
  forgotten: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('shifts');
  const close = useCloseShift(shift.id);
  const [byTotal, setByTotal] = useState(false);
  const [counts, setCounts] = useState<CountsText>({});
  const [total, setTotal] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [report, setReport] = useState<ShiftReport | null>(null);
  // The Z report replaces the form (and its focused button): reading starts at its title.
  const doneTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (report) doneTitle.current?.focus();
  }, [report]);

  if (report) {
    return (
      <>
        <DialogHeader>
          <DialogTitle ref={doneTitle} tabIndex={-1} className="outline-none">
            {t('close.doneTitle')}
          </DialogTitle>
          <DialogDescription>{t('close.doneDescription')}</DialogDescription>
        </DialogHeader>
        <PrintableShiftReport report={report} shopName={shopName} idPrefix="z-report" />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('actions.done')}
          </Button>
        </DialogFooter>
      </>
    );
  }

  const build = (): CloseShiftBody | null => {
    const trimmedNote = note.trim();
    let body: CloseShiftBody;
    if (byTotal) {
      body = { counted_cash: total.trim() };
    } else {
      const denominations = countsOf(counts);
      if (denominations === null) {
        setErrors({ counted_cash: t('counter.invalid') });
        return null;
      }
      body = { counted_cash: centsToDecimal(countedCents(counts)), denominations };
    }
    if (trimmedNote) body.note = trimmedNote;
    const checked = closeShiftSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return null;
    }
    setErrors({});
    return body;
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!online) {
      setFailure(t('offline.needConnection'));
      return;
    }
    const body = build();
    if (!body) return;
    try {
      setReport(await close.mutateAsync(body));
    } catch (error) {
      setFailure(shiftFailureMessage(error, t('close.failed')));
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogHeader>
        <DialogTitle>{t('close.title')}</DialogTitle>
        <DialogDescription>
          {forgotten
            ? t('close.forgottenDescription', { name: shift.User?.name ?? '' })
            : t('close.description')}
        </DialogDescription>
      </DialogHeader>
      {byTotal ? (
        <TextField
          id="close-shift-counted"
          label={t('fields.countedCash')}
          inputMode="decimal"
          autoComplete="off"
          value={total}
          onChange={(event) => setTotal(event.target.value)}
          error={errors.counted_cash}
        />
      ) : (
        <>
          <DenominationCounter idPrefix="close-shift-count" counts={counts} onChange={setCounts} />
          {errors.counted_cash && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errors.counted_cash}
            </p>
          )}
        </>
      )}
      <Button
        type="button"
        variant="link"
        className="h-auto justify-self-start p-0"
        onClick={() => {
          setByTotal(!byTotal);
          setErrors({});
          if (!byTotal && countedCents(counts) > 0) {
            setTotal(centsToDecimal(countedCents(counts)));
          }
        }}
      >
        {byTotal ? t('close.countInstead') : t('close.totalInstead')}
      </Button>
      <div className="grid gap-2">
        <Label htmlFor="close-shift-note">{t('fields.note')}</Label>
        <Textarea
          id="close-shift-note"
          rows={2}
          value={note}
          aria-invalid={Boolean(errors.note)}
          aria-describedby="close-shift-note-hint"
          onChange={(event) => setNote(event.target.value)}
        />
        <p id="close-shift-note-hint" className="text-sm text-slate-600 dark:text-slate-300">
          {errors.note ?? (forgotten ? t('close.forgottenNoteHint') : t('close.noteHint'))}
        </p>
      </div>
      {!online && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          {t('offline.needConnection')}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={close.isPending || !online}>
          {close.isPending ? t('close.submitting') : t('actions.close')}
        </Button>
      </DialogFooter>
    </form>
  );
}
