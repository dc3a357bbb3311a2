import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ProductImportExport } from '@/features/products/components/product-import-export';
import { ProductsTab } from '@/features/products/components/products-tab';
import { PurchaseOrdersTab } from '@/features/purchase-orders/components/purchase-orders-tab';
import { SuppliersTab } from '@/features/suppliers/components/suppliers-tab';

const TABS = ['products', 'suppliers', 'purchase-orders'] as const;
type InventoryTab = (typeof TABS)[number];

function isTab(value: string | null): value is InventoryTab {
  return TABS.includes(value as InventoryTab);
}

/**
 * Spec §2 Inventory page: three tabs, products first. The open tab is kept in the address
 * (?tab=suppliers) so a refresh, the back button and a shared link land on the same tab. Only
 * the open tab is mounted, so a tab's data is fetched when someone opens it.
 */
export function InventoryPage() {
  const { t } = useTranslation(['inventory', 'pages']);
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
        </TabsList>
        <TabsContent value="products">
          <ProductsTab toolbar={<ProductImportExport />} />
        </TabsContent>
        <TabsContent value="suppliers">
          <SuppliersTab />
        </TabsContent>
        <TabsContent value="purchase-orders">
          <PurchaseOrdersTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
