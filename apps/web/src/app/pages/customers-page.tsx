import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { CustomersManager } from '@/features/customers/components/customers-manager';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

/** Spec §2 Customers page (/customers): the customers of the acting store and their loyalty. */
export function CustomersPage() {
  const { t } = useTranslation(['customers', 'pages']);
  const storeId = useActingStoreId();
  // A super_admin's page waits for a chosen store: every call here is store-scoped.
  if (storeId === null) return <AppPageLoader />;
  return (
    <>
      <PageHeader title={t('pages:titles.customers')} subtitle={t('subtitle')} />
      <CustomersManager key={storeId} />
    </>
  );
}
