import { lazy, Suspense, useState } from 'react';
import type { RefundReceiptTarget } from '@/features/receipts/components/refund-receipt-dialog';
import { focusTillSearch } from '@/features/pos/lib/till-focus';
import { TillReturnButton } from '@/features/returns/components/till-return-button';
import { loadPageNamespaces } from '@/lib/i18n';

// The receipt-number prompt and Return items, then the refund receipt: when first opened.
const TillReturn = lazy(() =>
  import('@/features/returns/components/till-return').then((module) => ({
    default: module.TillReturn,
  })),
);
const RefundReceiptDialog = lazy(() =>
  import('@/features/receipts/components/refund-receipt-dialog').then((module) => ({
    default: module.RefundReceiptDialog,
  })),
);

/** Loads with the returns texts, which the button, the flow and the refund receipt all use. */
export async function loadTillReturns() {
  const [module] = await Promise.all([import('./till-returns'), loadPageNamespaces(['returns'])]);
  return { default: module.TillReturns };
}

/**
 * Return at the till (issue 24), for managers: the Return button in the till's header, the
 * return by receipt number (features/returns) and then the refund receipt (features/receipts),
 * composed here as features never import each other. The till's page loads this just after the
 * till, so none of it counts against the till's budget.
 */
export function TillReturns({ online, storeId }: { online: boolean; storeId: number }) {
  const [returning, setReturning] = useState(false);
  // Mounted from the first opening on, so each closes (and gives focus back) as a dialog does.
  const [returnLoaded, setReturnLoaded] = useState(false);
  const [refundReceipt, setRefundReceipt] = useState<RefundReceiptTarget | null>(null);
  const [refundLoaded, setRefundLoaded] = useState(false);

  return (
    <>
      <TillReturnButton
        online={online}
        onOpen={() => {
          setReturnLoaded(true);
          setReturning(true);
        }}
      />
      {returnLoaded && (
        <Suspense fallback={null}>
          <TillReturn
            open={returning}
            onOpenChange={setReturning}
            online={online}
            onReturned={(saleReturn) => {
              setRefundLoaded(true);
              setRefundReceipt({ saleId: saleReturn.sale_id, returnId: saleReturn.id });
            }}
            onCloseAutoFocus={focusTillSearch}
          />
        </Suspense>
      )}
      {refundLoaded && (
        <Suspense fallback={null}>
          <RefundReceiptDialog
            target={refundReceipt}
            storeId={storeId}
            onClose={() => setRefundReceipt(null)}
            onCloseAutoFocus={focusTillSearch}
          />
        </Suspense>
      )}
    </>
  );
}
