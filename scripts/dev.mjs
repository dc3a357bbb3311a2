// npm run dev: the API with reload (tsx watch, port 3000) and Vite with hot reload (port 5173,
// proxying /api to the API). Ctrl-C stops both.
//
// Without an Africa's Talking account configured (AT_USERNAME), the local fake of its SMS API
// runs too (port 4010) and the API sends SMS receipts to it: they are queued, sent in the
// background, printed here, and the receipt's badge turns on (issue 21).
//
// Without DARAJA_BASE_URL, the local fake of Safaricom's Daraja runs too (port 4020, issue 23):
// the API talks M-Pesa to it, and PUBLIC_URL points at the API (port 3000) so the fake's
// callbacks reach it. It knows the sandbox shortcode 174379 with the sandbox passkey and the
// app duka-demo-key / duka-demo-secret (the demo store's settings), and keeps the C2B URLs it
// was given in $TMPDIR/duka-fake-daraja/registrations.json (FAKE_DARAJA_REGISTRATIONS) so a
// restart still delivers till payments; README "M-Pesa locally".
//
// Without ETIMS_BASE_URL, the local fake of KRA's eTIMS OSCU runs too (port 4030, issue 26):
// the API registers devices with it and sends it every invoice of a registered store. It knows
// the demo Nairobi store's device from the start, so the demo's invoices are signed as soon as
// the API starts; README "eTIMS locally".
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const fakeSms = !process.env.AT_USERNAME;
const fakePort = process.env.FAKE_AT_PORT ?? '4010';
const fakeDaraja = !process.env.DARAJA_BASE_URL;
const fakeDarajaPort = process.env.FAKE_DARAJA_PORT ?? '4020';
const fakeEtims = !process.env.ETIMS_BASE_URL;
const fakeEtimsPort = process.env.FAKE_ETIMS_PORT ?? '4030';
const apiPort = process.env.PORT ?? '3000';
const serverEnv = {
  ...process.env,
  ...(fakeSms
    ? {
        AT_USERNAME: 'sandbox',
        AT_API_KEY: 'dev-at-key',
        AT_BASE_URL: `http://127.0.0.1:${fakePort}`,
      }
    : {}),
  ...(fakeDaraja
    ? {
        DARAJA_BASE_URL: `http://127.0.0.1:${fakeDarajaPort}`,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${apiPort}`,
      }
    : {}),
  ...(fakeEtims ? { ETIMS_BASE_URL: `http://127.0.0.1:${fakeEtimsPort}` } : {}),
};

const children = [
  ...(fakeSms
    ? [
        spawn('npm', ['run', 'fake-sms', '-w', '@duka/server'], {
          stdio: 'inherit',
          env: { ...process.env, FAKE_AT_PORT: fakePort, AT_API_KEY: 'dev-at-key' },
        }),
      ]
    : []),
  ...(fakeDaraja
    ? [
        spawn('npm', ['run', 'fake:daraja', '-w', '@duka/server'], {
          stdio: 'inherit',
          env: {
            ...process.env,
            FAKE_DARAJA_PORT: fakeDarajaPort,
            // The fake keeps the C2B URLs a manager's save registered across restarts.
            FAKE_DARAJA_REGISTRATIONS:
              process.env.FAKE_DARAJA_REGISTRATIONS ??
              join(tmpdir(), 'duka-fake-daraja', 'registrations.json'),
          },
        }),
      ]
    : []),
  ...(fakeEtims
    ? [
        spawn('npm', ['run', 'fake:etims', '-w', '@duka/server'], {
          stdio: 'inherit',
          env: { ...process.env, FAKE_ETIMS_PORT: fakeEtimsPort },
        }),
      ]
    : []),
  spawn('npm', ['run', 'dev', '-w', '@duka/server'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', '@duka/web'], { stdio: 'inherit' }),
];

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
