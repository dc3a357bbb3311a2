import { ApiRequestError } from '@/lib/api-client';
import { i18n, translateMessage } from '@/lib/i18n';
import { INVALID_CART_ITEM } from './shop-products';

const INSUFFICIENT_STOCK = /^Insufficient stock for (.+)$/;

/** The order messages the shop words itself (the product's name stays as it came). */
function shopMessage(message: string): string {
  const stock = INSUFFICIENT_STOCK.exec(message);
  if (stock) return i18n.t('shop:order.insufficientStock', { name: stock[1] });
  if (message === INVALID_CART_ITEM) return i18n.t('shop:order.invalidItem');
  return translateMessage(message);
}

/**
 * What the 'Order failed' toast says (spec §8 Orders): the server's message in the reader's
 * language (a 400's field messages, a 409's 'Insufficient stock for {name}'), 'Invalid cart
 * item' for a line without a product (spec §5 Shop), else 'Failed to place order. Please try
 * again.' — also when no answer came at all.
 */
export function orderErrorMessage(error: unknown): string {
  const fallback = i18n.t('shop:order.failedFallback');
  if (!(error instanceof ApiRequestError)) {
    return error instanceof Error && error.message === INVALID_CART_ITEM
      ? shopMessage(error.message)
      : fallback;
  }
  const fields = error.errors.map((field) => shopMessage(field.message));
  const messages = fields.length > 0 ? fields : [shopMessage(error.serverMessage ?? fallback)];
  return [...new Set(messages)].join(' ');
}

/**
 * What 'My orders' says when its list cannot load (spec §8 Orders load): a 429 gives 'You are
 * not authorized to view orders. Please log in.'; otherwise the server's message, the error's
 * message, or 'Failed to load orders.'.
 */
export function ordersLoadErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) {
    return i18n.t('shop:orders.unauthorized');
  }
  if (error instanceof ApiRequestError) {
    return translateMessage(error.serverMessage ?? i18n.t('shop:orders.loadFailed'));
  }
  return error instanceof Error && error.message
    ? translateMessage(error.message)
    : i18n.t('shop:orders.loadFailed');
}
