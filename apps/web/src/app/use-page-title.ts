import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { documentTitle, type PageHandle, type PageTitleKey } from './page-titles';

function titleKeyOf(handle: unknown, search: string): PageTitleKey | undefined {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return undefined;
  const page = handle as PageHandle;
  return page.titleFor ? page.titleFor(new URLSearchParams(search)) : page.title;
}

/**
 * Sets document.title from the deepest matched route that declares `handle: { title }`, and
 * again when the language changes.
 */
export function usePageTitle(): void {
  const matches = useMatches();
  const { search } = useLocation();
  const { i18n } = useTranslation();
  const key = matches.map((match) => titleKeyOf(match.handle, search)).findLast(Boolean);
  const language = i18n.language;
  useEffect(() => {
    document.title = documentTitle(key);
  }, [key, language]);
}
