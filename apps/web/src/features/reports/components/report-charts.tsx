import { formatCurrency } from '@duka/shared/money/money';
import { PAYMENT_PART_METHODS } from '@duka/shared/sales/sales.schemas';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '@/lib/format-date';
import { useSalesSummary, type ReportRange } from '../api/reports-api';
import { ReportCard } from './report-card';

const TICK = { fill: 'currentColor', fontSize: 12 };
const shortAmount = (value: number) =>
  new Intl.NumberFormat('en-KE', { notation: 'compact' }).format(value);

/**
 * The two charts of the reports (issue 9), each a card over the page's range: sales by payment
 * method and revenue per day. recharts draws them (lazy: only the reports chunk loads it). The
 * pictures are hidden from screen readers; each has a caption and a table of the same figures
 * as its text alternative.
 */
export function PaymentMethodsChart({ range }: { range: ReportRange }) {
  const { t } = useTranslation('reports');
  return (
    <ReportCard title={t('charts.paymentMethods')} range={range} query={useSalesSummary(range)}>
      {(sales) => {
        const methods = PAYMENT_PART_METHODS.map((method) => ({
          name: t(`payment.${method}`),
          // An answer from before issue 21 has no credit: none sold on credit then.
          amount: sales.paymentMethods[method] ?? 0,
        }));
        return (
          <figure>
            <div aria-hidden className="h-56 text-slate-700 dark:text-slate-300">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={methods} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
                  <XAxis dataKey="name" tick={TICK} />
                  <YAxis tick={TICK} tickFormatter={shortAmount} width={48} />
                  <Tooltip formatter={(value) => formatCurrency(value)} />
                  <Bar dataKey="amount" name={t('charts.revenue')} fill="#059669" />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <table className="sr-only">
              <caption>{t('charts.paymentMethods')}</caption>
              <tbody>
                {methods.map((row) => (
                  <tr key={row.name}>
                    <th scope="row">{row.name}</th>
                    <td>{formatCurrency(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        );
      }}
    </ReportCard>
  );
}

/**
 * Revenue per shop day: every day of the range, a day without sales as zero (the server lists
 * them), so a quiet day shows as a gap in the bars rather than vanishing.
 */
export function RevenueByDayChart({ range }: { range: ReportRange }) {
  const { t } = useTranslation('reports');
  return (
    <ReportCard title={t('charts.revenueByDay')} range={range} query={useSalesSummary(range)}>
      {(sales) =>
        sales.byDay.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{t('charts.noData')}</p>
        ) : (
          <figure>
            <div aria-hidden className="h-56 text-slate-700 dark:text-slate-300">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={sales.byDay} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
                  <XAxis
                    dataKey="date"
                    tick={TICK}
                    tickFormatter={(day: string) => formatDate(day, 'dayMonth')}
                  />
                  <YAxis tick={TICK} tickFormatter={shortAmount} width={48} />
                  <Tooltip
                    labelFormatter={(day) =>
                      typeof day === 'string' ? formatDate(day, 'medium') : ''
                    }
                    formatter={(value) => formatCurrency(value)}
                  />
                  <Bar dataKey="revenue" name={t('charts.revenue')} fill="#0284c7" />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-slate-700 dark:text-slate-300">
                {t('charts.revenueByDayCaption')}
              </summary>
              <table className="mt-2 w-full text-left tabular-nums" data-testid="revenue-by-day">
                <thead>
                  <tr>
                    <th scope="col">{t('charts.day')}</th>
                    <th scope="col">{t('charts.revenue')}</th>
                    <th scope="col">{t('charts.sales')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sales.byDay.map((day) => (
                    <tr key={day.date}>
                      <th scope="row" className="font-normal">
                        {formatDate(day.date, 'medium')}
                      </th>
                      <td>{formatCurrency(day.revenue)}</td>
                      <td>{day.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </figure>
        )
      }
    </ReportCard>
  );
}
