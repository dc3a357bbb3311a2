/**
 * Whether a failed call failed for want of a connection (issue 22, decision 0012): the browser
 * says it is offline, fetch threw (no network, DNS, connection refused), or a timeout aborted
 * it. An answer from the server — even a 4xx or 5xx — is not offline.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  if (error instanceof TypeError) return true;
  return error instanceof DOMException && error.name === 'TimeoutError';
}

/** The browser says there is no connection at all (a guess the other way: true proves nothing). */
export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
