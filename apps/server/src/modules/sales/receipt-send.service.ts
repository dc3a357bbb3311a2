/**
 * POST /sales/{id}/receipt/whatsapp and /sms (PRODUCT.md §4): the receipt text and the link the
 * till opens (wa.me to the customer's number, or sms:), recorded so the Receipt Status badges
 * show it. With Africa's Talking configured, an SMS goes out from the server instead; a refusal
 * is a 502 and records nothing, so the cashier can retry or fall back to the link.
 */
import type { ReceiptChannel } from '@duka/shared/sales/sales.schemas';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import { sendSms } from '../../lib/sms/africas-talking';
import { getReceiptSettings } from '../receipt-settings/receipt-settings.service';
import { saleErrors } from './sales.errors';
import { getSale, presentSale, withParts } from './sales.service';
import { receiptSends, sales } from './sales.table';
import { receiptText, smsLink, waNumber, whatsappLink } from './receipt-text';

export async function sendReceipt(
  { db, config }: AppDeps,
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

  let status = 'link';
  let providerMessageId: string | null = null;
  const viaProvider = channel === 'sms' && config.sms !== null;
  if (viaProvider) {
    const result = await sendSms(config.sms!, phone, text);
    if (!result.ok) throw saleErrors.smsFailed(result.status);
    status = result.status;
    providerMessageId = result.messageId;
  }

  const sentAt = new Date();
  const updated = await db.transaction(async (tx) => {
    await tx.insert(receiptSends).values({
      saleId: row.id,
      channel,
      phone,
      status,
      providerMessageId,
      userId,
    });
    const [saved] = await tx
      .update(sales)
      .set(channel === 'sms' ? { receiptSmsAt: sentAt } : { receiptWhatsappAt: sentAt })
      .where(eq(sales.id, row.id))
      .returning();
    return saved!;
  });
  return {
    channel,
    phone: waNumber(phone),
    text,
    link: channel === 'whatsapp' ? whatsappLink(phone, text) : smsLink(phone, text),
    sent: viaProvider,
    receipt_status: {
      sms: updated.receiptSmsAt !== null,
      whatsapp: updated.receiptWhatsappAt !== null,
    },
  };
}
