/**
 * Every page's title — its heading in the spec — in one place, so the browser tab, the history
 * list and a screen reader's "page changed" announcement name the page ("Users · Duka").
 * Routes point at an entry through `handle: { title }` (routes.tsx); `usePageTitle` reads it.
 * Translating the titles means translating this table (or looking its keys up in a catalogue).
 */
export const PAGE_TITLES = {
  pos: 'Point of Sale',
  inventory: 'Inventory',
  expenses: 'Expense Tracker',
  sales: 'Sales & Orders',
  customers: 'Customers',
  reports: 'Reports',
  shop: 'Shop',
  profile: 'Profile',
  users: 'Users',
  stores: 'Stores',
  login: 'Login',
  unauthorized: 'Unauthorized',
  notFound: 'Page not found',
} as const;

export type PageTitleKey = keyof typeof PAGE_TITLES;

export const APP_NAME = 'Duka';

/** What a route declares in its `handle`. */
export interface PageHandle {
  title: PageTitleKey;
}

/** "Users · Duka"; the bare app name for a route without a title (the `/` redirect). */
export function documentTitle(key: PageTitleKey | undefined): string {
  return key ? `${PAGE_TITLES[key]} · ${APP_NAME}` : APP_NAME;
}
