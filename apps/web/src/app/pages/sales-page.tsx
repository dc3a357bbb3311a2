import type { Sale } from '@duka/shared/sales/sales.schemas';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { OrdersTab } from '@/features/orders/components/orders-tab';
import { ReceiptDialog } from '@/features/receipts/components/receipt-dialog';
import { ReceiptSettingsButton } from '@/features/receipts/components/receipt-settings-button';
import type { RefundReceiptTarget } from '@/features/receipts/components/refund-receipt-dialog';
import { MpesaTab } from '@/features/sales/components/mpesa-tab';
import { SalesTab } from '@/features/sales/components/sales-tab';
import { loadPageNamespaces } from '@/lib/i18n';
import { useCan } from '@/lib/use-can';
import { useOnline } from '../connection';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

// Issue 24: Return items, with its texts, when a manager first opens it.
const ReturnDialog = lazy(() =>
  Promise.all([
    import('@/features/returns/components/return-dialog'),
    loadPageNamespaces(['returns']),
  ]).then(([module]) => ({ default: module.ReturnDialog })),
);

// Issue 24: a return's refund receipt, with the returns texts, when one is first shown.
const RefundReceiptDialog = lazy(() =>
  Promise.all([
    import('@/features/receipts/components/refund-receipt-dialog'),
    loadPageNamespaces(['returns']),
  ]).then(([module]) => ({ default: module.RefundReceiptDialog })),
);

const TABS = ['sales', 'orders', 'mpesa'] as const;
type SalesPageTab = (typeof TABS)[number];

function isTab(value: string | null): value is SalesPageTab {
  return TABS.includes(value as SalesPageTab);
}

/**
 * Spec §2 Sales and Orders page: 'Sales & Orders', the 'Receipt Settings' button (opening
 * 'Customize Receipt'), and the Sales and Orders tabs; the open tab is in the address
 * (?tab=orders). A sale's receipt — to print it again or resend it by SMS or WhatsApp — opens
 * over its details: features never import each other, so this page joins the sales list to
 * the receipts feature. Issue 23: the managers' M-Pesa tab (?tab=mpesa): the day's received
 * payments, matched or not, and the unverified sales. Issue 24: a manager returns items of a
 * sale from its details (the returns feature), and its refund receipt opens once recorded.
 */
export function SalesPage() {
  const { t } = useTranslation(['sales', 'pages']);
  const [searchParams, setSearchParams] = useSearchParams();
  const storeId = useActingStoreId();
  const [receiptSaleId, setReceiptSaleId] = useState<number | null>(null);
  const [returning, setReturning] = useState<Sale | null>(null);
  // Mounted from the first return on, so it closes (and gives focus back) as a dialog does.
  const [returnLoaded, setReturnLoaded] = useState(false);
  const [refundReceipt, setRefundReceipt] = useState<RefundReceiptTarget | null>(null);
  const [refundLoaded, setRefundLoaded] = useState(false);
  const showRefundReceipt = (target: RefundReceiptTarget) => {
    setRefundLoaded(true);
    setRefundReceipt(target);
  };
  const online = useOnline();
  const can = useCan();
  const showMpesa = can('mpesa:summary');
  const requested = searchParams.get('tab');
  const tab: SalesPageTab =
    isTab(requested) && (requested !== 'mpesa' || showMpesa) ? requested : 'sales';

  const changeTab = (value: string) => {
    if (!isTab(value)) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'sales') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  // A super_admin's page waits for a chosen store: every call here is store-scoped.
  if (storeId === null) return <AppPageLoader />;

  return (
    <>
      <PageHeader
        title={t('pages:titles.sales')}
        actions={<ReceiptSettingsButton storeId={storeId} />}
      />
      <Tabs value={tab} onValueChange={changeTab} className="space-y-4">
        <TabsList aria-label={t('sales:tabs.label')} className="w-full justify-start sm:w-auto">
          <TabsTrigger value="sales">{t('sales:tabs.sales')}</TabsTrigger>
          <TabsTrigger value="orders">{t('sales:tabs.orders')}</TabsTrigger>
          {showMpesa && <TabsTrigger value="mpesa">{t('sales:tabs.mpesa')}</TabsTrigger>}
        </TabsList>
        <TabsContent value="sales">
          <SalesTab
            onViewReceipt={setReceiptSaleId}
            onReturnItems={(sale) => {
              setReturnLoaded(true);
              setReturning(sale);
            }}
            onViewRefundReceipt={(saleId, returnId) => showRefundReceipt({ saleId, returnId })}
          />
        </TabsContent>
        {/* Kept mounted (its page survives a look at the sales); it loads only while open. */}
        <TabsContent value="orders" forceMount className="data-[state=inactive]:hidden">
          <OrdersTab active={tab === 'orders'} />
        </TabsContent>
        {showMpesa && (
          <TabsContent value="mpesa">
            <MpesaTab onViewReceipt={setReceiptSaleId} />
          </TabsContent>
        )}
      </Tabs>
      <ReceiptDialog
        saleId={receiptSaleId}
        storeId={storeId}
        onClose={() => setReceiptSaleId(null)}
      />
      {returnLoaded && (
        <Suspense fallback={null}>
          <ReturnDialog
            sale={returning}
            online={online}
            onOpenChange={(open) => !open && setReturning(null)}
            onReturned={(saleReturn) => {
              setReturning(null);
              showRefundReceipt({ saleId: saleReturn.sale_id, returnId: saleReturn.id });
            }}
          />
        </Suspense>
      )}
      {refundLoaded && (
        <Suspense fallback={null}>
          <RefundReceiptDialog
            target={refundReceipt}
            storeId={storeId}
            onClose={() => setRefundReceipt(null)}
          />
        </Suspense>
      )}
    </>
  );
}
