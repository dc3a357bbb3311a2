import { afterEach, describe, expect, it } from 'vitest';
import {
  applyTheme,
  PREFERENCES_STORAGE_KEY,
  usePreferencesStore,
} from '@/features/profile/stores/preferences-store';
// theme-init.js runs before the app and reads what the preferences store writes.
import themeInit from './theme-init.js?raw';

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

  it("gives the browser's bar the theme's colour, whatever the system's scheme", () => {
    document.head.innerHTML =
      '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">' +
      '<meta name="theme-color" content="#0f172a" media="(prefers-color-scheme: dark)">';
    const colours = () =>
      [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) =>
        meta.getAttribute('content'),
      );
    usePreferencesStore.getState().setPreference('darkMode', true);
    runThemeInit();
    expect(colours()).toEqual(['#0f172a', '#0f172a']);
    usePreferencesStore.getState().setPreference('darkMode', false);
    runThemeInit();
    expect(colours()).toEqual(['#ffffff', '#ffffff']);
    // Once the app runs, it keeps them in step with the preference.
    applyTheme(true);
    expect(colours()).toEqual(['#0f172a', '#0f172a']);
    document.head.innerHTML = '';
  });
});
