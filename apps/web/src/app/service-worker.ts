/**
 * Registers the service worker the build generates (vite-plugin-pwa, vite.config.ts) and brings
 * a new release in without trapping the till on an old one and without breaking a sale
 * (issue 22; docs/decisions/0012-offline-till.md, "App shell").
 *
 * The service worker answers every page from its precache, so a release reaches a browser as a
 * new sw.js (revalidated by the server on every check) that installs beside the old one and
 * waits. It takes over when the till is free — no line in the cart and no dialog open (a
 * payment, a receipt on screen) — at the first safe moment: now, the next page change or the
 * page being hidden (the phone locked, another app in front). The page then reloads once into
 * the new release. A release activated by another tab reloads this one the same way.
 *
 * Loaded lazily by main.tsx after the first paint (none of it is up-front JavaScript).
 */
import { useCartStore } from '@/features/cart/stores/cart-store';
import { onPageChange } from './page-changes';

/** A till left open all day loads no page: ask for a new release this often while online. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';

export interface ServiceWorkerEnvironment {
  container: ServiceWorkerContainer;
  window: Window;
  /** Calls back after every completed page change (the router's). */
  onNavigation: (listener: () => void) => void;
  /** True while a sale is under way: lines in the cart, or a dialog open. */
  isBusy: () => boolean;
}

export function tillIsBusy(doc: Document = document): boolean {
  return useCartStore.getState().items.length > 0 || doc.querySelector(OPEN_DIALOG) !== null;
}

export async function startServiceWorker(env: ServiceWorkerEnvironment): Promise<void> {
  const { container, window: win } = env;
  const doc = win.document;
  let hadController = container.controller !== null;
  let activatedHere = false;
  let reloading = false;
  let pending: (() => void) | null = null;

  const runIfFree = () => {
    if (!pending || env.isBusy()) return;
    const action = pending;
    pending = null;
    action();
  };
  const whenFree = (action: () => void) => {
    pending = action;
    runIfFree();
  };
  const reload = () => {
    if (reloading) return;
    reloading = true;
    win.location.reload();
  };

  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') runIfFree();
  });
  env.onNavigation(runIfFree);

  container.addEventListener('controllerchange', () => {
    // The very first service worker takes the open page (clientsClaim): nothing to reload.
    if (!hadController) {
      hadController = true;
      return;
    }
    // A new release took over: the page's code is the old one. Checked free a moment ago when
    // this tab asked for it; when another tab did, wait for this one to be free.
    if (activatedHere) reload();
    else whenFree(reload);
  });

  const registration = await container.register('/sw.js', { scope: '/' });
  const offer = (worker: ServiceWorker) =>
    whenFree(() => {
      activatedHere = true;
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  // A release installed earlier (the tab was closed before it could take over).
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      // Installed while a page is controlled: a new release, waiting for us.
      if (worker.state === 'installed' && container.controller) offer(worker);
    });
  });

  const checkForRelease = () => {
    if (win.navigator.onLine) registration.update().catch(() => undefined);
  };
  win.setInterval(checkForRelease, UPDATE_CHECK_INTERVAL_MS);
  win.addEventListener('online', checkForRelease);
}

/**
 * main.tsx's call: the browser's service workers, this window, the pages RootLayout renders
 * (app/page-changes.ts — never `router.subscribe`, which can leave the first load on
 * "Loading…": see there).
 */
export function registerServiceWorker(): Promise<void> {
  return startServiceWorker({
    container: navigator.serviceWorker,
    window,
    onNavigation: (listener) => {
      onPageChange(listener);
    },
    isBusy: () => tillIsBusy(),
  });
}
