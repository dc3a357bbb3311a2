/**
 * POST /sales/{id}/returns/{returnId}/receipt/whatsapp and /sms (issue 24): a refund's receipt
 * and the link the web app opens (wa.me to the customer's number, or sms:), as a sale's
 * (sales/receipt-send.service.ts). With Africa's Talking configured, an SMS goes out from the
 * server in the background instead (refund-receipt.job.ts). The answer's receipt_status is the
 * sale's own receipt's, unchanged: a refund receipt does not turn the sale's badge on.
 */
import type { ReceiptChannel } from '@duka/shared/sales/sales.schemas';
import type { AppDeps } from '../../app/deps';
import { enqueueJob } from '../jobs/jobs.service';
import { getReceiptSettings } from '../receipt-settings/receipt-settings.service';
import { smsLink, waNumber, whatsappLink } from '../../lib/message-links';
import { presentSale } from '../sales/sales.presenters';
import { getSale, withParts } from '../sales/sales.service';
import {
  SMS_REFUND_RECEIPT_JOB,
  SMS_REFUND_RECEIPT_MAX_ATTEMPTS,
  type SmsRefundReceiptPayload,
} from './refund-receipt.job';
import { refundReceiptText } from './refund-receipt-text';
import { returnErrors } from './returns.errors';

export async function sendRefundReceipt(
  { db, config, clock }: AppDeps,
  storeId: number,
  saleId: number,
  returnId: number,
  channel: ReceiptChannel,
  phoneOverride: string | undefined,
) {
  const row = await getSale(db, storeId, saleId);
  const sale = presentSale((await withParts(db, [row]))[0]!);
  const saleReturn = sale.returns.find((found) => found.id === returnId);
  if (!saleReturn) throw returnErrors.notFound();
  const phone = phoneOverride ?? sale.Customer?.phone ?? null;
  if (!phone) throw returnErrors.noPhone();
  const text = refundReceiptText(sale, saleReturn, await getReceiptSettings(db, storeId));
  const viaProvider = channel === 'sms' && config.sms !== null;
  if (viaProvider) {
    const payload: SmsRefundReceiptPayload = { return_id: saleReturn.id, phone, text };
    // One SMS of a refund on its way at a time: sending again while one is queued is that one.
    await enqueueJob(db, clock.now(), {
      kind: SMS_REFUND_RECEIPT_JOB,
      storeId,
      payload: { ...payload },
      maxAttempts: SMS_REFUND_RECEIPT_MAX_ATTEMPTS,
      dedupeKey: `return:${saleReturn.id}`,
    });
  }
  return {
    channel,
    phone: waNumber(phone),
    text,
    link: channel === 'whatsapp' ? whatsappLink(phone, text) : smsLink(phone, text),
    sent: false,
    queued: viaProvider,
    receipt_status: sale.receipt_status,
  };
}
