/**
 * `npm run fake:etims`: the local stand-in for KRA's eTIMS OSCU API (testing/fake-etims.ts) on
 * FAKE_ETIMS_PORT (default 4030), for `npm run dev` and e2e. It knows the demo store's device
 * from the start (the demo seed registers Nairobi with its key), signs every sale and credit
 * note it is sent, and prints each. To see eTIMS down and back, or a refusal:
 *   curl -X POST localhost:4030/__fake/down -H 'Content-Type: application/json' -d '{"mode":"503"}'
 *   curl -X POST localhost:4030/__fake/up
 *   curl -X POST localhost:4030/__fake/refuse -H 'Content-Type: application/json' \
 *     -d '{"code":"910","message":"Request parameter error"}'
 */
import { DEMO_ETIMS_DEVICE } from '../db/seed/demo-etims';
import { startFakeEtims } from '../testing/fake-etims';

const port = Number(process.env.FAKE_ETIMS_PORT ?? 4030);
const fake = await startFakeEtims({
  port,
  devices: [
    {
      tin: DEMO_ETIMS_DEVICE.kraPin,
      bhfId: DEMO_ETIMS_DEVICE.branchId,
      dvcSrlNo: DEMO_ETIMS_DEVICE.deviceSerial,
      cmcKey: DEMO_ETIMS_DEVICE.cmcKey,
      sdcId: DEMO_ETIMS_DEVICE.sdcId,
      mrcNo: DEMO_ETIMS_DEVICE.mrcNo,
    },
  ],
  onEvent: (line) => console.log(line),
});
console.log(
  `Fake eTIMS (OSCU) listening on ${fake.baseUrl} (demo device ${DEMO_ETIMS_DEVICE.deviceSerial} ` +
    `of ${DEMO_ETIMS_DEVICE.kraPin}, branch ${DEMO_ETIMS_DEVICE.branchId})`,
);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
