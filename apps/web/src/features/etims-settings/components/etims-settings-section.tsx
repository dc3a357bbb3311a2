import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useEtimsSettings } from '../api/etims-settings';
import { EtimsSettingsForm } from './etims-settings-form';

/** Issue 26: the Settings page's eTIMS section, for the store being acted on. */
export function EtimsSettingsSection({ storeId }: { storeId: number }) {
  const { t } = useTranslation('settings');
  const settings = useEtimsSettings(storeId);
  if (settings.data) return <EtimsSettingsForm storeId={storeId} settings={settings.data} />;
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>{t('etims.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {translateMessage(errorMessage(settings.error, t('etims.loadFailed')))}
          </p>
        ) : (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            {t('etims.loading')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
