import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/**
 * Shown in place of a page that failed — most often its code could not be fetched on a dropped
 * connection. Loaded with the app (not lazily), since it must work when loading does not.
 * Retry loads the page again.
 */
export function RouteError() {
  const { t } = useTranslation('pages');
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
          <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
          <p role="alert" className="text-slate-600 dark:text-slate-400">
            {t('routeError.description')}
          </p>
          <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
        </CardContent>
      </Card>
    </main>
  );
}
