/**
 * A refund receipt by SMS as a background job (issue 24), as a sale's (sales/receipt-sms.job.ts):
 * the request queued it with the text; this sends it through Africa's Talking, tried again with
 * backoff while the provider is down, failed at once on a refusal no retry mends. A refund
 * receipt has no badge to follow, so nothing but the job's own row records it (GET /jobs).
 */
import { sendSms } from '../../lib/sms/africas-talking';
import { PermanentJobError, type JobKind } from '../jobs/jobs.service';
import type { JobRow } from '../jobs/jobs.table';

export const SMS_REFUND_RECEIPT_JOB = 'sms-refund-receipt';
/** As a sale's receipt: the first try and 5 retries. */
export const SMS_REFUND_RECEIPT_MAX_ATTEMPTS = 6;

export interface SmsRefundReceiptPayload {
  return_id: number;
  /** +254… */
  phone: string;
  text: string;
}

/** Thrown for a failure worth another try; the runner retries it with backoff. */
class ProviderDown extends Error {}

export const smsRefundReceiptJob: JobKind = {
  async run(job: JobRow, { config }) {
    const payload = job.payload as SmsRefundReceiptPayload;
    if (!config.sms) throw new PermanentJobError('SMS is not configured');
    const result = await sendSms(config.sms, payload.phone, payload.text);
    if (!result.ok) {
      if (result.retryable) throw new ProviderDown(result.status);
      throw new PermanentJobError(result.status);
    }
  },
};
