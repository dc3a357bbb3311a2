import { currentLanguage, DATE_LOCALES, i18n, type LanguageCode } from '@/lib/i18n';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/**
 * A backup's size as a file manager shows it: '840 KB', '12.4 MB', '1.2 GB' (1 KB = 1,024
 * bytes), with the language's decimal mark and its units ('12,4 Mo' in French). A file is never
 * shown as 0: anything under 1 KB is written as a fraction of one.
 */
export function formatSize(
  bytes: number | null | undefined,
  language: LanguageCode = currentLanguage(),
): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) {
    return i18n.t('common:notAvailable', { lng: language });
  }
  const [value, unit] =
    // From 1,000 of a unit, the next unit ('0.98 MB', never '1,003 KB').
    bytes >= 1000 * MB
      ? [bytes / GB, 'gb']
      : bytes >= 1000 * KB
        ? [bytes / MB, 'mb']
        : [bytes / KB, 'kb'];
  const digits = unit === 'kb' && value >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(DATE_LOCALES[language], {
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
  }).format(unit === 'kb' && bytes > 0 && value < 0.1 ? 0.1 : value);
  return i18n.t(`system:size.${unit as 'kb' | 'mb' | 'gb'}`, { value: number, lng: language });
}
