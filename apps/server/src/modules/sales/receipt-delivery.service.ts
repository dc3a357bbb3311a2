/**
 * Africa's Talking's delivery report for an SMS receipt (issue 21): the message, found by the
 * provider's id among this store's sends, was delivered — or failed on the network, and the
 * sale says why (its badge off, Retry offered). Intermediate reports (Sent, Submitted,
 * Buffered) change nothing; a report already handled (same message, same status) is recorded
 * once and changes nothing again.
 */
import type { SmsDeliveryReport } from '@duka/shared/webhooks/webhooks.schemas';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import { firstDelivery } from '../../lib/webhooks';
import { receiptSends, sales } from './sales.table';

const DELIVERED = new Set(['Success']);
const UNDELIVERED = new Set(['Failed', 'Rejected', 'Expired', 'AbsentSubscriber']);

/** True when the report was new (handled), false for a repeat. */
export async function recordSmsDeliveryReport(
  { db, clock }: AppDeps,
  storeId: number,
  report: SmsDeliveryReport,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = await firstDelivery(tx, {
      storeId,
      source: 'africas-talking:sms-delivery',
      eventId: `${report.id}:${report.status}`,
      receivedAt: clock.now(),
    });
    if (!first) return false;
    const delivered = DELIVERED.has(report.status);
    if (!delivered && !UNDELIVERED.has(report.status)) return true;
    const [send] = await tx
      .select({ id: receiptSends.id, saleId: receiptSends.saleId })
      .from(receiptSends)
      .innerJoin(sales, eq(sales.id, receiptSends.saleId))
      .where(
        and(
          eq(receiptSends.providerMessageId, report.id),
          eq(receiptSends.channel, 'sms'),
          eq(sales.storeId, storeId),
        ),
      )
      .for('update', { of: receiptSends });
    // Not a message of this store's: nothing of its own to change.
    if (!send) return true;
    const reason = report.failureReason || report.status;
    await tx
      .update(receiptSends)
      .set(delivered ? { status: 'delivered', error: null } : { status: 'failed', error: reason })
      .where(eq(receiptSends.id, send.id));
    // The sale shows its latest send through the provider: an older one's report leaves it be.
    const [latest] = await tx
      .select({ id: receiptSends.id })
      .from(receiptSends)
      .where(and(eq(receiptSends.saleId, send.saleId), isNotNull(receiptSends.jobId)))
      .orderBy(desc(receiptSends.id))
      .limit(1);
    if (latest?.id !== send.id) return true;
    await tx
      .update(sales)
      .set(
        delivered
          ? { receiptSmsState: 'delivered', receiptSmsError: null }
          : { receiptSmsState: 'failed', receiptSmsError: reason, receiptSmsAt: null },
      )
      .where(and(eq(sales.id, send.saleId), eq(sales.storeId, storeId)));
    return true;
  });
}
