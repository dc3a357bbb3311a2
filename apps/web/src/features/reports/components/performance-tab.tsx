import { formatCurrency } from '@duka/shared/money/money';
import {
  REPORT_SORTS,
  type PerformanceReportRow,
  type ReportSort,
} from '@duka/shared/reports/reports.schemas';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
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
import { csvMoney, downloadCsv, toCsv } from '@/lib/csv';
import { usePeriodLabel } from '../lib/report-period';
import { ReportFailed, ReportLoading } from './report-status';

interface PerformanceTabProps {
  /** The page's applied range (both days, or none). */
  range: ReportRange;
}

/**
 * Spec §2 Reports, Product Performance: total revenue and profit, Sort By, the table and its
 * CSV, over the range chosen at the top of the page (issue 20), which it names. PRODUCT.md §4:
 * the filter and the sort work.
 */
export function PerformanceTab({ range }: PerformanceTabProps) {
  const { t } = useTranslation('reports');
  const period = usePeriodLabel(range);
  const [sort, setSort] = useState<ReportSort>('revenue');
  const [page, setPage] = useState(1);
  const [pageRange, setPageRange] = useState(range);
  // A new range starts at its first page.
  if (pageRange !== range) {
    setPageRange(range);
    setPage(1);
  }
  const report = usePerformanceReport({ ...range, sort, page });

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
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="report-period">
          {period}
        </p>
        <div className="grid gap-1">
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
