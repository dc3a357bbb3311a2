/**
 * What every receipt sent as text shares (PRODUCT.md §4): the store's header from its receipt
 * settings, the date in Africa/Nairobi, and the names of the payment methods. A sale's receipt
 * (modules/sales/receipt-text.ts) and a refund's (modules/returns, issue 24) use them.
 */
import type { EtimsState } from '@duka/shared/etims/etims.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import { TAX_TYPE_NAMES, type TaxLine } from '@duka/shared/tax/tax';

export const receiptDateFormat = new Intl.DateTimeFormat('en-KE', {
  timeZone: 'Africa/Nairobi',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * The store's name, address, phone and KRA PIN, a line each: the PIN of its eTIMS registration
 * when it has one (issue 26: the PIN its invoices are issued under), else the receipt settings'.
 */
export function receiptHeader(settings: ReceiptSettings, storeKraPin?: string | null): string[] {
  const lines: string[] = [settings.business_name];
  if (settings.address) lines.push(settings.address);
  if (settings.phone) lines.push(`Tel: ${settings.phone}`);
  const pin = storeKraPin || settings.kra_pin;
  if (pin) lines.push(`KRA PIN: ${pin}`);
  return lines;
}

/**
 * Issue 26: the VAT per tax letter ("B-VAT 16%: taxable KSh 100.00, VAT KSh 16.00"), the total
 * VAT, and the invoice's eTIMS state — the control-unit invoice number and KRA's page for it
 * (the printed receipt's QR code, as a link a phone opens) once signed, "eTIMS: pending" before.
 */
export function taxAndEtimsLines(tax: readonly TaxLine[], etims: EtimsState): string[] {
  const lines = tax.map(
    (row) =>
      `${TAX_TYPE_NAMES[row.tax_type]}: taxable ${formatCurrency(row.taxable_amount)}, VAT ${formatCurrency(row.tax_amount)}`,
  );
  if (tax.length > 0) {
    const vat = tax.reduce((sum, row) => sum + Math.round(row.tax_amount * 100), 0) / 100;
    lines.push(`Total VAT: ${formatCurrency(vat)}`);
  }
  if (etims.status === 'sent') {
    lines.push(`CU Invoice No: ${etims.invoice_number ?? ''}`);
    if (etims.qr_url) lines.push(`Verify with KRA: ${etims.qr_url}`);
  } else if (etims.status === 'pending') {
    lines.push('eTIMS: pending');
  }
  return lines;
}

export const PAYMENT_LABELS = { cash: 'Cash', mpesa: 'M-Pesa', credit: 'Credit' } as const;
