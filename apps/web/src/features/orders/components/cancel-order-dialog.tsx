import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface CancelOrderDialogProps {
  /** The order to cancel; null when closed. */
  orderId: number | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** Cancelling is final (issue 8), so it is confirmed first. */
export function CancelOrderDialog({ orderId, onOpenChange, onConfirm }: CancelOrderDialogProps) {
  const { t } = useTranslation('orders');
  return (
    <ConfirmDialog
      open={orderId !== null}
      onOpenChange={onOpenChange}
      title={t('cancel.title')}
      description={t('cancel.confirm', { id: orderId ?? 0 })}
      cancelLabel={t('actions.keep')}
      confirmLabel={t('actions.cancel')}
      onConfirm={onConfirm}
    />
  );
}
