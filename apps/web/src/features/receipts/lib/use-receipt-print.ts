import type { RefObject } from 'react';
import { usePaperPrint } from '@/lib/thermal-print';
import type { Paper } from './paper';

/**
 * Print / Save PDF for the receipt in `receiptRef` (spec §2) on the device's thermal paper
 * (lib/thermal-print.ts): titled 'Receipt_{id}', the file name "Save as PDF" proposes. Ctrl+P
 * while the receipt is open prints the same (beforeprint); afterprint puts everything back.
 */
export function useReceiptPrint(
  receiptRef: RefObject<HTMLElement | null>,
  /** The sale's id, or the device's receipt number of a sale kept offline (T3-0042). */
  saleId: number | string,
  paper: Paper,
): () => void {
  return usePaperPrint(receiptRef, `Receipt_${saleId}`, paper);
}
