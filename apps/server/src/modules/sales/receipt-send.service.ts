/**
 * POST /sales/{id}/receipt/whatsapp and /sms (PRODUCT.md §4): the receipt text and the link the
 * till opens (wa.me to the customer's number, or sms:). With Africa's Talking configured, an SMS
 * goes out from the server instead — in the background (issue 21): the request queues a job
 * (modules/jobs) and answers at once with `queued`; receipt-sms.job.ts sends it, retries while
 * the provider is down, and records the outcome on the sale (receipt_status.sms_state).
 *
 * Receipt status means sent (issue 20): the badge turns on when the provider accepted the SMS,
 * or — for a link, where no provider answers — when the person confirms the chat or message
 * went (POST …/{channel}/confirm). Opening a link is kept as an attempt ('link') only.
 */
import type { ReceiptChannel } from '@duka/shared/sales/sales.schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { Executor } from '../../db/client';
import { enqueueJob } from '../jobs/jobs.service';
import { getReceiptSettings } from '../receipt-settings/receipt-settings.service';
import { saleErrors } from './sales.errors';
import { presentSale } from './sales.presenters';
import { getSale, withParts } from './sales.service';
import { receiptStatusOf } from './receipt-status';
import {
  SMS_RECEIPT_JOB,
  SMS_RECEIPT_MAX_ATTEMPTS,
  type SmsReceiptPayload,
} from './receipt-sms.job';
import { receiptSends, sales } from './sales.table';
import { receiptText, smsLink, waNumber, whatsappLink } from './receipt-text';

/** A link opened on the device; 'confirmed' once the person says it went. */
const LINK_STATUS = 'link';
const CONFIRMED_STATUS = 'confirmed';

export async function sendReceipt(
  { db, config, clock }: AppDeps,
  storeId: number,
  userId: number,
  saleId: number,
  channel: ReceiptChannel,
  phoneOverride: string | undefined,
) {
  const row = await getSale(db, storeId, saleId);
  const [parts] = await withParts(db, [row]);
  const sale = presentSale(parts!);
  const phone = phoneOverride ?? sale.Customer?.phone ?? null;
  if (!phone) throw saleErrors.noPhone();
  const text = receiptText(sale, await getReceiptSettings(db, storeId));
  const viaProvider = channel === 'sms' && config.sms !== null;

  const updated = await db.transaction(async (tx) => {
    if (!viaProvider) {
      await tx.insert(receiptSends).values({
        saleId: row.id,
        storeId: row.storeId,
        channel,
        phone,
        status: LINK_STATUS,
        userId,
      });
      return row;
    }
    const now = clock.now();
    const payload: SmsReceiptPayload = { sale_id: row.id, phone, text };
    // One SMS of a sale on its way at a time: sending again while one is queued answers it.
    const job = await enqueueJob(tx, now, {
      kind: SMS_RECEIPT_JOB,
      storeId,
      payload: { ...payload },
      maxAttempts: SMS_RECEIPT_MAX_ATTEMPTS,
      dedupeKey: `sale:${row.id}`,
    });
    if (!job) return await getSale(tx, storeId, saleId);
    await tx.insert(receiptSends).values({
      saleId: row.id,
      storeId: row.storeId,
      channel,
      phone,
      status: 'queued',
      jobId: job.id,
      userId,
    });
    const [queued] = await tx
      .update(sales)
      .set({ receiptSmsState: 'queued', receiptSmsError: null })
      .where(eq(sales.id, row.id))
      .returning();
    return queued!;
  });
  return {
    channel,
    phone: waNumber(phone),
    text,
    link: channel === 'whatsapp' ? whatsappLink(phone, text) : smsLink(phone, text),
    sent: false,
    queued: viaProvider,
    receipt_status: receiptStatusOf(updated),
  };
}

type SaleRow = typeof sales.$inferSelect;

async function markSent(tx: Executor, saleId: number, channel: ReceiptChannel): Promise<SaleRow> {
  const sentAt = new Date();
  const [saved] = await tx
    .update(sales)
    .set(channel === 'sms' ? { receiptSmsAt: sentAt } : { receiptWhatsappAt: sentAt })
    .where(eq(sales.id, saleId))
    .returning();
  return saved!;
}

/**
 * POST /sales/{id}/receipt/{channel}/confirm: the person says the WhatsApp chat or the SMS of
 * the link they opened went. The latest opened link of that channel becomes 'confirmed' and
 * the badge turns on; without one opened there is nothing to confirm (409).
 */
export async function confirmReceipt(
  { db }: AppDeps,
  storeId: number,
  saleId: number,
  channel: ReceiptChannel,
) {
  const row = await getSale(db, storeId, saleId);
  const updated = await db.transaction(async (tx) => {
    const [opened] = await tx
      .select({ id: receiptSends.id })
      .from(receiptSends)
      .where(
        and(
          eq(receiptSends.saleId, row.id),
          eq(receiptSends.channel, channel),
          eq(receiptSends.status, LINK_STATUS),
        ),
      )
      .orderBy(desc(receiptSends.id))
      .limit(1)
      .for('update');
    if (!opened) throw saleErrors.receiptNotOpened();
    await tx
      .update(receiptSends)
      .set({ status: CONFIRMED_STATUS })
      .where(eq(receiptSends.id, opened.id));
    return markSent(tx, row.id, channel);
  });
  return { receipt_status: receiptStatusOf(updated) };
}
