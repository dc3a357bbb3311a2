import type { Order } from '@duka/shared/orders/orders.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDate } from '@/lib/format-date';
import { OrderStatusBadge } from './order-status-badge';

/** One of my orders: when, its status, its lines (name, quantity and unit, unit price, total). */
export function OrderDetailsDialog({
  order,
  onOpenChange,
}: {
  order: Order | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      {order && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('orders.detailsTitle', { id: order.id })}</DialogTitle>
            <DialogDescription>{formatDate(order.createdAt, 'mediumWithTime')}</DialogDescription>
          </DialogHeader>
          <p className="flex items-center gap-2 text-sm">
            <span>{t('orders.status')}:</span>
            <OrderStatusBadge status={order.status} />
          </p>
          <ul
            aria-label={t('orders.items')}
            className="divide-y divide-slate-200 text-sm dark:divide-slate-800"
          >
            {order.items.map((item) => (
              <li key={item.id} className="flex items-start justify-between gap-3 py-2">
                <span>
                  <span className="font-medium">{item.Product.name}</span>
                  <br />
                  <span className="text-slate-600 dark:text-slate-400">
                    {t('orders.line', {
                      quantity: item.quantity,
                      unit: t(`units.${item.unit_type}`, { count: item.quantity }),
                      price: formatCurrency(item.unit_price),
                    })}
                  </span>
                </span>
                <span className="shrink-0 font-medium">{formatCurrency(item.total)}</span>
              </li>
            ))}
          </ul>
          <p className="flex items-center justify-between font-semibold">
            <span>{t('orders.total')}</span>
            <span>{formatCurrency(order.total_amount)}</span>
          </p>
        </DialogContent>
      )}
    </Dialog>
  );
}
