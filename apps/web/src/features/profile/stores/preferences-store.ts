/**
 * Profile preferences (spec §2 Preferences). PRODUCT.md §4: kept in the browser; dark mode
 * really switches the theme through the `dark` class on <html>, Language switches the whole UI
 * (lib/i18n.ts), Notifications off silences success toasts (errors still show).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { configureToasts } from '@/components/ui/use-toast';
import { changeLanguage, initI18n, type LanguageCode } from '@/lib/i18n';

export const PREFERENCES_STORAGE_KEY = 'duka-preferences';
export const LANGUAGES = ['english', 'swahili', 'french'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The spec's language values and the codes of the catalogues and of <html lang>. */
export const LANGUAGE_CODES: Record<Language, LanguageCode> = {
  english: 'en',
  swahili: 'sw',
  french: 'fr',
};

export interface Preferences {
  darkMode: boolean;
  notifications: boolean;
  language: Language;
}

interface PreferencesState extends Preferences {
  setPreference: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;
}

export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      darkMode: false,
      notifications: true,
      language: 'english',
      setPreference: (key, value) => set({ [key]: value } as Pick<Preferences, typeof key>),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ darkMode, notifications, language }): Preferences => ({
        darkMode,
        notifications,
        language,
      }),
    },
  ),
);

/** The browser's bar (an installed app's title bar) in the header's colour, as theme-init.js sets it. */
export const THEME_COLORS = { light: '#ffffff', dark: '#0f172a' };

export function applyTheme(darkMode: boolean): void {
  document.documentElement.classList.toggle('dark', darkMode);
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', darkMode ? THEME_COLORS.dark : THEME_COLORS.light);
  }
}

/** Applies the saved theme now and whenever the preference changes; returns the unsubscribe. */
export function syncThemeWithPreferences(): () => void {
  applyTheme(usePreferencesStore.getState().darkMode);
  return usePreferencesStore.subscribe((state, previous) => {
    if (state.darkMode !== previous.darkMode) applyTheme(state.darkMode);
  });
}

/**
 * Starts i18n in the saved language (before the first render, so the UI never shows another
 * language first) and switches it whenever the preference changes; returns the unsubscribe.
 */
export function syncLanguageWithPreferences(): () => void {
  void initI18n(LANGUAGE_CODES[usePreferencesStore.getState().language]);
  return usePreferencesStore.subscribe((state, previous) => {
    if (state.language !== previous.language) void changeLanguage(LANGUAGE_CODES[state.language]);
  });
}

/** The toast layer asks this preference before showing a success toast. */
export function syncToastsWithPreferences(): void {
  configureToasts({ showSuccessToasts: () => usePreferencesStore.getState().notifications });
}
