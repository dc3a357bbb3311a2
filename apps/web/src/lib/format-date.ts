import { isValid, parseISO } from 'date-fns';
import { currentLanguage, DATE_LOCALES, i18n, type LanguageCode } from './i18n';

/**
 * How a date is written: `long` 'January 15, 2025' (profile's Member Since), `medium`
 * 'Jan 15, 2025' (tables), `mediumWithTime` adds the time (spec §2, sales dates), `receipt` is
 * that in Africa/Nairobi time. The words
 * follow the language: 'Januari', 'janvier'. date-fns has no Swahili locale; the platform's
 * Intl has all three (Node and Chromium ship full ICU).
 */
export type DateStyle = 'long' | 'medium' | 'mediumWithTime' | 'receipt';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'long' },
  medium: { dateStyle: 'medium' },
  mediumWithTime: { dateStyle: 'medium', timeStyle: 'short' },
  // A receipt states the shop's time, whatever the zone of the device that prints it.
  receipt: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' },
};

/** Formats an API timestamp; `fallback` ('N/A' in the current language) when missing or invalid. */
export function formatDate(
  value: string | null | undefined,
  style: DateStyle = 'long',
  fallback: string = i18n.t('common:notAvailable'),
  language: LanguageCode = currentLanguage(),
): string {
  if (!value) return fallback;
  const date = parseISO(value);
  if (!isValid(date)) return fallback;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], STYLES[style]).format(date);
}
