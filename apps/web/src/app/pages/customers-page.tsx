import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { CustomersManager } from '@/features/customers/components/customers-manager';
import type { StatementShop } from '@/features/customers/components/statement-view';
import { useReceiptSettings } from '@/features/receipts/api/receipt-settings';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

/**
 * Spec §2 Customers page (/customers): the customers of the acting store, their loyalty and
 * (issue 21) what they owe. A printed statement is headed like the store's receipt.
 */
export function CustomersPage() {
  const { t } = useTranslation(['customers', 'pages']);
  const storeId = useActingStoreId();
  const receipt = useReceiptSettings(storeId);
  // A super_admin's page waits for a chosen store: every call here is store-scoped.
  if (storeId === null) return <AppPageLoader />;
  const shop: StatementShop | undefined = receipt.data && {
    name: receipt.data.business_name,
    lines: [receipt.data.address, receipt.data.phone].filter((line): line is string =>
      Boolean(line),
    ),
  };
  return (
    <>
      <PageHeader title={t('pages:titles.customers')} subtitle={t('subtitle')} />
      <CustomersManager key={storeId} statementShop={shop} />
    </>
  );
}
