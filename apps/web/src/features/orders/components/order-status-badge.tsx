import type { OrderStatus } from '@duka/shared/orders/orders.schemas';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ORDER_STATUS_VARIANTS } from '../lib/order-status';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <Badge variant={ORDER_STATUS_VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
