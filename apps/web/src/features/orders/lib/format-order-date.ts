import { formatDate } from '@/lib/format-date';
import { i18n } from '@/lib/i18n';

/** Medium date with the time, like the sales (spec §2); 'Invalid Date' when missing. */
export function formatOrderDate(value: string | null | undefined): string {
  return formatDate(value, 'mediumWithTime', i18n.t('orders:invalidDate'));
}
