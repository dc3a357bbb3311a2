import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { i18n, translateMessage } from '@/lib/i18n';

/**
 * Spec §8 "Auth failure": what the person reads when sign-in or registration fails, in the
 * current language (the server's message through the `messages` catalogue).
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) {
    return error.retryAfter !== null
      ? i18n.t('auth:failure.tooManyWait', { seconds: error.retryAfter })
      : i18n.t('auth:failure.tooMany');
  }
  return translateMessage(errorMessage(error, i18n.t('auth:failure.generic')));
}
