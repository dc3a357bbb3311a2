/**
 * The STK status query (issue 23, decisions/0013 "STK push"): queued with every prompt, due
 * 30 s later. A request a callback settled meanwhile is left alone. Otherwise it asks Daraja
 * (STK query): a final ResultCode settles the request as a callback would (no receipt number:
 * only the callback carries it); "still being processed", no answer, or a refusal is tried
 * again with the runner's backoff until STK_GIVE_UP_MS after the prompt — then, or when the
 * attempts run out, the request is failed with no result code and a description saying no
 * answer came. Every write is in the job's commit, under the request's row lock and only while
 * it is pending, so a duplicate job or a racing callback changes it once.
 */
import type { AppDeps } from '../../app/deps';
import type { Transaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { JobKind } from '../jobs/jobs.service';
import type { JobRow } from '../jobs/jobs.table';
import { eq } from 'drizzle-orm';
import { lockStkRow, settleStk, type StkResult, type Warn } from './stk-callback.service';
import { mpesaPayments } from './mpesa.table';
import { merchantOf, STK_GIVE_UP_MS, type StkQueryPayload } from './stk.service';

export const NO_ANSWER_DESC = 'No answer came from M-Pesa within 3 minutes of the prompt';

/** Thrown for an answer worth asking again (the runner retries it with backoff). */
class NotYet extends Error {}

/** Fails a still-pending request: no final answer came (result_code stays null). */
async function giveUp(tx: Transaction, paymentId: number, now: Date): Promise<void> {
  const row = await lockStkRow(tx, paymentId);
  if (row?.status !== 'pending') return;
  await tx
    .update(mpesaPayments)
    .set({ status: 'failed', resultCode: null, resultDesc: NO_ANSWER_DESC, completedAt: now })
    .where(eq(mpesaPayments.id, row.id));
}

export function stkQueryJob({ clock, warn }: { clock: Clock; warn: Warn }): JobKind {
  return {
    async run(job: JobRow, { db, daraja }: AppDeps) {
      const { payment_id: paymentId } = job.payload as StkQueryPayload;
      const [row] = await db.select().from(mpesaPayments).where(eq(mpesaPayments.id, paymentId));
      if (!row || row.source !== 'stk' || row.status !== 'pending' || !row.checkoutRequestId) {
        return;
      }
      const overdue = clock.now().getTime() - row.createdAt.getTime() >= STK_GIVE_UP_MS;
      let result: StkResult | null = null;
      let why = 'M-Pesa settings are incomplete';
      const merchant = await merchantOf(db, row.storeId);
      if (merchant) {
        try {
          const answer = await daraja.stkQuery(merchant, row.checkoutRequestId, clock.now());
          if (answer.pending) why = answer.message || 'The transaction is being processed';
          else result = { resultCode: answer.resultCode, resultDesc: answer.resultDesc };
        } catch (error) {
          why = error instanceof Error ? error.message : String(error);
        }
      }
      if (result) {
        const final = result;
        return async (tx) => {
          const locked = await lockStkRow(tx, paymentId);
          if (locked?.status === 'pending') await settleStk(tx, locked, final, clock.now(), warn);
        };
      }
      if (overdue) return (tx) => giveUp(tx, paymentId, clock.now());
      throw new NotYet(why);
    },

    async failed(tx, job) {
      const { payment_id: paymentId } = job.payload as StkQueryPayload;
      await giveUp(tx, paymentId, clock.now());
    },
  };
}
