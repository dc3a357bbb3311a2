/**
 * The refund receipt as plain text, for WhatsApp and SMS (issue 24): the store's header and the
 * date as on a sale's receipt (receipt-text.ts), the sale it returns, the lines that came back
 * (damaged ones marked), the refund's method and amount, and the reason. Short: an SMS.
 */
import { formatCurrency } from '@duka/shared/money/money';
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { SaleReturn } from '@duka/shared/returns/returns.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import {
  PAYMENT_LABELS,
  receiptDateFormat,
  receiptHeader,
  taxAndEtimsLines,
} from '../../lib/receipt-parts';

export function refundReceiptText(
  sale: Pick<Sale, 'id' | 'Customer' | 'invoice_no' | 'store_kra_pin'>,
  saleReturn: SaleReturn,
  settings: ReceiptSettings,
): string {
  const lines = receiptHeader(settings, sale.store_kra_pin);
  lines.push(
    '',
    `Refund #${saleReturn.id} of receipt #${sale.id}`,
    `Credit Note No. ${saleReturn.credit_note_no} for Invoice No. ${sale.invoice_no}`,
    receiptDateFormat.format(new Date(saleReturn.created_at)),
  );
  if (saleReturn.User) lines.push(`Refunded by: ${saleReturn.User.name}`);
  if (sale.Customer) lines.push(`Customer: ${sale.Customer.name}`);
  lines.push('');
  for (const item of saleReturn.items) {
    const damaged = item.restock ? '' : ' (damaged)';
    lines.push(
      `${item.quantity} x ${item.product_name} (${item.unit_type}) = ${formatCurrency(item.amount)}${damaged}`,
    );
  }
  lines.push('');
  const code = saleReturn.mpesa_code ? ` (${saleReturn.mpesa_code})` : '';
  const method =
    saleReturn.refund_method === 'credit'
      ? 'off the credit balance'
      : `${PAYMENT_LABELS[saleReturn.refund_method]}${code}`;
  lines.push(`Refund: ${formatCurrency(saleReturn.amount)} ${method}`);
  lines.push(`Reason: ${saleReturn.reason}`);
  lines.push(...taxAndEtimsLines(saleReturn.tax, saleReturn.etims));
  return lines.join('\n');
}
