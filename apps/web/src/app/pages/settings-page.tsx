import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { EtimsSettingsSection } from '@/features/etims-settings/components/etims-settings-section';
import { MpesaSettingsSection } from '@/features/mpesa-settings/components/mpesa-settings-section';
import { StoreSettingsForm } from '@/features/store-settings/components/store-settings-form';
import { useStoreSettings } from '@/features/store-settings/api/store-settings';
import { useCan } from '@/lib/use-can';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

/**
 * Issue 20: a store's own rules, for its admin and managers (a super_admin's chosen store).
 * Issue 23: below them, the store's M-Pesa (Daraja) settings; issue 26: its KRA eTIMS device.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const can = useCan();
  const storeId = useActingStoreId();
  const settings = useStoreSettings(storeId);
  if (storeId === null || settings.isPending) return <AppPageLoader />;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="grid gap-6">
        {settings.data ? (
          <StoreSettingsForm key={storeId} storeId={storeId} settings={settings.data} />
        ) : (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('loadFailed')}
          </p>
        )}
        {can('mpesa:settings') && <MpesaSettingsSection key={storeId} storeId={storeId} />}
        {can('etims:settings') && <EtimsSettingsSection key={storeId} storeId={storeId} />}
      </div>
    </>
  );
}
