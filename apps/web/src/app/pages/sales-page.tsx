import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { OrdersTab } from '@/features/orders/components/orders-tab';
import { ReceiptDialog } from '@/features/receipts/components/receipt-dialog';
import { ReceiptSettingsButton } from '@/features/receipts/components/receipt-settings-button';
import { SalesTab } from '@/features/sales/components/sales-tab';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

const TABS = ['sales', 'orders'] as const;
type SalesPageTab = (typeof TABS)[number];

function isTab(value: string | null): value is SalesPageTab {
  return TABS.includes(value as SalesPageTab);
}

/**
 * Spec §2 Sales and Orders page: 'Sales & Orders', the 'Receipt Settings' button (opening
 * 'Customize Receipt'), and the Sales and Orders tabs; the open tab is in the address
 * (?tab=orders). A sale's receipt — to print it again or resend it by SMS or WhatsApp — opens
 * over its details: features never import each other, so this page joins the sales list to
 * the receipts feature.
 */
export function SalesPage() {
  const { t } = useTranslation(['sales', 'pages']);
  const [searchParams, setSearchParams] = useSearchParams();
  const storeId = useActingStoreId();
  const [receiptSaleId, setReceiptSaleId] = useState<number | null>(null);
  const requested = searchParams.get('tab');
  const tab: SalesPageTab = isTab(requested) ? requested : 'sales';

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
        </TabsList>
        <TabsContent value="sales">
          <SalesTab onViewReceipt={setReceiptSaleId} />
        </TabsContent>
        {/* Kept mounted (its page survives a look at the sales); it loads only while open. */}
        <TabsContent value="orders" forceMount className="data-[state=inactive]:hidden">
          <OrdersTab active={tab === 'orders'} />
        </TabsContent>
      </Tabs>
      <ReceiptDialog
        saleId={receiptSaleId}
        storeId={storeId}
        onClose={() => setReceiptSaleId(null)}
      />
    </>
  );
}
