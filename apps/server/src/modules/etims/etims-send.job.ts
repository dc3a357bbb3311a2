/**
 * The 'etims-send' job (issue 26): a store's pending invoices to OSCU, in order
 * (etims-send.service.ts). OSCU unreachable → the run throws and the runner tries again with
 * backoff; when its attempts run out, the invoices stay pending and the minute's sweep queues
 * a new job.
 */
import type { JobKind } from '../jobs/jobs.service';
import {
  EtimsUnreachable,
  handOver,
  sendPendingInvoices,
  type EtimsSendPayload,
} from './etims-send.service';

export const etimsSendJob: JobKind = {
  async run(job, deps) {
    const { store_id: storeId } = job.payload as EtimsSendPayload;
    const outcome = await sendPendingInvoices(deps, storeId);
    if (outcome.kind === 'unreachable') throw new EtimsUnreachable(outcome.message);
    if (outcome.kind === 'more') return handOver(storeId, deps.clock.now());
  },
};
