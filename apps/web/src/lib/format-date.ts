import { isValid, parseISO } from 'date-fns';
import { currentLanguage, DATE_LOCALES, i18n, type LanguageCode } from './i18n';

/** The shop's zone: every time the app shows is the shop's time (issue 20), not the device's. */
export const SHOP_TIME_ZONE = 'Africa/Nairobi';

/**
 * How a date is written: `long` '15 January 2025' (profile's Member Since), `medium`
 * '15 Jan 2025' (tables), `mediumWithTime` adds the time (spec §2, sales dates), `receipt` the
 * same as a receipt prints it, `dayMonth` '26 Nov' (a chart's axis), `time` '08:02'. Every style is in the shop's time (Africa/Nairobi), whatever the
 * zone of the device, in the language's order (DATE_LOCALES: en-KE, sw-KE, fr-FR). date-fns has
 * no Swahili locale; the platform's Intl has all three (Node and Chromium ship full ICU).
 */
export type DateStyle = 'long' | 'medium' | 'mediumWithTime' | 'receipt' | 'dayMonth' | 'time';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'long' },
  medium: { dateStyle: 'medium' },
  mediumWithTime: { dateStyle: 'medium', timeStyle: 'short' },
  receipt: { dateStyle: 'medium', timeStyle: 'short' },
  // A chart's axis: '26 Nov'.
  dayMonth: { day: 'numeric', month: 'short' },
  // The hour alone: '08:02' (a shift opened today, issue 24).
  time: { timeStyle: 'short' },
};

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day ('2026-11-26': an expense's date, a delivery date) is that day everywhere; it
 * is written from UTC midnight in UTC so no zone moves it to the day before or after.
 */
export function calendarDay(value: string): Date | null {
  const match = DAY_ONLY.exec(value);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const day = new Date(Date.UTC(year, month, date));
  // Date.UTC rolls 2026-13-45 over into 2027; such a day does not exist.
  return day.getUTCMonth() === month && day.getUTCDate() === date ? day : null;
}

/** Formats an API timestamp; `fallback` ('N/A' in the current language) when missing or invalid. */
export function formatDate(
  value: string | null | undefined,
  style: DateStyle = 'long',
  fallback: string = i18n.t('common:notAvailable'),
  language: LanguageCode = currentLanguage(),
): string {
  if (!value) return fallback;
  if (DAY_ONLY.test(value)) {
    const day = calendarDay(value);
    if (!day) return fallback;
    // The day's own fields, never a time: a day has none.
    const { dateStyle, day: dayOfMonth, month, year } = STYLES[style];
    return new Intl.DateTimeFormat(DATE_LOCALES[language], {
      dateStyle,
      day: dayOfMonth,
      month,
      year,
      timeZone: 'UTC',
    }).format(day);
  }
  const date = parseISO(value);
  if (!isValid(date)) return fallback;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    ...STYLES[style],
    timeZone: SHOP_TIME_ZONE,
  }).format(date);
}
