/**
 * Every page's title — its heading in the spec — named in one place, so the browser tab, the
 * history list and a screen reader's "page changed" announcement name the page ("Users · Duka").
 * Routes point at an entry through `handle: { title }` (routes.tsx); `usePageTitle` reads it.
 * The words live in the `pages` catalogue under `titles.<key>`, in every language.
 */
import { i18n } from '@/lib/i18n';

export const PAGE_TITLE_KEYS = [
  'pos',
  'inventory',
  'expenses',
  'sales',
  'customers',
  'reports',
  'settings',
  'shifts',
  'shop',
  'profile',
  'users',
  'stores',
  'system',
  'login',
  'register',
  'unauthorized',
  'notFound',
] as const;

export type PageTitleKey = (typeof PAGE_TITLE_KEYS)[number];

export const APP_NAME = 'Duka';

/** What a route declares in its `handle`. */
export interface PageHandle {
  title: PageTitleKey;
  /** When one route shows several views (the query string picks), the view's own title. */
  titleFor?: (search: URLSearchParams) => PageTitleKey;
}

/** The page's title in the current language ("Users", "Watumiaji"). */
export function pageTitle(key: PageTitleKey): string {
  return i18n.t(`pages:titles.${key}`);
}

/** "Users · Duka"; the bare app name for a route without a title (the `/` redirect). */
export function documentTitle(key: PageTitleKey | undefined): string {
  return key ? `${pageTitle(key)} · ${APP_NAME}` : APP_NAME;
}
