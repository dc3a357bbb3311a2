import type { StockCount } from '@duka/shared/stock-counts/stock-counts.schemas';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format-date';
import { useCan } from '@/lib/use-can';
import { useStockCounts } from '../api/stock-counts';
import { countFailureMessage } from '../lib/count-errors';
import { scopeText } from '../lib/count-format';
import { signedCurrency } from '../lib/variance';
import { StartCountDialog } from './start-count-dialog';
import { CountsLoading } from './counts-loading';

interface CountsListProps {
  onOpenCount: (countId: number) => void;
}

/**
 * The Counts tab's list (issue 25): the store's counts, newest first — open or finished, what
 * they cover, who started them and when, how far the counting is and the difference's value;
 * the open count (there is at most one) also at the top, to continue. Managers start a count.
 */
export function CountsList({ onOpenCount }: CountsListProps) {
  const { t } = useTranslation('counts');
  const can = useCan();
  const [page, setPage] = useState(1);
  const [starting, setStarting] = useState(false);
  const counts = useStockCounts(page);
  const open = counts.data?.data.find((count) => count.status === 'open');

  const columns: ResponsiveColumn<StockCount>[] = [
    {
      id: 'count',
      header: t('list.count'),
      cell: (count) => (
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {t('list.number', { id: count.id })}
          <Badge variant={count.status === 'open' ? 'warning' : 'secondary'}>
            {t(`status.${count.status}`)}
          </Badge>
        </span>
      ),
      primary: true,
    },
    { id: 'scope', header: t('list.scope'), cell: (count) => scopeText(count) },
    {
      id: 'started',
      header: t('list.started'),
      cell: (count) =>
        t('report.byAt', {
          name: count.started_by?.name ?? t('line.someone'),
          date: formatDate(count.started_at, 'mediumWithTime'),
        }),
    },
    {
      id: 'progress',
      header: t('list.progress'),
      cell: (count) =>
        t('report.ofTotal', { counted: count.lines_counted, total: count.products_in_scope }),
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      id: 'value',
      header: t('list.value'),
      cell: (count) => (
        <span
          className={
            count.total_difference_value < 0
              ? 'whitespace-nowrap text-red-700 dark:text-red-400'
              : 'whitespace-nowrap'
          }
        >
          {signedCurrency(count.total_difference_value)}
        </span>
      ),
      className: 'text-right tabular-nums',
    },
  ];

  const pageCount = counts.data ? Math.ceil(counts.data.total / counts.data.pageSize) : 0;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('list.intro')}</p>
        {can('counts:manage') && (
          <Button type="button" onClick={() => setStarting(true)}>
            <ClipboardList aria-hidden />
            {t('start.open')}
          </Button>
        )}
      </div>
      {open && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="min-w-0 text-sm">
            {t('list.openNow', {
              id: open.id,
              scope: scopeText(open),
              counted: open.lines_counted,
              total: open.products_in_scope,
            })}
          </p>
          <Button type="button" onClick={() => onOpenCount(open.id)}>
            {t('list.continue')}
          </Button>
        </div>
      )}
      {counts.isPending ? (
        <CountsLoading label={t('list.loading')} />
      ) : counts.isError && !counts.data ? (
        <div className="grid justify-items-center gap-3 py-8 text-center" role="alert">
          <p>{countFailureMessage(counts.error, t('list.loadFailed'))}</p>
          <Button variant="outline" onClick={() => void counts.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ResponsiveTable
            rows={counts.data.data}
            columns={columns}
            rowKey={(count) => count.id}
            label={t('list.label')}
            actionsHeader={t('list.actions')}
            empty={
              <p className="py-8 text-center text-slate-600 dark:text-slate-400">
                {t('list.empty')}
              </p>
            }
            actions={(count) => (
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={t(count.status === 'open' ? 'list.continueNamed' : 'list.reportNamed', {
                  id: count.id,
                })}
                onClick={() => onOpenCount(count.id)}
              >
                {t(count.status === 'open' ? 'list.continue' : 'list.report')}
              </Button>
            )}
          />
          {pageCount > 1 && (
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={setPage}
              label={t('list.pages')}
            />
          )}
        </>
      )}
      {can('counts:manage') && (
        <StartCountDialog open={starting} onOpenChange={setStarting} onOpenCount={onOpenCount} />
      )}
    </div>
  );
}
