import { useSearchParams } from 'react-router';
import { Till } from '@/features/pos/components/till';
import { focusTillSearch } from '@/features/pos/lib/till-focus';
import { ReceiptDialog } from '@/features/receipts/components/receipt-dialog';
import { ReceiptSettingsButton } from '@/features/receipts/components/receipt-settings-button';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

/**
 * Spec §2 Point of Sale: the till, and the receipt of a sale over it. The receipt's sale is in
 * the address (?receipt=ID): a completed checkout opens it, a refresh keeps it open, and a
 * receipt can be shown again later by its link. Features never import each other; this page
 * composes them.
 */
export function PosPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const storeId = useActingStoreId();
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

  // A super_admin's till waits for a chosen store: every call of the till is store-scoped.
  if (storeId === null) return <AppPageLoader />;

  return (
    <>
      <ReceiptSettingsButton storeId={storeId} className="mb-3 ml-auto flex w-fit" />
      <Till onSaleCompleted={(saleId) => showReceipt(saleId)} />
      <ReceiptDialog
        saleId={receiptSaleId}
        storeId={storeId}
        onClose={() => showReceipt(null)}
        onCloseAutoFocus={focusTillSearch}
      />
    </>
  );
}
