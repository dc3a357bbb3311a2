import type {
  ExpensesSummary,
  PerformanceReportRow,
  SalesSummary,
} from '@duka/shared/reports/reports.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import { PAYMENT_METHODS } from '@duka/shared/sales/sales.schemas';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

interface SummaryCardsProps {
  sales: SalesSummary;
  expenses: ExpensesSummary;
  /** The best three by revenue (spec §2, §9), those that sold. */
  topSellers: readonly PerformanceReportRow[];
}

/** Spec §2 Reports: Sales by Payment Method, Total Expenses with record count, Top Sellers. */
export function SummaryCards({ sales, expenses, topSellers }: SummaryCardsProps) {
  const { t } = useTranslation('reports');
  const sold = topSellers.filter((row) => row.revenue > 0);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('cards.paymentMethods')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-1">
            {PAYMENT_METHODS.map((method) => (
              <div key={method} className="flex justify-between gap-2">
                <dt>{t(`payment.${method}`)}</dt>
                <dd className="font-semibold tabular-nums">
                  {formatCurrency(sales.paymentMethods[method])}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t('cards.totalSales', {
              amount: formatCurrency(sales.totalSales),
              count: sales.count,
            })}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('cards.totalExpenses')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-2xl font-bold tabular-nums" data-testid="total-expenses">
            {formatCurrency(expenses.totalExpenses)}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('cards.records', { count: expenses.count })}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('cards.topSellers')}</CardTitle>
        </CardHeader>
        <CardContent>
          {sold.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">{t('cards.noSales')}</p>
          ) : (
            <ol className="grid gap-1" aria-label={t('cards.topSellers')}>
              {sold.map((row) => (
                <li key={row.productId} className="flex justify-between gap-2">
                  <span className="min-w-0 truncate">{row.productName}</span>
                  <span className="font-semibold tabular-nums">{formatCurrency(row.revenue)}</span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
