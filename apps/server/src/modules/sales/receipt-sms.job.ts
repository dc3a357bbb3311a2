/**
 * The SMS receipt as a background job (issue 21, decisions/0010). The request queued it with
 * the receipt text; this sends it through Africa's Talking. A provider that is down (no answer,
 * 5xx, a gateway error) is tried again with backoff; a refusal no retry mends (an invalid
 * number) fails at once. The sale's receipt_status follows: queued → sent (the badge turns on)
 * → delivered when the delivery report says so; failed with the reason when it finally failed.
 *
 * A run that finds its send already recorded as gone does nothing: a runner that died between
 * the provider's answer and its commit is not followed by a second SMS from the database's side
 * (the provider offers no idempotency key for SMS: research notes §2.1).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { Executor } from '../../db/client';
import { sendSms } from '../../lib/sms/africas-talking';
import { PermanentJobError, type JobKind } from '../jobs/jobs.service';
import type { JobRow } from '../jobs/jobs.table';
import { receiptSends, sales } from './sales.table';

export const SMS_RECEIPT_JOB = 'sms-receipt';
/** The first try and 5 retries: 15 s, 30 s, 1, 2 and 4 min apart by default. */
export const SMS_RECEIPT_MAX_ATTEMPTS = 6;

export interface SmsReceiptPayload {
  sale_id: number;
  /** +254… */
  phone: string;
  text: string;
}

/** Thrown for a failure worth another try; the runner retries it with backoff. */
class ProviderDown extends Error {}

async function sendOf(db: Executor, jobId: number) {
  const [send] = await db
    .select()
    .from(receiptSends)
    .where(eq(receiptSends.jobId, jobId))
    .orderBy(desc(receiptSends.id))
    .limit(1);
  return send;
}

export const smsReceiptJob: JobKind = {
  async run(job: JobRow, { db, config, clock }: AppDeps) {
    const payload = job.payload as SmsReceiptPayload;
    const send = await sendOf(db, job.id);
    // The sale is gone (its sends with it), or this send went already: nothing to do.
    if (!send || send.status !== 'queued') return;
    if (!config.sms) throw new PermanentJobError('SMS is not configured');
    const result = await sendSms(config.sms, payload.phone, payload.text);
    if (!result.ok) {
      if (result.retryable) throw new ProviderDown(result.status);
      throw new PermanentJobError(result.status);
    }
    return async (tx) => {
      const now = clock.now();
      await tx
        .update(receiptSends)
        .set({ status: 'sent', providerMessageId: result.messageId, error: null })
        .where(eq(receiptSends.id, send.id));
      await tx
        .update(sales)
        .set({ receiptSmsAt: now, receiptSmsState: 'sent', receiptSmsError: null })
        .where(eq(sales.id, send.saleId));
    };
  },

  async failed(tx, job, reason) {
    const send = await sendOf(tx, job.id);
    if (!send) return;
    await tx
      .update(receiptSends)
      .set({ status: 'failed', error: reason })
      .where(eq(receiptSends.id, send.id));
    await tx
      .update(sales)
      .set({ receiptSmsState: 'failed', receiptSmsError: reason })
      .where(and(eq(sales.id, send.saleId), eq(sales.receiptSmsState, 'queued')));
  },
};
