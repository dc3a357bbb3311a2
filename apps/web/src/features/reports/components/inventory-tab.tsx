import { formatCurrency } from '@duka/shared/money/money';
import type { InventoryReportRow } from '@duka/shared/reports/reports.schemas';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { cn } from '@/lib/cn';
import { formatStock } from '@/lib/format-stock';
import { toastFailure } from '@/lib/failure-toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { fetchEveryInventoryRow, REPORT_PAGE_SIZE, useInventoryReport } from '../api/reports-api';
import { csvMoney, downloadCsv, toCsv } from '@/lib/csv';
import { ReportFailed, ReportLoading } from './report-status';

const STATUS_CLASS: Record<InventoryReportRow['status'], string> = {
  'Out of Stock': 'text-red-700 dark:text-red-400',
  'Low Stock': 'text-amber-700 dark:text-amber-400',
  'In Stock': 'text-emerald-700 dark:text-emerald-400',
};

/**
 * Spec §2 Reports, Inventory Status: product count, total value, a search box (PRODUCT.md §4:
 * it works — name or code, after the spec's 300 ms pause), the table and its CSV.
 */
export function InventoryTab() {
  const { t } = useTranslation('reports');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [pageQ, setPageQ] = useState(q);
  // A new search starts at its first page.
  if (pageQ !== q) {
    setPageQ(q);
    setPage(1);
  }
  const report = useInventoryReport({ q, page });

  const columns: ResponsiveColumn<InventoryReportRow>[] = [
    { id: 'name', header: t('fields.product'), cell: (row) => row.name, primary: true },
    { id: 'sku', header: t('fields.productCode'), cell: (row) => row.sku },
    {
      id: 'price',
      header: t('fields.price'),
      cell: (row) => formatCurrency(row.price),
      className: 'text-right tabular-nums',
    },
    {
      id: 'quantity',
      header: t('fields.quantity'),
      // On the shelf as a person counts it: '3 dozen 11 pcs' (issue 20).
      cell: (row) =>
        formatStock({
          stock_pieces: row.quantity,
          stock_unit: row.stockUnit,
          pack_size: row.packSize,
        }),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    {
      id: 'status',
      header: t('fields.status'),
      cell: (row) => (
        <span className={cn('font-medium', STATUS_CLASS[row.status])}>
          {t(`status.${row.status}`)}
        </span>
      ),
    },
    {
      id: 'value',
      header: t('fields.value'),
      cell: (row) => formatCurrency(row.value),
      className: 'text-right tabular-nums',
    },
  ];

  const download = (rows: readonly InventoryReportRow[]) =>
    downloadCsv(
      'inventory-status.csv',
      toCsv(
        columns.map((column) => column.header),
        rows.map((row) => [
          row.name,
          row.sku,
          csvMoney(row.price),
          row.quantity,
          t(`status.${row.status}`),
          csvMoney(row.value),
        ]),
      ),
    );

  const downloadAll = async () => {
    try {
      download(await fetchEveryInventoryRow(q));
    } catch (error) {
      toastFailure(error, t('loadFailed'));
    }
  };

  const data = report.data;
  const pageCount = data ? Math.ceil(data.summary.productCount / REPORT_PAGE_SIZE) : 0;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <dl className="flex flex-wrap gap-6">
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">
              {t('inventory.productCount')}
            </dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="inventory-count">
              {data?.summary.productCount ?? '—'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">
              {t('inventory.totalValue')}
            </dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="inventory-value">
              {data ? formatCurrency(data.summary.totalValue) : '—'}
            </dd>
          </div>
        </dl>
        <Button
          variant="outline"
          disabled={!data || data.products.length === 0}
          aria-label={t('csv.inventoryLabel')}
          onClick={() => void downloadAll()}
        >
          <Download aria-hidden />
          {t('csv.download')}
        </Button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('inventory.valueNote')}</p>
      <Input
        type="search"
        value={search}
        placeholder={t('inventory.search')}
        aria-label={t('inventory.searchLabel')}
        className="sm:max-w-sm"
        onChange={(event) => setSearch(event.target.value)}
      />
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
            label={t('inventory.tableLabel')}
            empty={
              <p className="py-6 text-center text-slate-600 dark:text-slate-400">
                {t('inventory.empty')}
              </p>
            }
          />
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label={t('inventory.pages')}
          />
        </div>
      )}
    </div>
  );
}
