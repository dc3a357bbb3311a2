import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';

/** The design-system loader with its words in the current language. */
export function AppPageLoader({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <PageLoader label={t('loading')} className={className} />;
}
