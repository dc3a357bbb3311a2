import { ApiRequestError } from '@/lib/api-client';
import { i18n, translateMessage } from '@/lib/i18n';
import { INVALID_RESPONSE } from './checkout';

const INSUFFICIENT_STOCK = /^Insufficient stock for (.+)$/;

/**
 * What the 'Server Error' toast says (spec §8): the server's message in the current language
 * (a 400's field messages too), or 'Failed to complete checkout. Please try again.' when no
 * answer came — a dropped connection, after which the retry reuses the checkout's key.
 */
export function checkoutErrorMessage(error: unknown): string {
  const fallback = i18n.t('pos:checkout.failed');
  if (!(error instanceof ApiRequestError)) {
    return error instanceof Error && error.message === INVALID_RESPONSE
      ? translateMessage(error.message)
      : fallback;
  }
  const stock = INSUFFICIENT_STOCK.exec(error.serverMessage ?? '');
  if (stock) return i18n.t('pos:checkout.insufficientStock', { name: stock[1] });
  const fields = error.errors.map((field) => translateMessage(field.message));
  const messages = fields.length > 0 ? fields : [translateMessage(error.serverMessage ?? fallback)];
  return [...new Set(messages)].join(' ');
}
