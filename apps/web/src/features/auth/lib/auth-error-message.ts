import { ApiRequestError, errorMessage } from '@/lib/api-client';

/** Spec §8 "Auth failure": what the person reads when sign-in or registration fails. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) {
    return error.retryAfter !== null
      ? `Too many login attempts. Please wait ${error.retryAfter} seconds and try again.`
      : 'Too many login attempts. Please wait and try again.';
  }
  return errorMessage(error, 'Please check your credentials and try again');
}
