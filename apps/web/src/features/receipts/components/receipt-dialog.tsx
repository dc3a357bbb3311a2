/** Replaced by the receipts feature work (issue 7). */
export function ReceiptDialog(_props: { saleId: number | null; onClose: () => void }) {
  return null;
}
