import { nairobiToday } from '@duka/shared/expenses/expenses.schemas';
import { currentLanguage, DATE_LOCALES, type LanguageCode } from '@/lib/i18n';

/** How many months the VAT report's picker offers: this one and the 35 before it, three years. */
export const VAT_MONTHS_SHOWN = 36;

/** This month in Nairobi (YYYY-MM): the VAT report opens on it. */
export function thisNairobiMonth(now: Date = new Date()): string {
  return nairobiToday(now).slice(0, 7);
}

/** `month` and the months before it, newest first, `count` in all (YYYY-MM). */
export function monthsBack(month: string, count: number = VAT_MONTHS_SHOWN): string[] {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, monthNo - 1 - back, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** A month as the language names it: 'November 2026', 'Novemba 2026', 'novembre 2026'. */
export function formatMonth(month: string, language: LanguageCode = currentLanguage()): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}
