/**
 * What every receipt sent as text shares (PRODUCT.md §4): the store's header from its receipt
 * settings, the date in Africa/Nairobi, and the names of the payment methods. A sale's receipt
 * (modules/sales/receipt-text.ts) and a refund's (modules/returns, issue 24) use them.
 */
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';

export const receiptDateFormat = new Intl.DateTimeFormat('en-KE', {
  timeZone: 'Africa/Nairobi',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** The store's name, address, phone and KRA PIN (when set), a line each. */
export function receiptHeader(settings: ReceiptSettings): string[] {
  const lines: string[] = [settings.business_name];
  if (settings.address) lines.push(settings.address);
  if (settings.phone) lines.push(`Tel: ${settings.phone}`);
  if (settings.kra_pin) lines.push(`KRA PIN: ${settings.kra_pin}`);
  return lines;
}

export const PAYMENT_LABELS = { cash: 'Cash', mpesa: 'M-Pesa', credit: 'Credit' } as const;
