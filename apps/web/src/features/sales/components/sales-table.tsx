import { formatCurrency } from '@duka/shared/money/money';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  ResponsiveTable,
  WIDE_TABLE_MEDIA_QUERY,
  type ResponsiveColumn,
} from '@/components/ui/responsive-table';
import { formatSaleDate } from '../lib/format-sale-date';
import { hasCredit } from '../lib/sale-status';
import { EtimsBadge } from './etims-state';
import {
  NeedsReviewBadge,
  ReceiptSentBadges,
  SaleStatusBadge,
  UnverifiedBadge,
} from './sale-badges';
import { customerName } from '@/lib/customer-name';

interface SalesTableProps {
  sales: readonly Sale[];
  onView: (sale: Sale) => void;
  empty: string;
}

/**
 * Spec §2 Sales table: Date, Customer, Cashier, Payment Method, Status, Receipt Status, Total
 * and View Details; issue 26: eTIMS (Pending, Sent, Failed; blank for a store not registered). A click on the row opens the details too (the button is the keyboard's way).
 */
export function SalesTable({ sales, onView, empty }: SalesTableProps) {
  const { t } = useTranslation(['sales', 'common']);
  const columns: ResponsiveColumn<Sale>[] = [
    {
      id: 'date',
      header: t('fields.date'),
      primary: true,
      className: 'whitespace-nowrap',
      cell: (sale) => formatSaleDate(sale.createdAt),
    },
    {
      id: 'customer',
      header: t('fields.customer'),
      cell: (sale) => (sale.Customer ? customerName(sale.Customer) : t('common:notAvailable')),
    },
    {
      id: 'cashier',
      header: t('fields.cashier'),
      cell: (sale) => sale.User?.name ?? t('common:notAvailable'),
    },
    {
      id: 'payment',
      header: t('fields.paymentMethod'),
      cell: (sale) => t(`payment.${sale.payment_method}`),
    },
    {
      id: 'status',
      header: t('fields.status'),
      // Issue 21: a sale with a credit part also shows its payment status — pending (yellow)
      // while any of it is owed, paid once repayments cover it. Issue 22: Needs review.
      // Issue 23: Unverified, a typed M-Pesa code that matches no payment received.
      cell: (sale) =>
        hasCredit(sale) || sale.needs_review || sale.mpesa_verified === false ? (
          <span className="inline-flex flex-wrap gap-1">
            <SaleStatusBadge status={sale.status} />
            {hasCredit(sale) && <SaleStatusBadge status={sale.payment_status} />}
            {sale.needs_review && <NeedsReviewBadge />}
            {sale.mpesa_verified === false && <UnverifiedBadge />}
          </span>
        ) : (
          <SaleStatusBadge status={sale.status} />
        ),
    },
    {
      id: 'receipt',
      header: t('fields.receiptStatus'),
      cell: (sale) => <ReceiptSentBadges status={sale.receipt_status} />,
    },
    {
      id: 'etims',
      header: t('fields.etims'),
      cell: (sale) => <EtimsBadge status={sale.etims?.status} />,
    },
    {
      id: 'total',
      header: t('fields.total'),
      className: 'whitespace-nowrap md:text-right',
      cell: (sale) => (
        <>
          {formatCurrency(sale.total_amount)}
          {sale.discount_total > 0 && (
            <span className="block text-xs text-amber-800 dark:text-amber-300">
              {t('discount.off', { amount: formatCurrency(sale.discount_total) })}
            </span>
          )}
          {sale.balance_due > 0 && (
            <span className="block text-xs text-amber-800 dark:text-amber-300">
              {t('table.due', { amount: formatCurrency(sale.balance_due) })}
            </span>
          )}
          {sale.returned_amount > 0 && (
            <span className="block text-xs text-sky-800 dark:text-sky-300">
              {t('returns.refundedLine', { amount: formatCurrency(sale.returned_amount) })}
            </span>
          )}
        </>
      ),
    },
  ];

  return (
    <ResponsiveTable
      rows={sales}
      columns={columns}
      rowKey={(sale) => sale.id}
      label={t('table.label')}
      // Eight columns do not fit a tablet in portrait: cards until 1024 px.
      wideQuery={WIDE_TABLE_MEDIA_QUERY}
      actionsHeader={t('fields.actions')}
      empty={<p className="py-6 text-center text-slate-600 dark:text-slate-400">{empty}</p>}
      onRowClick={onView}
      actions={(sale) => (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('table.viewDetailsOf', { id: sale.id })}
          onClick={() => onView(sale)}
        >
          {t('table.viewDetails')}
        </Button>
      )}
    />
  );
}
