/**
 * `npm run fake:daraja`: the local stand-in for Safaricom's Daraja (testing/fake-daraja.ts) on
 * FAKE_DARAJA_PORT (default 4020), for `npm run dev`. It knows the sandbox shortcode 174379 with
 * the sandbox passkey and the demo store's app duka-demo-key / duka-demo-secret; a prompt is
 * answered after FAKE_DARAJA_DELAY_MS (default 1500) as the phone's last four digits say
 * (README "M-Pesa locally and against the Daraja sandbox"), and the callback is posted to the
 * app. With FAKE_DARAJA_REGISTRATIONS (a file; npm run dev sets one under the OS temp dir) the
 * C2B URL registrations survive a restart, as Safaricom keeps them. A till/paybill payment from a customer's own phone:
 *   curl -X POST localhost:4020/__fake/pay -H 'Content-Type: application/json' \
 *     -d '{"shortcode":"174379","amount":250}'
 */
import {
  DEMO_CONSUMER_KEY,
  DEMO_CONSUMER_SECRET,
  PHONE_ENDINGS,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  startFakeDaraja,
} from '../testing/fake-daraja';

const port = Number(process.env.FAKE_DARAJA_PORT ?? 4020);
const fake = await startFakeDaraja({
  port,
  apps: [{ consumerKey: DEMO_CONSUMER_KEY, consumerSecret: DEMO_CONSUMER_SECRET }],
  shortcodes: [{ shortcode: SANDBOX_SHORTCODE, passkey: SANDBOX_PASSKEY }],
  callbackDelayMs: Number(process.env.FAKE_DARAJA_DELAY_MS ?? 1500),
  onEvent: (line) => console.log(line),
  // npm run dev keeps the C2B URL registrations in a file, so a restart still delivers payments.
  ...(process.env.FAKE_DARAJA_REGISTRATIONS
    ? { registrationsFile: process.env.FAKE_DARAJA_REGISTRATIONS }
    : {}),
});
const endings = Object.entries(PHONE_ENDINGS)
  .map(([ending, outcome]) => `…${ending} ${outcome}`)
  .join(', ');
console.log(
  `Fake Daraja listening on ${fake.baseUrl} (shortcode ${SANDBOX_SHORTCODE}, app ` +
    `${DEMO_CONSUMER_KEY}); a phone ending ${endings}; any other pays`,
);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
