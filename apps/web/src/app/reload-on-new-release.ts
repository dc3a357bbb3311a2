const LAST_RELOAD_KEY = 'duka-reloaded-for-new-release';
/** A broken release must not reload forever: once a minute at most, then the error shows. */
const MIN_RELOAD_INTERVAL_MS = 60_000;

/**
 * A tab opened before a release asks for page chunks the release removed (the server answers
 * 404 under /assets): load the new release, as Vite's docs suggest, instead of failing.
 * Offline it does nothing, and the error screen (app/layout/route-error.tsx) shows.
 */
export function reloadOnNewRelease(
  target: Window = window,
  storage: Storage = target.sessionStorage,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    // Offline (a till on a dropped connection) a reload would only lose the page in front of
    // the cashier: let the route's error screen offer Retry instead.
    if (!target.navigator.onLine) return;
    try {
      const last = Number(storage.getItem(LAST_RELOAD_KEY) ?? 0);
      if (Date.now() - last < MIN_RELOAD_INTERVAL_MS) return;
      storage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    } catch {
      return; // No storage, no loop guard: let the error show.
    }
    event.preventDefault();
    target.location.reload();
  });
}
