import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

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
    <ConfirmDialog
      open={name !== null}
      onOpenChange={onOpenChange}
      title={title}
      description={
        <>
          {question}
          {name && <span className="mt-1 block font-medium">{name}</span>}
        </>
      }
      confirmLabel={t('actions.delete')}
      onConfirm={onConfirm}
    />
  );
}
