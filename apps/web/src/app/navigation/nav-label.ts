import type { PagePath } from '@duka/shared/auth/permissions';

type PageSlug = PagePath extends `/${infer Slug}` ? Slug : never;

/**
 * The shared matrix names each entry in English (its `label`); the bar shows the entry's text
 * from the navigation catalogue, keyed by the page, in the current language.
 */
export function navLabelKey(path: PagePath) {
  return `pages.${path.slice(1) as PageSlug}` as const;
}
