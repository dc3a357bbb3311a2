/**
 * Registering a store's C2B URLs with Daraja as a background job (issue 23, decisions/0013):
 * queued when saving the M-Pesa settings found Daraja unreachable (no answer, a timeout, busy).
 * Each run registers the settings as they stand then; Daraja still unreachable → tried again
 * with backoff; accepted or refused → done, the outcome on the settings row for the manager.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { JobKind } from '../jobs/jobs.service';
import type { JobRow } from '../jobs/jobs.table';
import { storeMpesaSettings } from './mpesa.table';
import { DARAJA_UNREACHABLE_MESSAGE, registerC2bUrls } from './mpesa-settings.service';

export interface MpesaRegisterUrlsPayload {
  store_id: number;
  /** PUBLIC_URL, or where the manager's request came: the hook URLs' origin. */
  origin: string;
}

/** Thrown for Daraja not answering; the runner retries it with backoff. */
class DarajaUnreachable extends Error {}

export const mpesaRegisterUrlsJob: JobKind = {
  async run(job: JobRow, deps: AppDeps) {
    const payload = job.payload as MpesaRegisterUrlsPayload;
    const origin = deps.config.publicUrl ?? payload.origin;
    const outcome = await registerC2bUrls(deps, payload.store_id, origin);
    if (outcome === 'unreachable') throw new DarajaUnreachable(DARAJA_UNREACHABLE_MESSAGE);
  },

  async failed(tx, job) {
    const payload = job.payload as MpesaRegisterUrlsPayload;
    await tx
      .update(storeMpesaSettings)
      .set({
        c2bRegistrationError:
          'M-Pesa could not be reached: save the settings again to register the URLs',
      })
      .where(eq(storeMpesaSettings.storeId, payload.store_id));
  },
};
