import { formatCurrency } from '@duka/shared/money/money';
import type { Order } from '@duka/shared/orders/orders.schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { formatOrderDate } from '../lib/format-order-date';
import { OrderStatusBadge } from './order-status-badge';

interface OrdersTableProps {
  orders: readonly Order[];
  onView: (order: Order) => void;
}

/** Spec §2 Orders table: Date, Status, Items count, Total, View Details. */
export function OrdersTable({ orders, onView }: OrdersTableProps) {
  const { t } = useTranslation('orders');
  const columns: ResponsiveColumn<Order>[] = [
    {
      id: 'date',
      header: t('fields.date'),
      primary: true,
      className: 'whitespace-nowrap',
      cell: (order) => formatOrderDate(order.createdAt),
    },
    {
      id: 'status',
      header: t('fields.status'),
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
    {
      id: 'items',
      header: t('fields.itemsCount'),
      className: 'md:text-right',
      cell: (order) => order.items_count,
    },
    {
      id: 'total',
      header: t('fields.total'),
      className: 'whitespace-nowrap md:text-right',
      cell: (order) => formatCurrency(order.total_amount),
    },
  ];

  return (
    <ResponsiveTable
      rows={orders}
      columns={columns}
      rowKey={(order) => order.id}
      label={t('table.label')}
      actionsHeader={t('fields.actions')}
      empty={
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('table.empty')}</p>
      }
      onRowClick={onView}
      actions={(order) => (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('table.viewDetailsOf', { id: order.id })}
          onClick={() => onView(order)}
        >
          {t('table.viewDetails')}
        </Button>
      )}
    />
  );
}
