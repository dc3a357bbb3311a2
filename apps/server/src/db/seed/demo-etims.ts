/**
 * Nairobi registered for eTIMS (issue 26) since the shop opened, against the fake OSCU
 * (testing/fake-etims.ts): the settings as a manager's save would have kept them, with the key,
 * control unit id and MRC number the fake gives this device — written directly, as no OSCU runs
 * while the seed does. Every demo sale and return is then an invoice waiting as pending:
 * `npm run dev` (and each e2e worker) runs the fake, which knows this device, and the first job
 * pass sends them in order. Only when an OSCU host is configured (demo-seed.ts DemoOptions): a
 * plain `npm start` leaves Nairobi unregistered rather than send made-up invoices to KRA.
 */
import type { Executor } from '../client';
import { storeEtimsSettings } from '../../modules/etims/etims.table';

/** The demo device, as the fake OSCU knows it from the start (scripts/fake-etims.ts). */
export const DEMO_ETIMS_DEVICE = {
  // The PIN the demo's receipt settings print (demo-sales.ts).
  kraPin: 'P051234567X',
  branchId: '00',
  deviceSerial: 'DUKA-DEMO-OSCU-1',
  environment: 'sandbox',
  cmcKey: 'DUKADEMOCMCKEY0000000000000000001',
  sdcId: 'KRACU0100000001',
  mrcNo: 'WIS000000001',
} as const;

export async function seedDemoEtims(tx: Executor, storeId: number, registeredAt: Date) {
  await tx.insert(storeEtimsSettings).values({
    storeId,
    ...DEMO_ETIMS_DEVICE,
    registeredAt,
    updatedAt: registeredAt,
  });
}
