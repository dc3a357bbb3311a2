import { DEVICE_RECEIPT_NUMBER } from '@duka/shared/sync/sync.schemas';

/**
 * A receipt number typed or scanned at the till (issue 24), read as the receipt prints it: the
 * sale's id, 'Sale ID #1024' (receipts/components/receipt-view.tsx) — with or without the '#'.
 * A number the till gave a sale made offline (T3-0042) names no sale the server can look up by
 * it; it is told apart so the till can say where to find that sale.
 */
export type ReceiptNumber =
  { kind: 'sale'; saleId: number } | { kind: 'device'; number: string } | { kind: 'invalid' };

export function parseReceiptNumber(typed: string): ReceiptNumber {
  const value = typed.trim().toUpperCase();
  if (DEVICE_RECEIPT_NUMBER.test(value)) return { kind: 'device', number: value };
  const match = /^#?\s*(\d{1,12})$/.exec(value);
  if (!match) return { kind: 'invalid' };
  const saleId = Number(match[1]);
  return Number.isSafeInteger(saleId) && saleId > 0 && saleId <= 2_147_483_647
    ? { kind: 'sale', saleId }
    : { kind: 'invalid' };
}
