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
      clearMocks: true,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
