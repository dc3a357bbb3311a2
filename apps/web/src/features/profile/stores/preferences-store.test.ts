import { afterEach, describe, expect, it } from 'vitest';
import {
  PREFERENCES_STORAGE_KEY,
  syncThemeWithPreferences,
  usePreferencesStore,
} from './preferences-store';

let unsubscribe: () => void = () => undefined;

afterEach(() => {
  unsubscribe();
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
