import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      // scripts/: the build's own plugins (bundle budgets) have unit tests too.
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
      // A component journey types and clicks through a whole dialog with user-event; on a
      // 2-core CI machine running the suite in parallel one can take more than vitest's 5 s.
      testTimeout: 15_000,
      clearMocks: true,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
