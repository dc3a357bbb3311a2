import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { i18n, translateMessage } from '@/lib/i18n';

/**
 * Spec §8 Orders load: a 429 gives 'You are not authorized to view orders. Please log in.';
 * otherwise the server's message, or the error's message, or 'Failed to load orders.'.
 */
export function ordersLoadMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) {
    return i18n.t('orders:load.unauthorized');
  }
  return translateMessage(errorMessage(error, i18n.t('orders:load.failed')));
}

const INSUFFICIENT_STOCK = /^Insufficient stock for (.+)$/;

/** The product named in a 409 'Insufficient stock for {name}' (PRODUCT.md §3), else null. */
export function insufficientStockOf(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  return INSUFFICIENT_STOCK.exec(error.serverMessage ?? '')?.[1] ?? null;
}
