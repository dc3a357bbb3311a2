import type { Customer } from '@duka/shared/customers/customers.schemas';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { Till } from '@/features/pos/components/till';
import type { TillOutbox } from '@/features/pos/lib/offline-checkout';
import { focusTillSearch } from '@/features/pos/lib/till-focus';
import { ReceiptSettingsButton } from '@/features/receipts/components/receipt-settings-button';
import { useReceiptSettings } from '@/features/receipts/api/receipt-settings';
import type { ShiftAction } from '@/features/shifts/lib/shift-action';
import { loadPageNamespaces } from '@/lib/i18n';
import { useCan } from '@/lib/use-can';
import { AppPageLoader } from '../layout/app-page-loader';
import { useOnline } from '../connection';
import { useActingStoreId } from '../use-acting-store-id';

// The receipt's code comes with the first receipt shown, not with the till (its budget).
const ReceiptDialog = lazy(() =>
  import('@/features/receipts/components/receipt-dialog').then((module) => ({
    default: module.ReceiptDialog,
  })),
);

// Issue 24: the shift bar, with its words, comes just after the till: the till's budget keeps
// the whole shifts feature out (its dialogs load later still, when one opens).
const ShiftBar = lazy(() =>
  Promise.all([
    import('@/features/shifts/components/shift-bar'),
    loadPageNamespaces(['shifts']),
  ]).then(([module]) => ({ default: module.ShiftBar })),
);

// Issue 24: a manager's Return (its button, the return by receipt number, the refund receipt)
// comes just after the till, with its words: none of it is in the till's budget.
const TillReturns = lazy(() => import('./till-returns').then((module) => module.loadTillReturns()));

// Issue 21: the customers' repayment dialog, with its texts, when a cashier first records one.
const RepaymentDialog = lazy(() =>
  Promise.all([
    import('@/features/customers/components/repayment-dialog'),
    loadPageNamespaces(['customers']),
  ]).then(([module]) => ({ default: module.RepaymentDialog })),
);

// Issue 22: the device's outbox (IndexedDB and all) loads with the till, never up front.
const loadTillOutbox = () => import('./till-outbox');
const LocalReceiptDialog = lazy(() =>
  import('./local-receipt-dialog').then((module) => ({ default: module.LocalReceiptDialog })),
);

/**
 * Spec §2 Point of Sale: the till, and the receipt of a sale over it. The receipt's sale is in
 * the address (?receipt=ID): a completed checkout opens it, a refresh keeps it open, and a
 * receipt can be shown again later by its link. A customer who owes can repay from the till's
 * customer selector (issue 21: the customers' repayment dialog). Issue 22: a sale made with no
 * connection is kept in the device's outbox (features/offline), and its local receipt opens
 * (?local=its client_sale_id). Issue 24: the cashier's shift bar (features/shifts) above the
 * till; the checkout asks for Open shift when the store requires one; a manager's Return
 * (./till-returns.tsx). Features never import each other; this page composes them.
 */
export function PosPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const storeId = useActingStoreId();
  const receipt = Number(searchParams.get('receipt'));
  const receiptSaleId = Number.isInteger(receipt) && receipt > 0 ? receipt : null;
  const localSaleId = searchParams.get('local');
  // Once shown, the local receipt stays mounted too, so it closes as a dialog does.
  const [localLoaded, setLocalLoaded] = useState(false);
  if (localSaleId !== null && !localLoaded) setLocalLoaded(true);
  const user = useAuthStore((state) => state.user);
  const userId = user?.id ?? null;
  const userName = user?.name ?? '';
  const outbox = useMemo<TillOutbox | undefined>(() => {
    if (userId === null || storeId === null) return undefined;
    return {
      keep: async (checkout) =>
        (await loadTillOutbox()).keepTillSale(checkout, { id: userId, name: userName }, storeId),
    };
  }, [userId, userName, storeId]);
  // Loaded while the connection is there, so the till can keep a sale when it goes.
  useEffect(() => {
    if (outbox) void loadTillOutbox().catch(() => undefined);
  }, [outbox]);
  // Once shown, the dialog stays mounted, so it closes (and gives focus back) as before.
  const [receiptLoaded, setReceiptLoaded] = useState(false);
  if (receiptSaleId !== null && !receiptLoaded) setReceiptLoaded(true);
  const can = useCan();
  const online = useOnline();
  // Issue 24: the shift dialog open (the bar's own, or Open shift asked for by the checkout).
  const [shiftAction, setShiftAction] = useState<ShiftAction | null>(null);
  // The X and Z reports are headed by the receipt's business name, read once a report may show.
  const shopName = useReceiptSettings(shiftAction !== null ? storeId : null).data?.business_name;
  const [repaying, setRepaying] = useState<Customer | null>(null);
  // Mounted from the first repayment on, so it closes (and gives focus back) as a dialog does.
  const [repaymentLoaded, setRepaymentLoaded] = useState(false);
  const recordRepayment = (customer: Customer) => {
    setRepaymentLoaded(true);
    setRepaying(customer);
  };

  const showReceipt = (saleId: number | null, local: string | null = null) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('receipt');
        next.delete('local');
        if (saleId !== null) next.set('receipt', String(saleId));
        if (local !== null) next.set('local', local);
        return next;
      },
      { replace: saleId === null && local === null },
    );
  };

  // A super_admin's till waits for a chosen store: every call of the till is store-scoped.
  if (storeId === null) return <AppPageLoader />;

  return (
    <>
      {/* As tall as the bar's buttons from the start: the bar (or Return) arriving moves nothing. */}
      <div className="mb-3 flex min-h-10 flex-wrap items-center justify-end gap-3">
        <Suspense fallback={null}>
          <ShiftBar
            storeId={storeId}
            shopName={shopName ?? ''}
            online={online}
            action={shiftAction}
            onActionChange={setShiftAction}
            onCloseAutoFocus={focusTillSearch}
          />
        </Suspense>
        {can('returns:create') && (
          <Suspense fallback={null}>
            <TillReturns online={online} storeId={storeId} />
          </Suspense>
        )}
        <ReceiptSettingsButton storeId={storeId} className="flex w-fit" />
      </div>
      <Till
        onOpenShift={() => setShiftAction('open')}
        onSaleCompleted={(saleId) => showReceipt(saleId)}
        outbox={outbox}
        onSaleKept={(clientSaleId) => showReceipt(null, clientSaleId)}
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
      {localLoaded && (
        <Suspense fallback={null}>
          <LocalReceiptDialog
            clientSaleId={localSaleId}
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
