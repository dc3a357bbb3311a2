import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useReceiptSettings } from '@/features/receipts/api/receipt-settings';
import { ShiftsManager } from '@/features/shifts/components/shifts-manager';
import { AppPageLoader } from '../layout/app-page-loader';
import { useOnline } from '../connection';
import { useActingStoreId } from '../use-acting-store-id';

/**
 * Issue 24: Shifts (managers) — every shift of the store with its over/short, a shift's report
 * and cash movements, Close shift on one a cashier forgot, and the end of day by cashier. The
 * printed reports carry the receipt's business name.
 */
export function ShiftsPage() {
  const { t } = useTranslation('shifts');
  const storeId = useActingStoreId();
  const online = useOnline();
  const shopName = useReceiptSettings(storeId).data?.business_name ?? '';
  // A super_admin's page waits for a chosen store: every call here is store-scoped.
  if (storeId === null) return <AppPageLoader />;
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <ShiftsManager key={storeId} shopName={shopName} online={online} />
    </>
  );
}
