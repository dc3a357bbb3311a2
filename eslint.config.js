// Lint rules for every workspace. The `no-restricted-imports` blocks enforce the import
// direction of docs/ARCHITECTURE.md: shared ← server/web; web features never import each other;
// design-system primitives and lib know no domain; server modules meet only through services
// and presenters.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read untyped JSON responses; they assert on them, which is the type check.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@duka/server', '@duka/server/*', '@duka/web', '@duka/web/*'],
              message: 'packages/shared imports neither app.',
            },
            { regex: '^(\\.\\./)+apps/', message: 'packages/shared imports neither app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@duka/web', '@duka/web/*'],
              message: 'The server never imports the web app.',
            },
            {
              // ../other-module/anything-but-a-service-or-presenters
              regex: '^\\.\\./[^./][^/]*/(?![^/]*\\.(service|presenters|table)$)',
              message:
                "Server modules talk to each other only through services and presenters (and read each other's tables).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@duka/web', '@duka/web/*'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '@/app'],
              message: 'Features do not import each other or app/; compose them in app/.',
            },
            {
              regex: '^(\\.\\./){2,}features/',
              message: 'Features do not import each other; compose them in app/.',
            },
            {
              group: ['@duka/server', '@duka/server/*'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The till and the shop are the cart's screens (spec §2 Point of Sale, Shop; one cart store
    // for both): they may use the cart feature's store, arithmetic and clear-cart dialog, and no
    // other feature.
    files: ['apps/web/src/features/shop/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '!@/features/cart', '@/app/*', '@/app'],
              message:
                'The till and the shop import only the cart feature; compose the rest in app/.',
            },
            {
              regex: '^(\\.\\./){2,}features/(?!cart/)',
              message:
                'The till and the shop import only the cart feature; compose the rest in app/.',
            },
            {
              group: ['@duka/server', '@duka/server/*'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The till also sells with no connection (issue 22, decision 0012): it may use the device's
    // data and outbox (features/offline) — loaded with import() only, never up front — and the
    // offline feature never imports the till.
    files: ['apps/web/src/features/pos/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/*',
                '!@/features/cart',
                '!@/features/offline',
                '@/app/*',
                '@/app',
              ],
              message:
                'The till imports only the cart and offline features; compose the rest in app/.',
            },
            {
              regex: '^(\\.\\./){2,}features/(?!cart/|offline/)',
              message:
                'The till imports only the cart and offline features; compose the rest in app/.',
            },
            {
              group: ['@duka/server', '@duka/server/*'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '@/app'],
              message: 'Primitives and lib know no domain feature.',
            },
            {
              group: ['@duka/server', '@duka/server/*'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
);
