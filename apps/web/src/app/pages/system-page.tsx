import { useTranslation } from 'react-i18next';
// Bundling (issue 27, docs/performance.md): every other page that queries also imports the
// store list, so useQuery shares that chunk of the pages' frame; this page, the one without a
// store in it, would split useQuery into a chunk of its own (+0.3 kB on /shop, at its budget).
import '@/features/stores/api/get-stores';
import { PageHeader } from '@/components/ui/page-header';
import { SystemBackupsView } from '@/features/system/components/system-backups-view';

/** Issue 27: the install's backups (super_admin and admin, `system:read`). */
export function SystemPage() {
  const { t } = useTranslation('system');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <SystemBackupsView />
    </>
  );
}
