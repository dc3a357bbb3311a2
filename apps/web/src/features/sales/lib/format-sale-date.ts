import { formatDate } from '@/lib/format-date';
import { i18n } from '@/lib/i18n';

/**
 * Spec §2: sale dates in a medium format with the time, in the reader's language; a missing
 * or unreadable timestamp shows 'Invalid Date'.
 */
export function formatSaleDate(value: string | null | undefined): string {
  return formatDate(value, 'mediumWithTime', i18n.t('sales:invalidDate'));
}
