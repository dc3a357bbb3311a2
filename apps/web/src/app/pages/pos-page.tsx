import type { Customer } from '@duka/shared/customers/customers.schemas';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Till } from '@/features/pos/components/till';
import { focusTillSearch } from '@/features/pos/lib/till-focus';
import { ReceiptSettingsButton } from '@/features/receipts/components/receipt-settings-button';
import { loadPageNamespaces } from '@/lib/i18n';
import { useCan } from '@/lib/use-can';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

// The receipt's code comes with the first receipt shown, not with the till (its budget).
const ReceiptDialog = lazy(() =>
  import('@/features/receipts/components/receipt-dialog').then((module) => ({
    default: module.ReceiptDialog,
  })),
);

// Issue 21: the customers' repayment dialog, with its texts, when a cashier first records one.
const RepaymentDialog = lazy(() =>
  Promise.all([
    import('@/features/customers/components/repayment-dialog'),
    loadPageNamespaces(['customers']),
  ]).then(([module]) => ({ default: module.RepaymentDialog })),
);

/**
 * Spec §2 Point of Sale: the till, and the receipt of a sale over it. The receipt's sale is in
 * the address (?receipt=ID): a completed checkout opens it, a refresh keeps it open, and a
 * receipt can be shown again later by its link. A customer who owes can repay from the till's
 * customer selector (issue 21: the customers' repayment dialog). Features never import each
 * other; this page composes them.
 */
export function PosPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const storeId = useActingStoreId();
  const receipt = Number(searchParams.get('receipt'));
  const receiptSaleId = Number.isInteger(receipt) && receipt > 0 ? receipt : null;
  // Once shown, the dialog stays mounted, so it closes (and gives focus back) as before.
  const [receiptLoaded, setReceiptLoaded] = useState(false);
  if (receiptSaleId !== null && !receiptLoaded) setReceiptLoaded(true);
  const can = useCan();
  const [repaying, setRepaying] = useState<Customer | null>(null);
  // Mounted from the first repayment on, so it closes (and gives focus back) as a dialog does.
  const [repaymentLoaded, setRepaymentLoaded] = useState(false);
  const recordRepayment = (customer: Customer) => {
    setRepaymentLoaded(true);
    setRepaying(customer);
  };

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
      <Till
        onSaleCompleted={(saleId) => showReceipt(saleId)}
        onRecordRepayment={can('customers:repay') ? recordRepayment : undefined}
      />
      {receiptLoaded && (
        <Suspense fallback={null}>
          <ReceiptDialog
            saleId={receiptSaleId}
            storeId={storeId}
            onClose={() => showReceipt(null)}
            onCloseAutoFocus={focusTillSearch}
          />
        </Suspense>
      )}
      {repaymentLoaded && (
        <Suspense fallback={null}>
          <RepaymentDialog
            customer={repaying}
            onOpenChange={(open) => !open && setRepaying(null)}
            onCloseAutoFocus={focusTillSearch}
          />
        </Suspense>
      )}
    </>
  );
}
