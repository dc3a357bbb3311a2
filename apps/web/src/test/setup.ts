import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import messages from '@/locales/en/messages.json';
import { pageCatalogues } from '@/locales/en/page-catalogues';

// English is bundled, so this is ready at once: every test renders the spec's words. The lazy
// pages' namespaces (fetched with their page in the app) are added here, so a feature's
// components render without their page.
void initI18n('en');
for (const [namespace, resources] of Object.entries({ ...pageCatalogues, messages })) {
  i18n.addResourceBundle('en', namespace, resources);
}

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
