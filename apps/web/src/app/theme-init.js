// Applies the saved theme before the first paint, so a dark-mode user never sees a light flash.
// A blocking classic script in <head>, from a file because the server's CSP allows no inline
// script; the build emits it content-hashed under /assets (scripts/theme-init-asset.ts), so it
// is cached for good and a release that changes it changes its name. It reads what
// features/profile/stores/preferences-store.ts persists (zustand persist:
// {"state":{"darkMode":true,…},"version":1} under 'duka-preferences'); index.css turns the
// `dark` class into the dark palette and color-scheme. It also gives the browser's bar (an
// installed app's title bar) the theme's colour: index.html's theme-color follows the system's
// scheme, the app follows its own setting. Once the app runs, syncThemeWithPreferences
// (main.tsx) keeps both in step with the preference.
/* global document */
(function () {
  var dark = false;
  try {
    var saved = JSON.parse(localStorage.getItem('duka-preferences') || 'null');
    dark = !!(saved && saved.state && saved.state.darkMode === true);
  } catch {
    // No storage (private mode, blocked) or a damaged entry: the light theme it is.
  }
  document.documentElement.classList.toggle('dark', dark);
  var metas = document.querySelectorAll('meta[name="theme-color"]');
  for (var i = 0; i < metas.length; i++) {
    metas[i].setAttribute('content', dark ? '#0f172a' : '#ffffff');
  }
})();
