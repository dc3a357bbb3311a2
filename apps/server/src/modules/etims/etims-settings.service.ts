/**
 * A store's eTIMS (OSCU) registration (issue 26, decisions/0017): read without the cmcKey, and
 * saved only once OSCU accepted the device — selectInitOsdcInfo answers the key, the control
 * unit's id and the MRC number, kept with what the manager typed and the time of registration.
 * A refusal (KRA's code and message) or no answer saves nothing: a store whose device KRA has
 * not accepted must not start numbering invoices for it.
 *
 * The cmcKey is a secret: it leaves this module only towards OSCU (etims-send.service.ts reads
 * it from the row), never in an answer, a log line or a job payload.
 */
import type { EtimsSettings, EtimsSettingsInput } from '@duka/shared/etims/etims.schemas';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { EtimsError } from '../../lib/etims/oscu-client';
import { storeEtimsSettings, type StoreEtimsSettingsRow } from './etims.table';

export const etimsSettingsErrors = {
  refused: (code: string | null, message: string) =>
    new AppError(
      422,
      'etims.registration_refused',
      `eTIMS refused the device (${code ?? 'no code'}): ${message}. Nothing was saved`,
    ),
  unreachable: (why: string) =>
    new AppError(
      503,
      'etims.unreachable',
      `eTIMS could not be reached (${why}): nothing was saved, try again when it answers`,
    ),
};

export async function findEtimsSettings(
  db: Executor,
  storeId: number,
): Promise<StoreEtimsSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(storeEtimsSettings)
    .where(eq(storeEtimsSettings.storeId, storeId));
  return row;
}

export function presentEtimsSettings(row: StoreEtimsSettingsRow | undefined): EtimsSettings {
  return {
    kra_pin: row?.kraPin ?? null,
    branch_id: row?.branchId ?? null,
    device_serial: row?.deviceSerial ?? null,
    environment: row?.environment ?? null,
    sdc_id: row?.sdcId ?? null,
    mrc_no: row?.mrcNo ?? null,
    has_cmc_key: Boolean(row?.cmcKey),
    registered_at: row?.registeredAt?.toISOString() ?? null,
  };
}

export async function getEtimsSettings(db: Executor, storeId: number): Promise<EtimsSettings> {
  return presentEtimsSettings(await findEtimsSettings(db, storeId));
}

/**
 * Registers the device with OSCU (selectInitOsdcInfo), then keeps the settings with its key.
 * Saving the same device again asks OSCU again (a new key replaces the old one); from the
 * moment registered_at is set, the store's sales and returns go to eTIMS (migration 0042).
 */
export async function saveEtimsSettings(
  { db, clock, etims }: AppDeps,
  storeId: number,
  input: EtimsSettingsInput,
): Promise<EtimsSettings> {
  let info;
  try {
    info = await etims.initDevice({
      environment: input.environment,
      tin: input.kra_pin,
      bhfId: input.branch_id,
      dvcSrlNo: input.device_serial,
    });
  } catch (error) {
    if (!(error instanceof EtimsError)) throw error;
    if (error.failure === 'refused') {
      throw etimsSettingsErrors.refused(error.resultCode, error.resultMessage);
    }
    throw etimsSettingsErrors.unreachable(error.resultMessage);
  }
  const now = clock.now();
  const values = {
    kraPin: input.kra_pin,
    branchId: input.branch_id,
    deviceSerial: input.device_serial,
    environment: input.environment,
    cmcKey: info.cmcKey,
    sdcId: info.sdcId,
    mrcNo: info.mrcNo,
    registeredAt: now,
    updatedAt: now,
  };
  const [row] = await db
    .insert(storeEtimsSettings)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: storeEtimsSettings.storeId, set: values })
    .returning();
  return presentEtimsSettings(row);
}
