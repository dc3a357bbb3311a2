import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { documentTitle, type PageHandle, type PageTitleKey } from './page-titles';

function titleKeyOf(handle: unknown): PageTitleKey | undefined {
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? (handle as PageHandle).title
    : undefined;
}

/**
 * Sets document.title from the deepest matched route that declares `handle: { title }`, and
 * again when the language changes.
 */
export function usePageTitle(): void {
  const matches = useMatches();
  const { i18n } = useTranslation();
  const key = matches.map((match) => titleKeyOf(match.handle)).findLast(Boolean);
  const language = i18n.language;
  useEffect(() => {
    document.title = documentTitle(key);
  }, [key, language]);
}
