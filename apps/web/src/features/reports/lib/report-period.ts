import { nairobiToday } from '@duka/shared/expenses/expenses.schemas';
import { useTranslation } from 'react-i18next';
import { formatDayRange } from '@/lib/format-date';
import type { ReportRange } from '../api/reports-api';

/**
 * The period a report page opens on (issue 20): this month so far, in the shop's days — the
 * first of the month in Nairobi to today in Nairobi — so the first figures a manager reads are
 * this month's takings, costs and profit, and say so.
 */
export function thisMonthSoFar(now: Date = new Date()): Required<ReportRange> {
  const today = nairobiToday(now);
  return { start: `${today.slice(0, 8)}01`, end: today };
}

/** The words that name a period on every card: '1–26 Nov 2026', or 'All dates'. */
export function usePeriodLabel(range: ReportRange): string {
  // useTranslation: a new language names the period again.
  const { t } = useTranslation('reports');
  return range.start && range.end ? formatDayRange(range.start, range.end) : t('range.all');
}
