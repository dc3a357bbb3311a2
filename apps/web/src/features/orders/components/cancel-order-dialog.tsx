import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

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
    <AlertDialog open={orderId !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('cancel.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('cancel.confirm', { id: orderId ?? 0 })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('actions.keep')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            {t('actions.cancel')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
