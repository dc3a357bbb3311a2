import { formatCurrency } from '@duka/shared/money/money';
import type { MpesaSummary } from '@duka/shared/payments/mpesa.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { errorMessage } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { SHOP_TIME_ZONE } from '@/lib/format-date';
import { translateMessage } from '@/lib/i18n';
import { getSaleById, saleByIdQueryKey, useMpesaSummary } from '../api/mpesa-summary';
import { formatSaleDate } from '../lib/format-sale-date';
import { UnmatchedBadge, UnverifiedBadge } from './sale-badges';
import { SaleDetailsDialog } from './sale-details-dialog';

type Received = MpesaSummary['received'][number];
type UnverifiedSale = MpesaSummary['unverified_sales'][number];

const shopDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in the shop (YYYY-MM-DD, Africa/Nairobi), whatever the device's zone. */
export function shopToday(now: Date = new Date()): string {
  return shopDay.format(now);
}

interface MpesaTabProps {
  /** Opens a sale's receipt, composed in by the page (as the Sales tab does). */
  onViewReceipt?: (saleId: number) => void;
}

/**
 * Issue 23, the manager's M-Pesa view: a day's received payments — each with the sale it paid
 * or Unmatched — the unverified sales (a typed code no payment matched), and the day's totals,
 * to hold against the M-Pesa statement. A sale opens in its details, as in the Sales tab.
 */
export function MpesaTab({ onViewReceipt }: MpesaTabProps) {
  const { t } = useTranslation('sales');
  const queryClient = useQueryClient();
  const today = shopToday();
  const [date, setDate] = useState(today);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today;
  const summary = useMpesaSummary(day);
  const [viewing, setViewing] = useState<Sale | null>(null);

  const openSale = (saleId: number) => void showSale(saleId);
  const showSale = async (saleId: number) => {
    try {
      setViewing(
        await queryClient.fetchQuery({
          queryKey: saleByIdQueryKey(saleId),
          queryFn: () => getSaleById(saleId),
        }),
      );
    } catch (error) {
      toastFailure(error, t('mpesa.openFailed'));
    }
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-1 sm:w-52">
        <Label htmlFor="mpesa-day">{t('mpesa.day')}</Label>
        <Input
          id="mpesa-day"
          type="date"
          max={today}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </div>
      {summary.isPending ? (
        <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
          {t('mpesa.loading')}
        </p>
      ) : summary.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 py-6">
          <p className="text-red-600 dark:text-red-400">
            {translateMessage(errorMessage(summary.error, t('mpesa.loadFailed')))}
          </p>
          <Button variant="outline" onClick={() => void summary.refetch()}>
            {t('table.retry')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4" aria-busy={summary.isFetching}>
          <Totals summary={summary.data} />
          <ReceivedPayments rows={summary.data.received} onOpenSale={openSale} />
          <UnverifiedSales rows={summary.data.unverified_sales} onOpenSale={openSale} />
        </div>
      )}
      <SaleDetailsDialog
        sale={viewing}
        onViewReceipt={onViewReceipt}
        onReviewed={setViewing}
        onOpenChange={(open) => {
          if (!open) setViewing(null);
        }}
      />
    </div>
  );
}

/** The day's four totals, each with how many payments or sales make it. */
function Totals({ summary }: { summary: MpesaSummary }) {
  const { t } = useTranslation('sales');
  const matched = summary.received.filter((payment) => payment.sale_id !== null).length;
  const entries = [
    {
      id: 'received',
      amount: summary.totals.received,
      count: t('mpesa.totals.payments', { count: summary.received.length }),
    },
    {
      id: 'matched',
      amount: summary.totals.matched,
      count: t('mpesa.totals.payments', { count: matched }),
    },
    {
      id: 'unmatched',
      amount: summary.totals.unmatched,
      count: t('mpesa.totals.payments', { count: summary.received.length - matched }),
    },
    {
      id: 'unverified',
      amount: summary.totals.unverified,
      count: t('mpesa.totals.sales', { count: summary.unverified_sales.length }),
    },
  ] as const;
  return (
    <section aria-labelledby="mpesa-totals-title">
      <h2 id="mpesa-totals-title" className="sr-only">
        {t('mpesa.totals.label')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {entries.map((entry) => (
          <div
            key={entry.id}
            className="grid content-start gap-1 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
            data-testid={`mpesa-total-${entry.id}`}
          >
            <dt className="text-sm text-slate-600 dark:text-slate-400">
              {t(`mpesa.totals.${entry.id}`)}
            </dt>
            <dd className="text-lg font-semibold tabular-nums">{formatCurrency(entry.amount)}</dd>
            <dd className="text-xs text-slate-600 dark:text-slate-400">{entry.count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SaleButton({ saleId, onOpenSale }: { saleId: number; onOpenSale: (id: number) => void }) {
  const { t } = useTranslation('sales');
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('mpesa.openSale', { id: saleId })}
      onClick={() => onOpenSale(saleId)}
    >
      {t('mpesa.saleLink', { id: saleId })}
    </Button>
  );
}

function ReceivedPayments({
  rows,
  onOpenSale,
}: {
  rows: readonly Received[];
  onOpenSale: (saleId: number) => void;
}) {
  const { t } = useTranslation('sales');
  const columns: ResponsiveColumn<Received>[] = [
    {
      id: 'time',
      header: t('mpesa.fields.time'),
      primary: true,
      className: 'whitespace-nowrap',
      cell: (payment) => formatSaleDate(payment.received_at),
    },
    {
      id: 'amount',
      header: t('mpesa.fields.amount'),
      className: 'whitespace-nowrap md:text-right tabular-nums',
      cell: (payment) => formatCurrency(payment.amount),
    },
    {
      id: 'payer',
      header: t('mpesa.fields.payer'),
      cell: (payment) => payment.phone_or_name,
    },
    {
      id: 'trans_id',
      header: t('mpesa.fields.transId'),
      cell: (payment) => <span className="font-mono">{payment.trans_id}</span>,
    },
    {
      id: 'source',
      header: t('mpesa.fields.source'),
      cell: (payment) => (
        <>
          {t(`mpesa.source.${payment.source}`)}
          {payment.bill_ref && (
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {t('mpesa.account', { ref: payment.bill_ref })}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'sale',
      header: t('mpesa.fields.sale'),
      cell: (payment) =>
        payment.sale_id === null ? (
          <UnmatchedBadge />
        ) : (
          <SaleButton saleId={payment.sale_id} onOpenSale={onOpenSale} />
        ),
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('mpesa.received.title')}</CardTitle>
        <CardDescription>{t('mpesa.received.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ResponsiveTable
          rows={rows}
          columns={columns}
          rowKey={(payment) => payment.id}
          label={t('mpesa.received.title')}
          empty={
            <p className="py-4 text-center text-slate-600 dark:text-slate-400">
              {t('mpesa.received.empty')}
            </p>
          }
        />
      </CardContent>
    </Card>
  );
}

function UnverifiedSales({
  rows,
  onOpenSale,
}: {
  rows: readonly UnverifiedSale[];
  onOpenSale: (saleId: number) => void;
}) {
  const { t } = useTranslation(['sales', 'common']);
  const columns: ResponsiveColumn<UnverifiedSale>[] = [
    {
      id: 'time',
      header: t('mpesa.fields.time'),
      primary: true,
      className: 'whitespace-nowrap',
      cell: (sale) => formatSaleDate(sale.created_at),
    },
    {
      id: 'total',
      header: t('fields.total'),
      className: 'whitespace-nowrap md:text-right tabular-nums',
      cell: (sale) => formatCurrency(sale.total_amount),
    },
    {
      id: 'code',
      header: t('mpesa.unverified.code'),
      cell: (sale) =>
        sale.mpesa_code ? (
          <span className="font-mono">{sale.mpesa_code}</span>
        ) : (
          t('common:notAvailable')
        ),
    },
    {
      id: 'cashier',
      header: t('fields.cashier'),
      cell: (sale) => sale.cashier_name ?? t('common:notAvailable'),
    },
    {
      id: 'status',
      header: t('fields.status'),
      cell: () => <UnverifiedBadge />,
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('mpesa.unverified.title')}</CardTitle>
        <CardDescription>{t('mpesa.unverified.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ResponsiveTable
          rows={rows}
          columns={columns}
          rowKey={(sale) => sale.id}
          label={t('mpesa.unverified.title')}
          actionsHeader={t('fields.actions')}
          actions={(sale) => <SaleButton saleId={sale.id} onOpenSale={onOpenSale} />}
          empty={
            <p className="py-4 text-center text-slate-600 dark:text-slate-400">
              {t('mpesa.unverified.empty')}
            </p>
          }
        />
      </CardContent>
    </Card>
  );
}
