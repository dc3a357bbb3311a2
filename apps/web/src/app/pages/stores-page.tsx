import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { StoresManager } from '@/features/stores/components/stores-manager';

export function StoresPage() {
  const { t } = useTranslation('stores');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <StoresManager />
    </>
  );
}
