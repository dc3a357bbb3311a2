import { useCallback, useEffect, type RefObject } from 'react';
import type { Paper } from './paper';
import { finishReceiptPrint, prepareReceiptPrint } from './print-receipt';

/**
 * Print / Save PDF for the receipt in `receiptRef` (spec §2): the returned function prepares
 * the page and opens the browser's print dialog. Ctrl+P while the receipt is open prints the
 * same (beforeprint); afterprint puts everything back.
 */
export function useReceiptPrint(
  receiptRef: RefObject<HTMLElement | null>,
  saleId: number,
  paper: Paper,
): () => void {
  useEffect(() => {
    const handleBeforePrint = () => {
      if (receiptRef.current) prepareReceiptPrint(receiptRef.current, saleId, paper);
    };
    const handleAfterPrint = () => finishReceiptPrint();
    window.addEventListener('beforeprint', handleBeforePrint);
    window.addEventListener('afterprint', handleAfterPrint);
    return () => {
      window.removeEventListener('beforeprint', handleBeforePrint);
      window.removeEventListener('afterprint', handleAfterPrint);
      finishReceiptPrint();
    };
  }, [receiptRef, saleId, paper]);

  return useCallback(() => {
    if (!receiptRef.current) return;
    prepareReceiptPrint(receiptRef.current, saleId, paper);
    window.print();
  }, [receiptRef, saleId, paper]);
}
