/**
 * Browser journeys against the real server on a fresh embedded database with the demo seed,
 * with the in-repo fake Daraja (issue 23) beside it: the server's Daraja calls go to the fake,
 * and the fake's callbacks come back to the server at PUBLIC_URL; and the in-repo fake eTIMS
 * OSCU (issue 26), which signs the invoices the server sends it.
 *
 * E2E_WORKERS workers (default 2) run the spec files side by side, and each has its own app,
 * data folder and fake (fixtures/servers.ts): worker i's baseURL is the app on E2E_PORT + i, so
 * no journey sees another worker's data. A spec file runs whole, in order, in one worker.
 * E2E_WORKERS=1 is the old single-server run.
 * Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH): no browser download.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import {
  APP_URL,
  E2E_WORKERS,
  appPort,
  appUrl,
  fakeDarajaPort,
  fakeDarajaUrl,
  fakeEtimsPort,
  fakeEtimsUrl,
} from './fixtures/servers';

// One fresh data folder per run and server; the config is evaluated again in workers, so keep
// it stable.
const dataRoot = (process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `duka-e2e-${process.pid}`));
const dataDir = (index: number) => (index === 0 ? dataRoot : `${dataRoot}-${index}`);

type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];

/**
 * Worker `index`'s fake Daraja and fake eTIMS, then its app (the app may call them as it
 * starts: the demo's pending invoices go to the fake eTIMS at once).
 */
function servers(index: number): WebServer[] {
  const app = appUrl(index);
  const fake = fakeDarajaUrl(index);
  // The web app is built and the server compiled (npm run build: the server runs as compiled
  // JavaScript, as in production) once, by the first app server; Playwright starts the web
  // servers one after the other, each once the one before answers, so the others find them done.
  const build = index === 0 ? 'npm run build && ' : '';
  return [
    {
      command: 'npm run fake:daraja',
      cwd: '..',
      url: `${fake}/__fake/registrations`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_DARAJA_PORT: String(fakeDarajaPort(index)),
        // A prompt is answered when the journey says so (POST /__fake/answer), so the till's
        // 'Waiting for the customer…' is seen for sure; 10 minutes outlasts any journey.
        FAKE_DARAJA_DELAY_MS: '600000',
      },
    },
    {
      command: 'npm run fake:etims',
      cwd: '..',
      url: `${fakeEtimsUrl(index)}/__fake/invoices`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_ETIMS_PORT: String(fakeEtimsPort(index)) },
    },
    {
      command: `rm -rf "${dataDir(index)}" && ${build}npm run start -w @duka/server`,
      cwd: '..',
      url: `${app}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(appPort(index)),
        DATA_DIR: dataDir(index),
        SEED_DEMO: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DARAJA_BASE_URL: fake,
        ETIMS_BASE_URL: fakeEtimsUrl(index),
        PUBLIC_URL: app,
      },
    },
  ];
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Journeys that run axe over several dialogs take 20 s or more on a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    // This worker's app (TEST_PARALLEL_INDEX, read when the worker loads this config).
    baseURL: APP_URL,
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
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => servers(index)).flat(),
});
