import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { translateMessage } from '@/lib/i18n';

interface ProductMissingAlertProps {
  /** The server's 'Product with id … not found'; null when closed. */
  message: string | null;
  /** What failed: 'Failed to mark as received' or 'Failed to create purchase order'. */
  title: string;
  onClose: () => void;
}

export function ProductMissingAlert({ message, title, onClose }: ProductMissingAlertProps) {
  const { t } = useTranslation('purchaseOrders');
  return (
    <AlertDialog
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{message && translateMessage(message)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction>{t('productMissing.ok')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
