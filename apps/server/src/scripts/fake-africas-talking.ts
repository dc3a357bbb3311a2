/**
 * `npm run fake-sms -w @duka/server`: the local stand-in for Africa's Talking
 * (testing/fake-africas-talking.ts) on FAKE_AT_PORT (default 4010), for `npm run dev`: SMS
 * receipts are queued, "sent" here (printed), and the receipt's badge turns on — no account,
 * no internet. Set FAKE_AT_DELIVERY_REPORTS_URL to a store's address from
 * GET /api/stores/{id}/webhooks to get a delivery report for each message, too.
 */
import { startFakeAfricasTalking } from '../testing/fake-africas-talking';

const port = Number(process.env.FAKE_AT_PORT ?? 4010);
const fake = await startFakeAfricasTalking({
  apiKey: process.env.AT_API_KEY ?? 'dev-at-key',
  username: 'sandbox',
  port,
  deliveryReportsUrl: process.env.FAKE_AT_DELIVERY_REPORTS_URL,
  onMessage: (sms) => {
    console.log(`[fake SMS] ${sms.messageId} to ${sms.to}:\n${sms.message}\n`);
  },
});
console.log(`Fake Africa's Talking listening on ${fake.config.baseUrl}`);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
