import { formatCurrency } from '@duka/shared/money/money';
import { useTranslation } from 'react-i18next';
import type { ReportRange } from '../api/reports-api';
import { useDiscountsReport } from '../api/get-discounts-report';
import { ReportCard } from './report-card';

/** Rows each list shows: the largest discounts of the period. */
const SHOWN = 5;

interface Row {
  key: string;
  name: string;
  detail: string;
  discount: number;
}

function DiscountList({ title, rows }: { title: string; rows: Row[] }) {
  const { t } = useTranslation('reports');
  return (
    <section className="grid content-start gap-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('discounts.none')}</p>
      ) : (
        <ul className="grid gap-1">
          {rows.map((row) => (
            <li key={row.key} className="flex justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">
                {row.name} <span className="text-slate-600 dark:text-slate-400">{row.detail}</span>
              </span>
              <span className="whitespace-nowrap tabular-nums">
                −{formatCurrency(row.discount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Issue 20: the discounts given in the page's period — in all, per cashier and per product, the
 * largest first — from the list prices kept on the sale lines.
 */
export function DiscountsCard({ range }: { range: ReportRange }) {
  const { t } = useTranslation('reports');
  return (
    <ReportCard title={t('discounts.title')} range={range} query={useDiscountsReport(range)}>
      {(report) => (
        <div className="grid gap-4">
          <p className="text-2xl font-bold tabular-nums" data-testid="discounts-total">
            {formatCurrency(report.total)}
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <DiscountList
              title={t('discounts.byCashier')}
              rows={report.byCashier.slice(0, SHOWN).map((row) => ({
                key: String(row.user_id),
                name: row.name || t('discounts.unknown'),
                detail: t('discounts.sales', { count: row.sales }),
                discount: row.discount,
              }))}
            />
            <DiscountList
              title={t('discounts.byProduct')}
              rows={report.byProduct.slice(0, SHOWN).map((row) => ({
                key: `${row.product_id}-${row.name}`,
                name: row.name,
                detail: t('discounts.lines', { count: row.lines }),
                discount: row.discount,
              }))}
            />
          </div>
        </div>
      )}
    </ReportCard>
  );
}
