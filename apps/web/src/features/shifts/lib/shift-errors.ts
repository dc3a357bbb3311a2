import { ApiRequestError, errorMessage, isNetworkFailure } from '@/lib/api-client';
import { i18n, translateMessage } from '@/lib/i18n';

/**
 * What a shift dialog says when its request fails: with no connection, 'Shifts need a
 * connection' (issue 24: shifts are never kept on the device to send later); else the server's
 * words (a 400's field messages too) in the reader's language.
 */
export function shiftFailureMessage(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) return i18n.t('shifts:offline.needConnection');
  if (error instanceof ApiRequestError && error.errors.length > 0) {
    return [...new Set(error.errors.map((field) => translateMessage(field.message)))].join(' ');
  }
  return translateMessage(errorMessage(error, fallback));
}
