import { useSearchParams } from 'react-router';
import { Till } from '@/features/pos/components/till';
import { ReceiptDialog } from '@/features/receipts/components/receipt-dialog';

/**
 * Spec §2 Point of Sale: the till, and the receipt of a sale over it. The receipt's sale is in
 * the address (?receipt=ID): a completed checkout opens it, a refresh keeps it open, and a
 * receipt can be shown again later by its link. Features never import each other; this page
 * composes them.
 */
export function PosPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const receipt = Number(searchParams.get('receipt'));
  const receiptSaleId = Number.isInteger(receipt) && receipt > 0 ? receipt : null;

  const showReceipt = (saleId: number | null) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (saleId === null) next.delete('receipt');
        else next.set('receipt', String(saleId));
        return next;
      },
      { replace: saleId === null },
    );
  };

  return (
    <>
      <Till onSaleCompleted={(saleId) => showReceipt(saleId)} />
      <ReceiptDialog saleId={receiptSaleId} onClose={() => showReceipt(null)} />
    </>
  );
}
