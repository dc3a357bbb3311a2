import { ApiRequestError } from '@/lib/api-client';

/**
 * Spec §8: a 400 whose message contains 'Product with id' (a product on the order was deleted)
 * is shown in an alert dialog rather than a toast: it needs reading, and the order cannot go on.
 */
export function productMissingMessage(error: unknown): string | null {
  return error instanceof ApiRequestError &&
    error.status === 400 &&
    error.serverMessage?.includes('Product with id')
    ? error.serverMessage
    : null;
}
