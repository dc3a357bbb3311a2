import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import type { PageTitleKey } from '../page-titles';

/**
 * Pages that later issues build; they are reachable and guarded already. The title is a key
 * of the `pages` catalogue (titles.<key>).
 */
export function ComingSoonPage({ titleKey }: { titleKey: PageTitleKey }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageHeader title={t(`titles.${titleKey}`)} />
      <Card>
        <CardContent className="py-12 text-center text-slate-500 dark:text-slate-400">
          {t('comingSoon')}
        </CardContent>
      </Card>
    </>
  );
}
