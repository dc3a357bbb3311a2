import {
  COIN_DENOMINATIONS,
  NOTE_DENOMINATIONS,
  type Denomination,
} from '@duka/shared/shifts/shifts.schemas';
import { centsToDecimal, formatCurrency } from '@duka/shared/money/money';
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { countedCents, lineCents, parseCount, type CountsText } from '../lib/denominations';

interface DenominationCounterProps {
  /** Prefix of the inputs' ids, so two counters on one page never share one. */
  idPrefix: string;
  counts: CountsText;
  onChange: (counts: CountsText) => void;
}

/**
 * Counting the drawer (issue 24): KSh 1000, 500, 200, 100, 50 notes and 20, 10, 5, 1 coins, each
 * a count with − and + big enough for a thumb, the line's value beside it and the running total
 * under them all — cents added as integers, so the total is exact.
 */
export function DenominationCounter({ idPrefix, counts, onChange }: DenominationCounterProps) {
  const { t } = useTranslation('shifts');
  const set = (value: Denomination, text: string) => onChange({ ...counts, [`${value}`]: text });
  const step = (value: Denomination, by: number) => {
    const now = parseCount(counts[`${value}`]) ?? 0;
    set(value, String(Math.max(0, now + by)));
  };

  // The − and + name the value alone, so a label search for 'KSh 1000 notes' finds only the box.
  const row = (value: Denomination, kind: 'notes' | 'coins') => {
    const id = `${idPrefix}-${value}`;
    const text = counts[`${value}`] ?? '';
    const invalid = parseCount(text) === null;
    const label = t(`counter.${kind}`, { value });
    return (
      <li key={value} className="grid grid-cols-[1fr_auto] items-center gap-x-2 gap-y-0.5">
        <div className="min-w-0">
          <label htmlFor={id} className="block font-medium">
            {label}
          </label>
          <span
            className="text-sm text-slate-600 tabular-nums dark:text-slate-300"
            data-testid={`line-total-${value}`}
          >
            {formatCurrency(centsToDecimal(lineCents(value, text)))}
          </span>
        </div>
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="size-11"
            aria-label={t('counter.less', { value })}
            onClick={() => step(value, -1)}
          >
            <Minus aria-hidden />
          </Button>
          <Input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            className={cn('h-11 w-16 text-center text-base tabular-nums')}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-error` : undefined}
            value={text}
            placeholder="0"
            onChange={(event) => set(value, event.target.value)}
            onFocus={(event) => event.target.select()}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="size-11"
            aria-label={t('counter.more', { value })}
            onClick={() => step(value, 1)}
          >
            <Plus aria-hidden />
          </Button>
        </div>
        {invalid && (
          <p
            id={`${id}-error`}
            role="alert"
            className="col-span-2 text-sm text-red-700 dark:text-red-400"
          >
            {t('counter.invalid')}
          </p>
        )}
      </li>
    );
  };

  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('counter.notesHeading')}</legend>
        <ul className="grid gap-2">{NOTE_DENOMINATIONS.map((value) => row(value, 'notes'))}</ul>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('counter.coinsHeading')}</legend>
        <ul className="grid gap-2">{COIN_DENOMINATIONS.map((value) => row(value, 'coins'))}</ul>
      </fieldset>
      <p
        className="flex justify-between rounded-md bg-slate-100 px-3 py-2 font-semibold dark:bg-slate-800"
        aria-live="polite"
      >
        <span>{t('counter.total')}</span>
        <span className="tabular-nums" data-testid="counter-total">
          {formatCurrency(centsToDecimal(countedCents(counts)))}
        </span>
      </p>
    </div>
  );
}
