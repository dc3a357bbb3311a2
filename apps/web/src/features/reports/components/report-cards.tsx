import { formatCurrency } from '@duka/shared/money/money';
import { TOP_SELLERS } from '@duka/shared/reports/reports.schemas';
import { PAYMENT_PART_METHODS, REPAYMENT_METHODS } from '@duka/shared/sales/sales.schemas';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import {
  useExpensesSummary,
  usePerformanceReport,
  useProfitReport,
  useSalesSummary,
  type ReportRange,
} from '../api/reports-api';
import { ReportCard } from './report-card';

/** The cards at the top of the reports page (spec §2; issue 20): each takes the page's range. */
interface RangeCardProps {
  range: ReportRange;
}

const note = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * Spec §2: Sales by Payment Method, KSh per method, and the total of the period's sales. Issue
 * 21: the parts of split sales count under their own method, credit (sold, not yet paid) among
 * them; below, the repayments of credit received in the period, by method. Issue 24: methods and
 * total are net of the period's refunds, each off the method it was paid back by; the returns'
 * total is named under them.
 */
export function SalesByMethodCard({ range }: RangeCardProps) {
  const { t } = useTranslation('reports');
  return (
    <ReportCard title={t('cards.paymentMethods')} range={range} query={useSalesSummary(range)}>
      {(sales) => (
        <>
          <dl className="grid gap-1" data-testid="sales-by-method">
            {PAYMENT_PART_METHODS.map((method) => (
              <div key={method} className="flex justify-between gap-2">
                <dt>{t(`payment.${method}`)}</dt>
                <dd className="font-semibold whitespace-nowrap tabular-nums">
                  {formatCurrency(sales.paymentMethods[method] ?? 0)}
                </dd>
              </div>
            ))}
          </dl>
          <p className={cn(note, 'mt-2')} data-testid="total-sales">
            {t('cards.totalSales', {
              amount: formatCurrency(sales.totalSales),
              count: sales.count,
            })}
          </p>
          {/* Issue 24: the refunds of the period's returns, already off the figures above. */}
          <dl className="mt-3 grid gap-1">
            <div className="flex justify-between gap-2">
              <dt>{t('cards.returns')}</dt>
              <dd
                className="font-semibold whitespace-nowrap tabular-nums"
                data-testid="returns-total"
              >
                {formatCurrency(sales.returns ?? 0)}
              </dd>
            </div>
          </dl>
          <p className={note}>{t('cards.returnsNote')}</p>
          <h3 className="mt-3 text-sm font-semibold">{t('cards.repayments')}</h3>
          <dl className="grid gap-1" data-testid="repayments-by-method">
            {REPAYMENT_METHODS.map((method) => (
              <div key={method} className="flex justify-between gap-2">
                <dt>{t(`payment.${method}`)}</dt>
                <dd className="font-semibold whitespace-nowrap tabular-nums">
                  {formatCurrency(sales.repayments?.[method] ?? 0)}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </ReportCard>
  );
}

/** Spec §2: Total Expenses with the record count. */
export function ExpensesCard({ range }: RangeCardProps) {
  const { t } = useTranslation('reports');
  return (
    <ReportCard title={t('cards.totalExpenses')} range={range} query={useExpensesSummary(range)}>
      {(expenses) => (
        <>
          <p className="text-2xl font-bold tabular-nums" data-testid="total-expenses">
            {formatCurrency(expenses.totalExpenses)}
          </p>
          <p className={note}>{t('cards.records', { count: expenses.count })}</p>
        </>
      )}
    </ReportCard>
  );
}

/**
 * Spec §2, §9: the best three by revenue, those that sold. A long name is cut with an ellipsis
 * and the amount never wraps, so the card fits a phone and a tablet's narrow column.
 */
export function TopSellersCard({ range }: RangeCardProps) {
  const { t } = useTranslation('reports');
  const query = usePerformanceReport({ ...range, sort: 'revenue', page: 1, pageSize: TOP_SELLERS });
  return (
    <ReportCard title={t('cards.topSellers')} range={range} query={query}>
      {(top) => {
        const sold = top.products.filter((row) => row.revenue > 0);
        return sold.length === 0 ? (
          <p className={note}>{t('cards.noSales')}</p>
        ) : (
          <ol className="grid min-w-0 gap-1" aria-label={t('cards.topSellers')}>
            {sold.map((row) => (
              <li key={row.productId} className="flex min-w-0 justify-between gap-2">
                <span className="min-w-0 truncate" title={row.productName}>
                  {row.productName}
                </span>
                <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums">
                  {formatCurrency(row.revenue)}
                </span>
              </li>
            ))}
          </ol>
        );
      }}
    </ReportCard>
  );
}

/**
 * Issue 20: gross profit (goods sold − their cost at the buying prices kept on each sale line)
 * and profit after the period's expenses; a loss shows in red with its minus sign.
 */
export function ProfitCard({ range }: RangeCardProps) {
  const { t } = useTranslation('reports');
  return (
    <ReportCard title={t('cards.profit')} range={range} query={useProfitReport(range)}>
      {(profit) => (
        <dl className="grid gap-1">
          {(
            [
              ['revenue', profit.revenue, false],
              ['costOfGoods', profit.costOfGoods, false],
              ['grossProfit', profit.grossProfit, true],
              ['expenses', profit.expenses, false],
              ['afterExpenses', profit.profitAfterExpenses, true],
            ] as const
          ).map(([key, value, total]) => (
            <div key={key} className={cn('flex justify-between gap-2', total && 'font-semibold')}>
              <dt>{t(`profit.${key}`)}</dt>
              <dd
                className={cn(
                  'whitespace-nowrap tabular-nums',
                  total && value < 0 && 'text-red-700 dark:text-red-400',
                )}
                data-testid={`profit-${key}`}
              >
                {formatCurrency(value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </ReportCard>
  );
}
