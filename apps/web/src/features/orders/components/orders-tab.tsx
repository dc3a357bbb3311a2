import type { Order } from '@duka/shared/orders/orders.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/get-orders';
import { ordersLoadMessage } from '../lib/order-errors';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrdersTable } from './orders-table';

interface OrdersTabProps {
  /** Whether the Orders tab is the one open: the list is fetched only then (spec §7). */
  active: boolean;
}

/** Spec §2 Orders tab: the store's online orders, 10 a page (§9), and the order dialog. */
export function OrdersTab({ active }: OrdersTabProps) {
  const { t } = useTranslation('orders');
  const [page, setPage] = useState(1);
  const orders = useOrders(page, active);
  const [viewing, setViewing] = useState<Order | null>(null);

  const total = orders.data?.total ?? 0;
  const pageCount = Math.ceil(total / ORDERS_PAGE_SIZE);

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        {orders.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 py-6">
            <p className="text-center text-red-600 dark:text-red-400">
              {ordersLoadMessage(orders.error)}
            </p>
            <Button variant="outline" onClick={() => void orders.refetch()}>
              {t('table.retry')}
            </Button>
          </div>
        ) : orders.data === undefined ? (
          // Nothing is asked for while the tab is closed, so nothing is loading either.
          active && (
            <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
              {t('table.loading')}
            </p>
          )
        ) : (
          <div className="grid gap-4" aria-busy={orders.isFetching}>
            <OrdersTable orders={orders.data.orders} onView={setViewing} />
            {total > 0 && (
              <p className="text-center text-sm text-slate-600 dark:text-slate-400">
                {t('table.range', {
                  from: Math.min((page - 1) * ORDERS_PAGE_SIZE + 1, total),
                  to: Math.min(page * ORDERS_PAGE_SIZE, total),
                  total,
                })}
              </p>
            )}
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={setPage}
              label={t('table.pages')}
            />
          </div>
        )}
      </CardContent>
      <OrderDetailsDialog
        order={viewing}
        onOpenChange={(open) => {
          if (!open) setViewing(null);
        }}
      />
    </Card>
  );
}
