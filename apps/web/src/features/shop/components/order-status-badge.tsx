import type { OrderStatus } from '@duka/shared/orders/orders.schemas';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ORDER_STATUS_CLASSES } from '../lib/order-status';

/** An order's status, in the reader's language and its own colour. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('shop');
  return (
    <Badge variant="outline" className={ORDER_STATUS_CLASSES[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
