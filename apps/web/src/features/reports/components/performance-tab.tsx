import { formatCurrency } from '@duka/shared/money/money';
import {
  REPORT_SORTS,
  type PerformanceReportRow,
  type ReportSort,
} from '@duka/shared/reports/reports.schemas';
import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import {
  ResponsiveTable,
  WIDE_TABLE_MEDIA_QUERY,
  type ResponsiveColumn,
} from '@/components/ui/responsive-table';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format-date';
import {
  fetchEveryPerformanceRow,
  REPORT_PAGE_SIZE,
  usePerformanceReport,
  type ReportRange,
} from '../api/reports-api';
import { csvMoney, downloadCsv, toCsv } from '../lib/csv';
import { ReportFailed, ReportLoading } from './report-status';

interface PerformanceTabProps {
  /** The applied range (both days, or none). */
  range: ReportRange;
  /** Filter: called with both days, or with none when the filter is cleared. */
  onRangeChange: (range: ReportRange) => void;
}

/**
 * Spec §2 Reports, Product Performance: total revenue and profit, start and end dates with a
 * Filter button, Sort By, the table and its CSV. PRODUCT.md §4: the filter and the sort work;
 * the filter applies only when both dates are set (one alone shows every date).
 */
export function PerformanceTab({ range, onRangeChange }: PerformanceTabProps) {
  const { t } = useTranslation('reports');
  const [start, setStart] = useState(range.start ?? '');
  const [end, setEnd] = useState(range.end ?? '');
  const [sort, setSort] = useState<ReportSort>('revenue');
  const [page, setPage] = useState(1);
  const report = usePerformanceReport({ ...range, sort, page });
  const endBeforeStart = start !== '' && end !== '' && end < start;
  const oneDateOnly = (start === '') !== (end === '');

  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    if (endBeforeStart) return;
    setPage(1);
    onRangeChange(start && end ? { start, end } : {});
  };

  const columns: ResponsiveColumn<PerformanceReportRow>[] = [
    { id: 'name', header: t('fields.product'), cell: (row) => row.productName, primary: true },
    { id: 'sku', header: t('fields.productCode'), cell: (row) => row.productSku },
    {
      id: 'quantity',
      header: t('fields.quantitySold'),
      cell: (row) => row.quantity,
      className: 'text-right tabular-nums',
    },
    {
      id: 'revenue',
      header: t('fields.revenue'),
      cell: (row) => formatCurrency(row.revenue),
      className: 'text-right tabular-nums',
    },
    {
      id: 'profit',
      header: t('fields.profit'),
      cell: (row) => formatCurrency(row.profit),
      className: 'text-right tabular-nums',
    },
    {
      id: 'avgPrice',
      header: t('fields.avgPrice'),
      cell: (row) => formatCurrency(row.averagePrice),
      className: 'text-right tabular-nums',
    },
    {
      id: 'lastSold',
      header: t('fields.lastSold'),
      cell: (row) => (row.lastSold ? formatDate(row.lastSold, 'mediumWithTime') : t('never')),
    },
  ];

  const download = (rows: readonly PerformanceReportRow[]) =>
    downloadCsv(
      'product-performance.csv',
      toCsv(
        columns.map((column) => column.header),
        rows.map((row) => [
          row.productName,
          row.productSku,
          row.quantity,
          csvMoney(row.revenue),
          csvMoney(row.profit),
          csvMoney(row.averagePrice),
          row.lastSold ?? t('never'),
        ]),
      ),
    );

  const downloadAll = async () => {
    try {
      download(await fetchEveryPerformanceRow(range, sort));
    } catch (error) {
      toastFailure(error, t('loadFailed'));
    }
  };

  const data = report.data;
  const pageCount = data ? Math.ceil(data.summary.productCount / REPORT_PAGE_SIZE) : 0;

  return (
    <div className="grid gap-4">
      <form onSubmit={applyFilter} className="grid gap-2" noValidate>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="reports-start">{t('performance.start')}</Label>
            <Input
              id="reports-start"
              type="date"
              className="min-w-0 sm:w-44"
              value={start}
              onChange={(event) => setStart(event.target.value)}
            />
          </div>
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="reports-end">{t('performance.end')}</Label>
            <Input
              id="reports-end"
              type="date"
              className="min-w-0 sm:w-44"
              value={end}
              aria-invalid={endBeforeStart}
              aria-describedby="reports-end-error"
              onChange={(event) => setEnd(event.target.value)}
            />
          </div>
          <Button type="submit" className="col-span-2 sm:col-span-1">
            {t('performance.filter')}
          </Button>
          <div className="col-span-2 grid gap-1 sm:col-span-1">
            <Label htmlFor="reports-sort">{t('performance.sortBy')}</Label>
            <NativeSelect
              id="reports-sort"
              className="sm:w-44"
              value={sort}
              onChange={(event) => {
                setSort(event.target.value as ReportSort);
                setPage(1);
              }}
            >
              {REPORT_SORTS.map((key) => (
                <option key={key} value={key}>
                  {t(`performance.sort.${key}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <FieldError id="reports-end-error">
          {endBeforeStart ? t('performance.endBeforeStart') : undefined}
        </FieldError>
        {oneDateOnly && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('performance.bothDates')}</p>
        )}
      </form>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <dl className="flex flex-wrap gap-6">
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">
              {t('performance.totalRevenue')}
            </dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="total-revenue">
              {data ? formatCurrency(data.summary.totalRevenue) : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">
              {t('performance.totalProfit')}
            </dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="total-profit">
              {data ? formatCurrency(data.summary.totalProfit) : '—'}
            </dd>
          </div>
        </dl>
        <Button
          variant="outline"
          disabled={!data || data.products.length === 0}
          aria-label={t('csv.performanceLabel')}
          onClick={() => void downloadAll()}
        >
          <Download aria-hidden />
          {t('csv.download')}
        </Button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('performance.avgNote')}</p>
      {report.isPending ? (
        <ReportLoading />
      ) : report.isError ? (
        <ReportFailed onRetry={() => void report.refetch()} />
      ) : (
        <div className="grid gap-4" aria-busy={report.isFetching}>
          <ResponsiveTable
            rows={report.data.products}
            columns={columns}
            rowKey={(row) => row.productId}
            label={t('performance.tableLabel')}
            wideQuery={WIDE_TABLE_MEDIA_QUERY}
            empty={
              <p className="py-6 text-center text-slate-600 dark:text-slate-400">
                {t('performance.empty')}
              </p>
            }
          />
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label={t('performance.pages')}
          />
        </div>
      )}
    </div>
  );
}
