import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ProductImportExport } from '@/features/products/components/product-import-export';
import { SuppliersTab } from '@/features/suppliers/components/suppliers-tab';
import { loadPageNamespaces } from '@/lib/i18n';
import { AppPageLoader } from '../layout/app-page-loader';
import { ProductsTabWithLabels, PurchaseOrdersTabWithLabels } from './inventory-labels';
import { useActingStoreId } from '../use-acting-store-id';

// Issue 25: stock counts, with their words, when the Counts tab is first opened.
const CountsTab = lazy(() =>
  Promise.all([
    import('@/features/stock-counts/components/counts-tab'),
    loadPageNamespaces(['counts']),
  ]).then(([module]) => ({ default: module.CountsTab })),
);

// Issue 25: the Transfers tab, with its words, when someone first opens it.
const TransfersTab = lazy(() =>
  Promise.all([
    import('@/features/stock-transfers/components/transfers-tab'),
    loadPageNamespaces(['transfers']),
  ]).then(([module]) => ({ default: module.TransfersTab })),
);

const TABS = ['products', 'suppliers', 'purchase-orders', 'transfers', 'counts'] as const;
type InventoryTab = (typeof TABS)[number];

function isTab(value: string | null): value is InventoryTab {
  return TABS.includes(value as InventoryTab);
}

/**
 * Spec §2 Inventory page: three tabs, products first. The open tab is kept in the address
 * (?tab=suppliers) so a refresh, the back button and a shared link land on the same tab. Only
 * the open tab is mounted, so a tab's data is fetched when someone opens it. Issue 25: the
 * Transfers tab (stock sent between the chain's stores) and the Counts tab (stock counts), each
 * with its code and words loaded the first time it is opened.
 */
export function InventoryPage() {
  const { t } = useTranslation(['inventory', 'pages']);
  const storeId = useActingStoreId();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: InventoryTab = isTab(requested) ? requested : 'products';

  const changeTab = (value: string) => {
    if (!isTab(value)) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'products') next.delete('tab');
        else next.set('tab', value);
        // The count on screen is the Counts tab's: another tab, then Counts, opens the list.
        next.delete('count');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader title={t('pages:titles.inventory')} />
      <Tabs value={tab} onValueChange={changeTab} className="space-y-4">
        <TabsList
          aria-label={t('inventory:label')}
          className="w-full justify-start overflow-x-auto sm:w-auto"
        >
          <TabsTrigger value="products">{t('inventory:tabs.products')}</TabsTrigger>
          <TabsTrigger value="suppliers">{t('inventory:tabs.suppliers')}</TabsTrigger>
          <TabsTrigger value="purchase-orders">{t('inventory:tabs.purchaseOrders')}</TabsTrigger>
          <TabsTrigger value="transfers">{t('inventory:tabs.transfers')}</TabsTrigger>
          <TabsTrigger value="counts">{t('inventory:tabs.counts')}</TabsTrigger>
        </TabsList>
        <TabsContent value="products">
          <ProductsTabWithLabels toolbar={<ProductImportExport />} />
        </TabsContent>
        <TabsContent value="suppliers">
          <SuppliersTab />
        </TabsContent>
        <TabsContent value="purchase-orders">
          <PurchaseOrdersTabWithLabels />
        </TabsContent>
        <TabsContent value="transfers">
          <Suspense fallback={<AppPageLoader />}>
            <TransfersTab storeId={storeId} />
          </Suspense>
        </TabsContent>
        <TabsContent value="counts">
          <Suspense fallback={<AppPageLoader />}>
            <CountsTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}
