import { afterEach, describe, expect, it } from 'vitest';
import {
  PREFERENCES_STORAGE_KEY,
  usePreferencesStore,
} from '@/features/profile/stores/preferences-store';
// public/theme-init.js runs before the app and reads what the preferences store writes.
import themeInit from '../../public/theme-init.js?raw';

function runThemeInit() {
  document.documentElement.classList.remove('dark');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the file as the browser runs it
  new Function(themeInit)();
  return document.documentElement.classList.contains('dark');
}

afterEach(() => {
  usePreferencesStore.setState({ darkMode: false });
  document.documentElement.classList.remove('dark');
});

describe('the theme script in <head>', () => {
  it('applies the dark mode the preferences store saved', () => {
    usePreferencesStore.getState().setPreference('darkMode', true);
    expect(runThemeInit()).toBe(true);
    usePreferencesStore.getState().setPreference('darkMode', false);
    expect(runThemeInit()).toBe(false);
  });

  it('falls back to light with nothing saved or a damaged entry', () => {
    localStorage.removeItem(PREFERENCES_STORAGE_KEY);
    expect(runThemeInit()).toBe(false);
    localStorage.setItem(PREFERENCES_STORAGE_KEY, '{not json');
    expect(runThemeInit()).toBe(false);
  });
});
