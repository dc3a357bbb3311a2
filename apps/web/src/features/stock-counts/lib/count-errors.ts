import { COUNT_MESSAGES } from '@duka/shared/stock-counts/stock-counts.schemas';
import { ApiRequestError, errorMessage, isNetworkFailure } from '@/lib/api-client';
import { i18n, translateMessage } from '@/lib/i18n';

/**
 * What the counts screens say when a request fails: with no connection, that counting needs
 * one (a line is never kept to send later — another person's count could replace it meanwhile);
 * else the server's words, a 400's field messages too ('This product is not in the count'), in
 * the reader's language.
 */
export function countFailureMessage(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) return i18n.t('counts:errors.offline');
  if (error instanceof ApiRequestError && error.errors.length > 0) {
    return [...new Set(error.errors.map((field) => translateMessage(field.message)))].join(' ');
  }
  return translateMessage(errorMessage(error, fallback));
}

/** 409 'This count is already finished': the count was finished meanwhile (final). */
export function isFinishedError(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 409 &&
    error.serverMessage === COUNT_MESSAGES.finished
  );
}

/** 409 'A stock count is already open' on Start count: one open count per store. */
export function isAlreadyOpenError(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 409 &&
    error.serverMessage === COUNT_MESSAGES.alreadyOpen
  );
}
