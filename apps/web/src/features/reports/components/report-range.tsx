import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ReportRange } from '../api/reports-api';
import { usePeriodLabel } from '../lib/report-period';

interface ReportRangeFormProps {
  /** The applied range (both days, or none for all dates). */
  range: ReportRange;
  /** Filter: called with both days, or with none when both are cleared. */
  onRangeChange: (range: ReportRange) => void;
}

/**
 * The date range at the top of /reports (issue 20): it drives every card, chart and table
 * below. Filter applies both days (spec §2: the filter needs both); both cleared is all dates;
 * one alone or an end before the start changes nothing and says why. The applied period is
 * named beside it.
 */
export function ReportRangeForm({ range, onRangeChange }: ReportRangeFormProps) {
  const { t } = useTranslation('reports');
  const [start, setStart] = useState(range.start ?? '');
  const [end, setEnd] = useState(range.end ?? '');
  const period = usePeriodLabel(range);
  const endBeforeStart = start !== '' && end !== '' && end < start;
  const oneDateOnly = (start === '') !== (end === '');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (endBeforeStart || oneDateOnly) return;
    onRangeChange(start && end ? { start, end } : {});
  };

  return (
    <form onSubmit={apply} className="grid gap-2" aria-label={t('range.label')} noValidate>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="reports-start">{t('range.start')}</Label>
          <Input
            id="reports-start"
            type="date"
            className="min-w-0 sm:w-44"
            value={start}
            onChange={(event) => setStart(event.target.value)}
          />
        </div>
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="reports-end">{t('range.end')}</Label>
          <Input
            id="reports-end"
            type="date"
            className="min-w-0 sm:w-44"
            value={end}
            aria-invalid={endBeforeStart}
            aria-describedby="reports-end-error"
            onChange={(event) => setEnd(event.target.value)}
          />
        </div>
        <Button type="submit" className="col-span-2 sm:col-span-1">
          {t('range.filter')}
        </Button>
      </div>
      <FieldError id="reports-end-error">
        {endBeforeStart ? t('range.endBeforeStart') : undefined}
      </FieldError>
      {oneDateOnly && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('range.bothDates')}</p>
      )}
      <p className="text-sm" aria-live="polite">
        {t('range.period')}{' '}
        <strong className="font-semibold" data-testid="applied-period">
          {period}
        </strong>
      </p>
    </form>
  );
}
