import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface ClearCartDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec §8: the cart empties only when this is confirmed. */
export function ClearCartDialog({
  open,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: ClearCartDialogProps) {
  const { t } = useTranslation('cart');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      icon={<TriangleAlertIcon className="size-12 text-amber-500" aria-hidden />}
      title={t('clearConfirm.title')}
      description={t('clearConfirm.description')}
      confirmLabel={t('clearConfirm.confirm')}
      onConfirm={onConfirm}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
