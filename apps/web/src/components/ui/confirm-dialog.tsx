import type { ReactNode } from 'react';
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
} from './alert-dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The button that does it ('Delete', 'Clear Cart', 'Cancel Order'). */
  confirmLabel: string;
  /** The button that backs out; 'Cancel' unless given. */
  cancelLabel?: string;
  /** The confirm button's look; destructive unless given. */
  variant?: 'default' | 'destructive';
  /** Shown above the title, centred with it. */
  icon?: ReactNode;
  onConfirm: () => void;
  /** Where focus goes when it closes (preventDefault to take it); the opener otherwise. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Every "are you sure?" step before something that cannot be undone. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  variant = 'destructive',
  icon,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader className={icon ? 'items-center' : undefined}>
          {icon}
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel ?? t('actions.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant={variant} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
