// npm run dev: the API with reload (tsx watch, port 3000) and Vite with hot reload (port 5173,
// proxying /api to the API). Ctrl-C stops both.
//
// Without an Africa's Talking account configured (AT_USERNAME), the local fake of its SMS API
// runs too (port 4010) and the API sends SMS receipts to it: they are queued, sent in the
// background, printed here, and the receipt's badge turns on (issue 21).
import { spawn } from 'node:child_process';

const fakeSms = !process.env.AT_USERNAME;
const fakePort = process.env.FAKE_AT_PORT ?? '4010';
const serverEnv = fakeSms
  ? {
      ...process.env,
      AT_USERNAME: 'sandbox',
      AT_API_KEY: 'dev-at-key',
      AT_BASE_URL: `http://127.0.0.1:${fakePort}`,
    }
  : process.env;

const children = [
  ...(fakeSms
    ? [
        spawn('npm', ['run', 'fake-sms', '-w', '@duka/server'], {
          stdio: 'inherit',
          env: { ...process.env, FAKE_AT_PORT: fakePort, AT_API_KEY: 'dev-at-key' },
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
