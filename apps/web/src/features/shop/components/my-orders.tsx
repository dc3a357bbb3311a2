import type { Order } from '@duka/shared/orders/orders.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format-date';
import { MY_ORDERS_PAGE_SIZE, useMyOrders } from '../api/get-my-orders';
import { ordersLoadErrorMessage } from '../lib/order-errors';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderStatusBadge } from './order-status-badge';

/** "My orders" on /shop (PRODUCT.md §5): what I ordered, 10 a page, each with its status. */
export function MyOrders() {
  const { t } = useTranslation(['shop', 'common']);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<Order | null>(null);
  const orders = useMyOrders(page);

  const columns: ResponsiveColumn<Order>[] = [
    {
      id: 'date',
      header: t('orders.date'),
      primary: true,
      cell: (order) => formatDate(order.createdAt, 'mediumWithTime', t('orders.invalidDate')),
    },
    {
      id: 'status',
      header: t('orders.status'),
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
    { id: 'items', header: t('orders.itemsCount'), cell: (order) => order.items_count },
    {
      id: 'total',
      header: t('orders.total'),
      className: 'text-right',
      cell: (order) => formatCurrency(order.total_amount),
    },
  ];

  return (
    <section id="my-orders" aria-labelledby="my-orders-title" className="grid scroll-mt-28 gap-4">
      <h2 id="my-orders-title" className="text-xl font-semibold">
        {t('orders.title')}
      </h2>
      {orders.isPending ? (
        <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
          {t('orders.loading')}
        </p>
      ) : orders.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 py-2">
          <p className="text-red-700 dark:text-red-400">{ordersLoadErrorMessage(orders.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void orders.refetch()}>
            {t('grid.retry')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4" aria-busy={orders.isFetching}>
          <ResponsiveTable
            rows={orders.data.orders}
            columns={columns}
            rowKey={(order) => order.id}
            label={t('orders.title')}
            actionsHeader={t('common:fields.actions')}
            actions={(order) => (
              <Button
                variant="outline"
                size="sm"
                aria-label={t('orders.viewNamed', {
                  date: formatDate(order.createdAt, 'mediumWithTime', t('orders.invalidDate')),
                })}
                onClick={() => setOpened(order)}
              >
                {t('orders.view')}
              </Button>
            )}
            onRowClick={setOpened}
            empty={
              <p className="py-6 text-center text-slate-600 dark:text-slate-400">
                {t('orders.empty')}
              </p>
            }
          />
          <Pagination
            page={page}
            pageCount={Math.ceil(orders.data.total / MY_ORDERS_PAGE_SIZE)}
            onPageChange={setPage}
            label={t('orders.pages')}
          />
        </div>
      )}
      <OrderDetailsDialog
        order={opened}
        onOpenChange={(open) => {
          if (!open) setOpened(null);
        }}
      />
    </section>
  );
}
