/**
 * Completed page changes, told by RootLayout (inside the router) to code outside React: the
 * service worker's "take the new release when the till is free" (app/service-worker.ts).
 *
 * Not `router.subscribe`: a second subscriber attached before RouterProvider's own (it mounts
 * inside App's Suspense) makes React Router drop the update that ends the first load, and the
 * page stays on "Loading…" for good (react-router#15527, 7.15.1 and later). Tiny and eager.
 */
const listeners = new Set<() => void>();

/** Calls back after every completed page change; returns the stop. */
export function onPageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** RootLayout's effect: a new location has been rendered. */
export function pageChanged(): void {
  for (const listener of [...listeners]) listener();
}
