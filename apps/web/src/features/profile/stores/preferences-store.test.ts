import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import {
  PREFERENCES_STORAGE_KEY,
  syncLanguageWithPreferences,
  syncThemeWithPreferences,
  usePreferencesStore,
} from './preferences-store';

let unsubscribe: () => void = () => undefined;

afterEach(async () => {
  unsubscribe();
  await act(() => changeLanguage('en'));
  usePreferencesStore.setState({ darkMode: false, notifications: true, language: 'english' });
  document.documentElement.classList.remove('dark');
});

describe('preferences', () => {
  it('switches the dark class on <html> and keeps the choice in the browser', () => {
    unsubscribe = syncThemeWithPreferences();
    expect(document.documentElement).not.toHaveClass('dark');

    usePreferencesStore.getState().setPreference('darkMode', true);
    expect(document.documentElement).toHaveClass('dark');
    const stored = JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY)!) as {
      state: Record<string, unknown>;
    };
    expect(stored.state).toEqual({ darkMode: true, notifications: true, language: 'english' });

    usePreferencesStore.getState().setPreference('darkMode', false);
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('applies a saved dark theme at start-up', async () => {
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({
        state: { darkMode: true, notifications: false, language: 'swahili' },
        version: 1,
      }),
    );
    await usePreferencesStore.persist.rehydrate();
    unsubscribe = syncThemeWithPreferences();
    expect(document.documentElement).toHaveClass('dark');
    expect(usePreferencesStore.getState().language).toBe('swahili');
  });
});

describe('language', () => {
  it('follows the preference: the whole UI and <html lang> switch', async () => {
    unsubscribe = syncLanguageWithPreferences();
    expect(i18n.t('navigation:logout')).toBe('Logout');

    usePreferencesStore.getState().setPreference('language', 'french');
    await vi.waitFor(() => expect(i18n.t('navigation:logout')).toBe('Déconnexion'));
    expect(document.documentElement.lang).toBe('fr');

    usePreferencesStore.getState().setPreference('language', 'english');
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(i18n.t('navigation:logout')).toBe('Logout');
  });
});
