import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/use-can';
import { useSales } from '../api/get-sales';

/**
 * Issue 22: tells a manager, on every view of the sales but the Needs review one, how many
 * sales wait for their check, with the way to that list. The first page of that list is the
 * same query the view asks, so opening it shows at once.
 */
export function ReviewNotice({ onShow }: { onShow: () => void }) {
  const { t } = useTranslation('sales');
  const can = useCan();
  const allowed = can('sales:review');
  const flagged = useSales({ page: 1, needs_review: true }, allowed);
  const count = flagged.data?.total ?? 0;
  if (!allowed || count === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <span className="flex items-center gap-2">
        <TriangleAlertIcon aria-hidden className="size-4 shrink-0" />
        {t('review.notice', { count })}
      </span>
      <Button variant="outline" size="sm" onClick={onShow}>
        {t('review.show')}
      </Button>
    </div>
  );
}
