import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { translateMessage } from '@/lib/i18n';

/**
 * Pages that later issues build; they are reachable and guarded already. The route table
 * passes the spec's English title, translated here through the `messages` catalogue.
 */
export function ComingSoonPage({ title, subtitle }: { title: string; subtitle?: string }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageHeader title={translateMessage(title)} subtitle={translateMessage(subtitle)} />
      <Card>
        <CardContent className="py-12 text-center text-slate-500 dark:text-slate-400">
          {t('comingSoon')}
        </CardContent>
      </Card>
    </>
  );
}
