import { Shop } from '@/features/shop/components/shop';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

/**
 * Spec §2 Shop (/shop): the shopper's page, which any staff member may open too. A super_admin
 * shops in the store chosen in the navigation bar: every call of the page is store-scoped, so
 * it waits for one.
 */
export function ShopPage() {
  const storeId = useActingStoreId();
  if (storeId === null) return <AppPageLoader />;
  return <Shop key={storeId} />;
}
