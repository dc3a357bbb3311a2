import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/page-loader';

/** The spinner every report shows while it loads (spec §2 Reports). */
export function ReportLoading({ className }: { className?: string }) {
  const { t } = useTranslation('reports');
  return <PageLoader label={t('loading')} className={className ?? 'py-10'} />;
}

/** 'Failed to load reports data.' (spec §2 Reports), with a way to try again. */
export function ReportFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('reports');
  return (
    <div role="alert" className="grid justify-items-center gap-3 py-6">
      <p className="text-red-600 dark:text-red-400">{t('loadFailed')}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}
