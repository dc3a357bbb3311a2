/**
 * The receipt as plain text, for WhatsApp and SMS (PRODUCT.md §4, §4b): the store's header from
 * its receipt settings (KRA PIN and M-Pesa till when set), the lines, the totals, the payment
 * (M-Pesa code when recorded) and the thank-you message. Dates in Africa/Nairobi.
 */
import { formatCurrency } from '@duka/shared/money/money';
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import {
  PAYMENT_LABELS,
  receiptDateFormat,
  receiptHeader,
  taxAndEtimsLines,
} from '../../lib/receipt-parts';

export function receiptText(sale: Sale, settings: ReceiptSettings): string {
  const lines = receiptHeader(settings, sale.store_kra_pin);
  lines.push(
    '',
    `Receipt #${sale.id}`,
    `Invoice No. ${sale.invoice_no}`,
    receiptDateFormat.format(new Date(sale.createdAt)),
  );
  if (sale.User) lines.push(`Served by: ${sale.User.name}`);
  if (sale.Customer) lines.push(`Customer: ${sale.Customer.name}`);
  if (sale.buyer_kra_pin) lines.push(`Buyer's KRA PIN: ${sale.buyer_kra_pin}`);
  lines.push('');
  for (const item of sale.items) {
    lines.push(
      `${item.quantity} x ${item.Product.name} (${item.unit_type}) @ ${formatCurrency(item.unit_price)} = ${formatCurrency(item.total)}`,
    );
    // Issue 20: a price cut leaves a trace on the receipt too.
    if (item.discount > 0) lines.push(`  Discount -${formatCurrency(item.discount)}`);
  }
  lines.push('');
  if (sale.delivery_fee > 0) {
    lines.push(`Subtotal: ${formatCurrency(sale.subtotal)}`);
    lines.push(`Delivery: ${formatCurrency(sale.delivery_fee)}`);
  }
  if (sale.discount_total > 0) {
    lines.push(`Total discount: -${formatCurrency(sale.discount_total)}`);
  }
  if (sale.discount_approved_by) lines.push(`Approved by: ${sale.discount_approved_by.name}`);
  lines.push(`Total: ${formatCurrency(sale.total_amount)}`);
  lines.push(...paymentLines(sale));
  lines.push(...taxAndEtimsLines(sale.tax, sale.etims));
  if (settings.mpesa_till) lines.push(`M-Pesa till/paybill: ${settings.mpesa_till}`);
  if (settings.thank_you_message) lines.push('', settings.thank_you_message);
  return lines.join('\n');
}

/**
 * How the sale was paid. One part: as before (cash tendered and change; M-Pesa and its code;
 * credit). More than one part (issue 21; split, or two cash or two M-Pesa parts): each part as
 * written — cash net of the change — with an M-Pesa part's code, then the cash tendered (the
 * cash parts together, plus the change) and the change when there was change. A credit part
 * leaves the balance due. A non-cash sale with change (a cash part handed back whole) is listed
 * the same way.
 */
function paymentLines(sale: Sale): string[] {
  const lines: string[] = [];
  // A non-cash sale with change: its cash part was handed back whole (a cash part at least
  // the change, issue 21), so the parts and the cash given are listed too.
  const cashHandedBack = sale.payment_method !== 'cash' && sale.change_amount > 0;
  if (sale.payments.length > 1 || sale.payment_method === 'split' || cashHandedBack) {
    const parts = sale.payments.map((part) => {
      const code = part.mpesa_code ? ` (${part.mpesa_code})` : '';
      return `${PAYMENT_LABELS[part.method]} ${formatCurrency(part.amount)}${code}`;
    });
    lines.push(`Paid: ${parts.join(' / ')}`);
    if (sale.change_amount > 0) {
      const cash = sale.payments
        .filter((part) => part.method === 'cash')
        .reduce((sum, part) => sum + part.amount, 0);
      lines.push(`Cash tendered: ${formatCurrency(cash + sale.change_amount)}`);
      lines.push(`Change: ${formatCurrency(sale.change_amount)}`);
    }
  } else if (sale.payment_method === 'cash') {
    lines.push(`Cash: ${formatCurrency(sale.amount_paid)}`);
    lines.push(`Change: ${formatCurrency(sale.change_amount)}`);
  } else if (sale.payment_method === 'mpesa') {
    lines.push(`M-Pesa: ${formatCurrency(sale.amount_paid)}`);
    if (sale.mpesa_code) lines.push(`M-Pesa code: ${sale.mpesa_code}`);
  } else if (sale.payment_method === 'credit') {
    lines.push(`Credit: ${formatCurrency(sale.total_amount)}`);
  }
  if (sale.balance_due > 0) lines.push(`Balance due: ${formatCurrency(sale.balance_due)}`);
  return lines;
}

// The wa.me and sms: links live in lib/message-links.ts (statements use them too).
export { smsLink, waNumber, whatsappLink } from '../../lib/message-links';
