/**
 * Profile preferences (spec §2 Preferences). PRODUCT.md §4: kept in the browser, and dark
 * mode really switches the theme through the `dark` class on <html>.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const PREFERENCES_STORAGE_KEY = 'duka-preferences';
export const LANGUAGES = ['english', 'swahili', 'french'] as const;
export type Language = (typeof LANGUAGES)[number];

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

export function applyTheme(darkMode: boolean): void {
  document.documentElement.classList.toggle('dark', darkMode);
}

/** Applies the saved theme now and whenever the preference changes; returns the unsubscribe. */
export function syncThemeWithPreferences(): () => void {
  applyTheme(usePreferencesStore.getState().darkMode);
  return usePreferencesStore.subscribe((state, previous) => {
    if (state.darkMode !== previous.darkMode) applyTheme(state.darkMode);
  });
}
