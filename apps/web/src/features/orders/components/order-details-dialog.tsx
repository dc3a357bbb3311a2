import { formatCurrency } from '@duka/shared/money/money';
import type { Order, OrderItem } from '@duka/shared/orders/orders.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DetailEntry, DetailList } from '@/components/ui/detail-list';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { i18n } from '@/lib/i18n';
import { useOrder } from '../api/get-order';
import { useUpdateOrderStatus, type OrderStatusChange } from '../api/update-order-status';
import { formatOrderDate } from '../lib/format-order-date';
import { insufficientStockOf } from '../lib/order-errors';
import { orderActions } from '../lib/order-status';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderStatusBadge } from './order-status-badge';

interface OrderDetailsDialogProps {
  /** The order opened from the list; null when closed. */
  order: Order | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec §2 order dialog: date, status, order id, total, the items (product, quantity, unit
 * price), with Mark as Shipped and Mark as Fulfilled — saved on the server (PRODUCT.md §4) —
 * and Cancel for a pending or shipped order (issue 8).
 */
export function OrderDetailsDialog({ order, onOpenChange }: OrderDetailsDialogProps) {
  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      {order && <OrderDetails listed={order} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function OrderDetails({ listed, onClose }: { listed: Order; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const { data } = useOrder(listed);
  const order = data ?? listed;
  const update = useUpdateOrderStatus();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const allowed = orderActions(order.status);
  const busy = update.isPending;

  const changeStatus = async (status: OrderStatusChange['status']) => {
    try {
      const saved = await update.mutateAsync({ id: order.id, status });
      toast({
        title: t('statusChange.done'),
        description: t('statusChange.description', {
          id: saved.id,
          status: t(`status.${saved.status}`),
        }),
      });
    } catch (error) {
      const product = insufficientStockOf(error);
      if (product === null) toastFailure(error, t('statusChange.failed'));
      else {
        toast({
          variant: 'destructive',
          title: i18n.t('common:toast.error'),
          description: t('statusChange.insufficientStock', { name: product }),
        });
      }
    }
  };

  const columns: ResponsiveColumn<OrderItem>[] = [
    {
      id: 'product',
      header: t('details.product'),
      primary: true,
      cell: (item) => <span className="font-medium">{item.Product.name}</span>,
    },
    {
      id: 'quantity',
      header: t('details.quantity'),
      className: 'whitespace-nowrap md:text-right',
      cell: (item) =>
        t('details.quantityWithUnit', {
          quantity: item.quantity,
          unit: t(`units.${item.unit_type}`, { count: item.quantity }),
        }),
    },
    {
      id: 'price',
      header: t('details.unitPrice'),
      className: 'whitespace-nowrap md:text-right',
      cell: (item) => formatCurrency(item.unit_price),
    },
  ];

  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{t('details.title')}</DialogTitle>
        <DialogDescription>{t('details.description', { id: order.id })}</DialogDescription>
      </DialogHeader>
      <DetailList>
        <DetailEntry label={t('details.date')}>{formatOrderDate(order.createdAt)}</DetailEntry>
        <DetailEntry label={t('details.status')}>
          <OrderStatusBadge status={order.status} />
        </DetailEntry>
        <DetailEntry label={t('details.orderId')}>{order.id}</DetailEntry>
        <DetailEntry label={t('details.total')}>{formatCurrency(order.total_amount)}</DetailEntry>
        {order.User && (
          <DetailEntry label={t('details.placedBy')}>
            {order.User.name} ({order.User.email})
          </DetailEntry>
        )}
        {/* How the shopper gets it (issue 20): who to call, and pickup or where to deliver. */}
        <DetailEntry label={t('details.phone')}>{order.phone ?? t('details.noPhone')}</DetailEntry>
        <DetailEntry label={t('details.fulfilment')}>
          {t(`details.fulfilments.${order.fulfilment}`)}
        </DetailEntry>
        {order.fulfilment === 'delivery' && (
          <DetailEntry label={t('details.address')}>{order.address}</DetailEntry>
        )}
      </DetailList>
      <section className="grid gap-2">
        <h3 className="font-semibold">{t('details.items')}</h3>
        <ResponsiveTable
          rows={order.items}
          columns={columns}
          rowKey={(item) => item.id}
          label={t('details.items')}
        />
      </section>
      <DialogFooter className="flex-wrap gap-2">
        <Button disabled={busy || !allowed.ship} onClick={() => void changeStatus('shipped')}>
          {t('actions.markShipped')}
        </Button>
        <Button disabled={busy || !allowed.fulfil} onClick={() => void changeStatus('fulfilled')}>
          {t('actions.markFulfilled')}
        </Button>
        {allowed.cancel && (
          <Button variant="destructive" disabled={busy} onClick={() => setConfirmingCancel(true)}>
            {t('actions.cancel')}
          </Button>
        )}
        <Button variant="outline" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogFooter>
      <CancelOrderDialog
        orderId={confirmingCancel ? order.id : null}
        onOpenChange={setConfirmingCancel}
        onConfirm={() => void changeStatus('cancelled')}
      />
    </DialogContent>
  );
}
