// Applies the saved theme before the first paint, so a dark-mode user never sees a light flash.
// Loaded by index.html as a blocking script in <head>, from a file because the server's CSP
// allows no inline script. It reads what features/profile/stores/preferences-store.ts persists
// (zustand persist: {"state":{"darkMode":true,…},"version":1} under 'duka-preferences');
// index.css turns the `dark` class into the dark palette and color-scheme. Once the app runs,
// syncThemeWithPreferences (main.tsx) keeps the class in step with the preference.
/* global document */
(function () {
  try {
    var saved = JSON.parse(localStorage.getItem('duka-preferences') || 'null');
    var dark = !!(saved && saved.state && saved.state.darkMode === true);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // No storage (private mode, blocked) or a damaged entry: the light theme it is.
  }
})();
