import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Spec §2: 'Page X of Y' with previous and next. */
export function ProductsPager({
  page,
  pages,
  onPageChange,
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation('pos');
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-center gap-3">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {t('pager.previous')}
      </Button>
      <span aria-live="polite">{t('pager.status', { page, pages })}</span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        {t('pager.next')}
      </Button>
    </nav>
  );
}
