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

// public/theme-init.js already set the saved theme before the first paint; from here on the
// `dark` class follows the preference as it changes.
syncThemeWithPreferences();

reloadOnNewRelease();
const router = createAppRouter();
setupApiClient(router);
startSessionCheck();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
