import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupApiClient } from '@/app/api-setup';
import '@/app/preferences-setup';
import { App } from '@/app/app';
import { reloadOnNewRelease } from '@/app/reload-on-new-release';
import { createAppRouter } from '@/app/router';
import { startSessionCheck } from '@/app/session';
import { syncThemeWithPreferences } from '@/features/profile/stores/preferences-store';
import './index.css';

// theme-init.js (src/app) already set the saved theme before the first paint; from here on the
// `dark` class follows the preference as it changes.
syncThemeWithPreferences();

reloadOnNewRelease();
const router = createAppRouter();
setupApiClient(router);
startSessionCheck();
// The installable, offline-capable app (app/service-worker.ts): lazily, once the page has
// loaded, so that its download of the whole app does not slow the first page.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    import('@/app/service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch(() => undefined);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
