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

interface ConfirmDeleteDialogProps {
  /** The record's name shown under the question; the dialog is open while it is not null. */
  name: string | null;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The spec's question ('Are you sure you want to delete this supplier?'). */
  question: string;
  onConfirm: () => void;
}

/** Every "delete this record?" confirmation: the question, the record's name, Cancel / Delete. */
export function ConfirmDeleteDialog({
  name,
  onOpenChange,
  title,
  question,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('common');
  return (
    <AlertDialog open={name !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            {question}
            {name && <span className="mt-1 block font-medium">{name}</span>}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('actions.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            {t('actions.delete')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
