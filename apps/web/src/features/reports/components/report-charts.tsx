import { formatCurrency } from '@duka/shared/money/money';
import type { SalesSummary } from '@duka/shared/reports/reports.schemas';
import { PAYMENT_METHODS } from '@duka/shared/sales/sales.schemas';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const TICK = { fill: 'currentColor', fontSize: 12 };
const shortAmount = (value: number) =>
  new Intl.NumberFormat('en-KE', { notation: 'compact' }).format(value);

/**
 * The two charts of the reports (issue 9): sales by payment method and revenue per day.
 * recharts draws them (lazy: only the reports chunk loads it). The pictures are hidden from
 * screen readers; each has a caption and a table of the same figures as its text alternative.
 */
export function ReportCharts({ sales }: { sales: SalesSummary }) {
  const { t } = useTranslation('reports');
  const methods = PAYMENT_METHODS.map((method) => ({
    name: t(`payment.${method}`),
    amount: sales.paymentMethods[method],
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('charts.paymentMethods')}</CardTitle>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('charts.revenueByDay')}</CardTitle>
        </CardHeader>
        <CardContent>
          {sales.byDay.length === 0 ? (
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
                      tickFormatter={(day: string) => day.slice(5)}
                    />
                    <YAxis tick={TICK} tickFormatter={shortAmount} width={48} />
                    <Tooltip formatter={(value) => formatCurrency(value)} />
                    <Bar dataKey="revenue" name={t('charts.revenue')} fill="#0284c7" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-slate-700 dark:text-slate-300">
                  {t('charts.revenueByDayCaption')}
                </summary>
                <table className="mt-2 w-full text-left tabular-nums">
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
                          {day.date}
                        </th>
                        <td>{formatCurrency(day.revenue)}</td>
                        <td>{day.count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </figure>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
