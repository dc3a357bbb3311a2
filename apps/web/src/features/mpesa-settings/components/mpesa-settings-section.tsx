import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useMpesaSettings } from '../api/mpesa-settings';
import { MpesaSettingsForm } from './mpesa-settings-form';

/** Issue 23: the Settings page's M-Pesa section, for the store being acted on. */
export function MpesaSettingsSection({ storeId }: { storeId: number }) {
  const { t } = useTranslation('settings');
  const settings = useMpesaSettings(storeId);
  if (settings.data) return <MpesaSettingsForm storeId={storeId} settings={settings.data} />;
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>{t('mpesa.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {translateMessage(errorMessage(settings.error, t('mpesa.loadFailed')))}
          </p>
        ) : (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            {t('mpesa.loading')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
