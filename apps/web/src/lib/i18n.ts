/**
 * The three languages of spec §9 (PRODUCT.md §4: the Language preference switches the whole
 * UI). react-i18next over one i18next instance; catalogues live in src/locales/<lang>/<ns>.json,
 * one namespace per feature. English's core namespaces are bundled (the fallback, and what
 * tests render); each lazy page's English namespace is a chunk of its own, fetched with the
 * pages that use it (loadPageNamespaces); Swahili and French are one chunk each, fetched the first time the
 * language is chosen.
 * How a page adds its strings: docs/ARCHITECTURE.md, "Texts and languages".
 */
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Catalogues } from '@/locales/en';
import { coreCatalogues } from '@/locales/en/core-catalogues';
import {
  PAGE_NAMESPACE_LOADERS,
  PAGE_NAMESPACES,
  type PageNamespace,
} from '@/locales/en/page-namespaces';

export const LANGUAGE_CODES = ['en', 'sw', 'fr'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/**
 * The locale dates are written in: English and Swahili as written in Kenya ('26 Nov 2026,
 * 09:27', day first — issue 20), French as in France. Money is not localised: 'KSh 1,234.50'
 * in every language (spec §9).
 */
export const DATE_LOCALES: Record<LanguageCode, string> = {
  en: 'en-KE',
  sw: 'sw-KE',
  fr: 'fr-FR',
};

const lazyCatalogues: Record<Exclude<LanguageCode, 'en'>, () => Promise<Catalogues>> = {
  sw: () => import('@/locales/sw').then((module) => module.default),
  fr: () => import('@/locales/fr').then((module) => module.default),
};

function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

// Every language loads these at start; English bundles all but `messages` (see locales/en).
const CORE_NAMESPACES = [...Object.keys(coreCatalogues), 'messages'];

function isPageNamespace(namespace: string): namespace is PageNamespace {
  return (PAGE_NAMESPACES as readonly string[]).includes(namespace);
}

async function loadNamespace(language: string, namespace: string): Promise<unknown> {
  if (!isLanguageCode(language)) return undefined;
  if (language === 'en') {
    if (namespace === 'messages') return (await import('@/locales/en/messages.json')).default;
    if (!isPageNamespace(namespace)) return undefined;
    return (await PAGE_NAMESPACE_LOADERS[namespace]()).default;
  }
  const catalogues = await lazyCatalogues[language]();
  return catalogues[namespace as keyof Catalogues];
}

export const i18n = i18next.createInstance();

// <html lang> follows the language, for screen readers, hyphenation and the browser's own UI.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

let started: Promise<unknown> | null = null;

/**
 * Starts i18n in the given language; call once, before the first render. With English the
 * instance is ready at once (tests rely on it); another language renders when its chunk is in,
 * components suspend until then (the <Suspense> in app/app.tsx), so nobody sees English flash.
 */
export function initI18n(language: LanguageCode = DEFAULT_LANGUAGE): Promise<unknown> {
  started ??= i18n
    .use(initReactI18next)
    .use(resourcesToBackend(loadNamespace))
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      // Every core namespace loads with its language: a dialog opened later never waits for
      // text. A lazy page's namespaces load with the page (loadPageNamespaces).
      ns: CORE_NAMESPACES,
      defaultNS: 'common',
      resources: { en: coreCatalogues },
      partialBundledLanguages: true,
      initAsync: false,
      returnEmptyString: false,
      // React escapes what it renders; escaping here too would show '&amp;'.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return started;
}

/**
 * Loads a lazy page's namespaces (English, and the current language's) before the page shows,
 * so it renders its words at once instead of suspending the whole app. Call it from the
 * route's lazy loader, beside the page's import.
 */
export function loadPageNamespaces(namespaces: readonly PageNamespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/** Switches every mounted component at once, after the language's catalogues are loaded. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  await initI18n(language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): LanguageCode {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return language && isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * A message that arrives as English text — a shared zod schema's validation message, the
 * server's `message`, a spec §8 notice carried in navigation state — in the current language.
 * The `messages` namespace is keyed by the exact English text; an unknown message is shown
 * as it came, so a new server message is never lost, only untranslated.
 */
export function translateMessage(message: string): string;
export function translateMessage(message: string | undefined): string | undefined;
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const translated: unknown = i18n.getResource(currentLanguage(), 'messages', message, {
    keySeparator: false,
    ignoreJSONStructure: false,
  });
  return typeof translated === 'string' && translated !== '' ? translated : message;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // Keys are checked against the English catalogues: a typo in t('…') does not compile.
    resources: Catalogues;
  }
}
