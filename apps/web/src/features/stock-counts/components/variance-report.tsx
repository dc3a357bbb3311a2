import type {
  StockCountDetail,
  StockCountLine,
} from '@duka/shared/stock-counts/stock-counts.schemas';
import { ArrowLeft, Download } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { downloadCsv } from '@/lib/csv';
import { formatDate } from '@/lib/format-date';
import { scopeText } from '../lib/count-format';
import {
  signedCurrency,
  signedNumber,
  sortVariance,
  varianceCsv,
  varianceCsvName,
  varianceTotals,
} from '../lib/variance';
import './variance-print.css';

export const REPORT_HEADING_ID = 'count-report-heading';

interface VarianceReportProps {
  count: StockCountDetail;
  onBack: () => void;
  /** Take the focus (the count was just finished: its dialog and screen are gone). */
  focusOnMount?: boolean;
}

const toneClass = (value: number) =>
  value < 0
    ? 'text-red-700 dark:text-red-400'
    : value > 0
      ? 'text-emerald-700 dark:text-emerald-400'
      : '';

/**
 * A finished count's variance report (issue 25): per product what the books expected, what was
 * counted and the difference in pieces and at buying price, the largest shrinkage first; the
 * totals; Export CSV (from this answer) and Print (the report alone on the page, A4).
 */
export function VarianceReport({ count, onBack, focusOnMount = false }: VarianceReportProps) {
  const { t } = useTranslation('counts');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lines = sortVariance(count.lines);
  const totals = varianceTotals(count.lines);

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const exportCsv = () =>
    downloadCsv(
      varianceCsvName(count.id),
      varianceCsv(count, {
        product: t('report.product'),
        sku: t('report.sku'),
        expected: t('report.expectedPieces'),
        counted: t('report.countedPieces'),
        difference: t('report.differencePieces'),
        value: t('report.valueKsh'),
        total: t('report.totalDifference'),
      }),
    );

  const columns: ResponsiveColumn<StockCountLine>[] = [
    {
      id: 'product',
      header: t('report.product'),
      cell: (line) => (
        <span className="break-words">
          <span className="font-medium">{line.name}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">{line.sku}</span>
        </span>
      ),
      primary: true,
    },
    {
      id: 'expected',
      header: t('report.expected'),
      cell: (line) => line.expected_pieces.toLocaleString('en-KE'),
      className: 'text-right tabular-nums',
    },
    {
      id: 'counted',
      header: t('report.counted'),
      cell: (line) => line.counted_pieces.toLocaleString('en-KE'),
      className: 'text-right tabular-nums',
    },
    {
      id: 'difference',
      header: t('report.difference'),
      cell: (line) => (
        <span className={`font-semibold ${toneClass(line.difference_pieces)}`}>
          {signedNumber(line.difference_pieces)}
        </span>
      ),
      className: 'text-right tabular-nums',
    },
    {
      id: 'value',
      header: t('report.value'),
      cell: (line) => (
        <span className={`font-semibold whitespace-nowrap ${toneClass(line.difference_value)}`}>
          {signedCurrency(line.difference_value)}
        </span>
      ),
      className: 'text-right tabular-nums',
    },
  ];

  return (
    <section data-count-report aria-labelledby={REPORT_HEADING_ID} className="grid min-w-0 gap-4">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button type="button" variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden />
          {t('screen.back')}
        </Button>
      </div>
      <div>
        <h2
          id={REPORT_HEADING_ID}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold focus-visible:outline-none"
        >
          {t('report.title', { id: count.id })}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('report.unitsNote')}</p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <Entry label={t('report.scope')}>{scopeText(count)}</Entry>
        <Entry label={t('report.startedBy')}>
          {t('report.byAt', {
            name: count.started_by?.name ?? t('line.someone'),
            date: formatDate(count.started_at, 'mediumWithTime'),
          })}
        </Entry>
        {count.finished_at && (
          <Entry label={t('report.finishedBy')}>
            {t('report.byAt', {
              name: count.finished_by?.name ?? t('line.someone'),
              date: formatDate(count.finished_at, 'mediumWithTime'),
            })}
          </Entry>
        )}
        <Entry label={t('report.productsCounted')}>
          {t('report.ofTotal', { counted: count.lines_counted, total: count.products_in_scope })}
        </Entry>
        <Entry label={t('report.uncounted')}>
          {count.zero_uncounted ? t('report.uncountedZeroed') : t('report.uncountedKept')}
        </Entry>
      </dl>

      <dl className="grid gap-3 sm:grid-cols-3 print:grid-cols-3">
        <Total label={t('report.shrinkage')} value={totals.shrinkage} />
        <Total label={t('report.surplus')} value={totals.surplus} />
        <Total label={t('report.totalDifference')} value={count.total_difference_value} strong />
      </dl>

      <div className="print:hidden">
        <ResponsiveTable
          rows={lines}
          columns={columns}
          rowKey={(line) => line.product_id}
          label={t('report.tableLabel')}
          empty={
            <p className="py-6 text-center text-slate-600 dark:text-slate-400">
              {t('report.empty')}
            </p>
          }
        />
      </div>
      {/* The printed report: a plain table on A4 whatever the screen's width. */}
      <table className="hidden w-full border-collapse text-sm print:table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} className={`border-b p-1 text-left ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.product_id}>
              {columns.map((column) => (
                <td key={column.id} className={`border-b p-1 ${column.className ?? ''}`}>
                  {column.cell(line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <div className="flex flex-wrap gap-2 print:hidden">
        <Button type="button" variant="outline" onClick={exportCsv}>
          <Download aria-hidden />
          {t('report.exportCsv')}
        </Button>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          {t('report.print')}
        </Button>
      </div>
    </section>
  );
}

function Total({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: number;
  strong?: boolean;
}) {
  return (
    <div className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`text-lg tabular-nums ${strong ? 'font-bold' : ''} ${toneClass(value)}`}>
        {signedCurrency(value)}
      </dd>
    </div>
  );
}

/** One label and its value in the report's details. */
function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
