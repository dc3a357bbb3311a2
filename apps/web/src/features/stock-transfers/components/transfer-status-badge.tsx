import type { TransferStatus } from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';

/** In transit waits on someone (amber), received is done (green), cancelled is off (grey). */
const VARIANTS: Record<TransferStatus, BadgeProps['variant']> = {
  in_transit: 'warning',
  received: 'success',
  cancelled: 'secondary',
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('transfers');
  return <Badge variant={VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
