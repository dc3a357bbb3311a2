import { nairobiToday } from '@duka/shared/expenses/expenses.schemas';
import { useTranslation } from 'react-i18next';
import { calendarDay } from '@/lib/format-date';
import { currentLanguage, DATE_LOCALES, type LanguageCode } from '@/lib/i18n';
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

/**
 * A span of shop days ('2026-11-01', '2026-11-26') as the language writes it: '1–26 Nov 2026',
 * '1 Oct – 26 Nov 2026', one day alone as '26 Nov 2026'.
 */
// Here, not in lib/format-date: only the reports name spans, and the till's budget is tight.
export function formatDayRange(
  start: string,
  end: string,
  language: LanguageCode = currentLanguage(),
): string {
  const from = calendarDay(start);
  const to = calendarDay(end);
  if (!from || !to) return `${start} – ${end}`;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(from, to);
}
