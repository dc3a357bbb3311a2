import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleReport } from './scripts/bundle-report.ts';
import { precompress } from './scripts/precompress.ts';
import { themeInitAsset } from './scripts/theme-init-asset.ts';

/**
 * `vite build` makes a production build even when NODE_ENV says otherwise: NODE_ENV is the
 * server's setting (`test` in e2e, `development` on a laptop), and would otherwise give every
 * visitor React's development build, three times the size. `--mode development` still works.
 */
function productionBuild(): Plugin {
  return {
    name: 'duka:production-build',
    apply: 'build',
    config(_config, { mode }) {
      // Vite reads NODE_ENV after the config hooks; its docs point here to set it.
      if (mode === 'production') process.env.NODE_ENV = 'production';
    },
  };
}

/**
 * React Router's package.json sends every bundler to its development build (upstream
 * remix-run/react-router#12532, #14102): the same code with ENABLE_DEV_WARNINGS on, whose
 * console warnings cost the up-front JavaScript ~0.6 kB gzip. A production build takes its
 * production build, the same API (dist/production sits beside dist/development in the package);
 * tests and `vite` keep the development one and its warnings.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'duka:react-router-production-build',
    apply: 'build',
    config(_config, { mode }) {
      if (mode !== 'production') return;
      const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
      const production = path.join(path.dirname(packageJson), 'dist/production/index.mjs');
      return { resolve: { alias: [{ find: /^react-router$/, replacement: production }] } };
    },
  };
}

/** What every protected route's loader fetches besides its page (src/app/routes.tsx, lib/i18n.ts). */
const PAGE_FRAME = [
  'src/app/layout/protected-page.tsx',
  'src/locales/en/messages.json',
  'src/locales/en/connection.json',
  'src/locales/en/cart.json',
];

/** A route's English page namespaces, as its loader in src/app/routes.tsx names them. */
const texts = (...namespaces: string[]) =>
  namespaces.map((namespace) => `src/locales/en/${namespace}.json`);

export default defineConfig({
  plugins: [
    productionBuild(),
    reactRouterProductionBuild(),
    react(),
    tailwindcss(),
    // Fails the build when the JavaScript index.html loads up front exceeds 150 kB gzip, or
    // when showing the till or the shop (up front + every chunk its route's loader fetches in
    // English: the page, the protected-page frame, its own page texts and the messages loaded
    // at start) exceeds its own budget. A module here that is no longer a lazy chunk also fails the
    // build: rename it with the page.
    bundleReport({
      budgetKb: 150,
      routeBudgets: [
        {
          path: '/pos',
          modules: ['src/app/pages/pos-page.tsx', ...PAGE_FRAME, ...texts('pos', 'receipts')],
          budgetKb: 250,
        },
        {
          path: '/shop',
          modules: ['src/app/pages/shop-page.tsx', ...PAGE_FRAME, ...texts('shop')],
          budgetKb: 200,
        },
      ],
    }),
    themeInitAsset(),
    VitePWA({
      // The installable app and its service worker (issue 22, docs/decisions/0012, "App shell").
      // Registered by src/app/service-worker.ts, loaded lazily after the first paint: nothing of
      // it is in the up-front JavaScript.
      injectRegister: false,
      // A new release waits until the till is between sales; service-worker.ts activates it.
      registerType: 'prompt',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      // The icons and the manifest are precached by the glob below (and the plugin's own entry).
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Duka',
        short_name: 'Duka',
        description: 'Point of sale and store management',
        lang: 'en',
        start_url: '/pos',
        scope: '/',
        display: 'standalone',
        // The header's colour (index.html's theme-color says the same, per colour scheme).
        theme_color: '#ffffff',
        background_color: '#f8fafc',
        // Drawn and rendered by scripts/render-icons.ts.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The whole app, every page's code and texts included (~520 kB over the wire, once per
        // release): the till, its cart and its receipt start offline, and any other page can
        // at least say that it needs a connection. Not the .br/.gz copies; the manifest is the
        // plugin's own entry.
        globPatterns: ['**/*.{html,js,css,svg,png}'],
        // A page reloaded offline gets the app, which routes it; never for the API, the photos
        // or the API's documentation — those are the server's answers or nothing.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/uploads\//],
        // The API is never answered from a cache: no route for it here, so it goes to the
        // network as if there were no service worker. Product photos (their names are never
        // reused) are kept once seen, within bounds.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'duka-product-photos',
              expiration: {
                maxEntries: 500,
                maxAgeSeconds: 30 * 24 * 60 * 60,
                purgeOnQuotaError: true,
              },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // The first service worker takes the open page at once (it works offline without a
        // reload); a later one waits for service-worker.ts to say the till is free.
        clientsClaim: true,
        skipWaiting: false,
        // One file: no unhashed workbox-*.js beside sw.js.
        inlineWorkboxRuntime: true,
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    // The API (and the product photos it serves) runs on its own port in development; in
    // production it serves this build itself.
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // Every browser the till runs on preloads modules itself (Chrome 66, Firefox 115, Safari
    // 17); an older one still runs the app, it fetches the entry's imports as it reads them.
    // The polyfill would be 0.5 kB of the up-front budget (issue 25).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: in chunks of their own they stay cached
        // across releases. Every page is a lazy route (src/app/routes.tsx); the rest of the
        // split is automatic, and a module is never copied into two chunks.
        codeSplitting: {
          groups: [
            // React and the router: needed by every page, loaded up front.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            // The other libraries the first paint needs (query cache, stores, class helpers).
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            // Forms and validation: only pages with a form load them.
            {
              name: 'forms',
              test: /node_modules[\\/](zod|react-hook-form|@hookform[\\/]resolvers)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
