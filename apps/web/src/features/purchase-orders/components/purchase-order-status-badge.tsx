import type { PurchaseOrderStatus } from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';

/** Spec §4: pending secondary, approved default, rejected destructive, completed outline. */
const VARIANTS: Record<PurchaseOrderStatus, BadgeProps['variant']> = {
  pending: 'secondary',
  approved: 'default',
  rejected: 'destructive',
  completed: 'outline',
  // Some of it came; the rest is awaited (issue 20).
  partially_received: 'warning',
  // Not named by the spec; a finished order like 'completed'.
  received: 'outline',
};

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation('purchaseOrders');
  return <Badge variant={VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
