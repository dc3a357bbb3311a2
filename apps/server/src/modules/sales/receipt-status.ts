import type { ReceiptStatus } from '@duka/shared/sales/receipt-status.schemas';
import type { SaleRow } from './sales.table';

/** A sale's receipt badges and its SMS send's state (issue 21), as every sale answer shows. */
export function receiptStatusOf(sale: SaleRow): ReceiptStatus {
  return {
    sms: sale.receiptSmsAt !== null,
    whatsapp: sale.receiptWhatsappAt !== null,
    sms_state: sale.receiptSmsState,
    sms_error: sale.receiptSmsError,
  };
}
