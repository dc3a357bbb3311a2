/**
 * Browser journeys against the real server on a fresh embedded database with the demo seed.
 * Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH): no browser download.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;
// One fresh data folder per run; the config is evaluated again in workers, so keep it stable.
const dataDir = (process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `duka-e2e-${process.pid}`));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Journeys that run axe over several dialogs take 20 s or more on a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine has no outside network: keep Chromium from trying to reach it.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf "${dataDir}" && npm run build -w @duka/web && npm run start -w @duka/server`,
    cwd: '..',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
