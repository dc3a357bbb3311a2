import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteSupplier } from '../api/delete-supplier';
import { toastFailure } from '@/lib/failure-toast';

interface DeleteSupplierDialogProps {
  supplier: Supplier | null;
  onOpenChange: (open: boolean) => void;
}

/** Spec §8: 'Are you sure you want to delete this supplier?', then the spec's toasts. */
export function DeleteSupplierDialog({ supplier, onOpenChange }: DeleteSupplierDialogProps) {
  const { t } = useTranslation(['suppliers', 'common']);
  const deleteSupplier = useDeleteSupplier();

  const handleDelete = async () => {
    if (!supplier) return;
    try {
      const result = await deleteSupplier.mutateAsync(supplier.id);
      toast({
        title: t('common:toast.success'),
        description: result.deactivated ? t('delete.deactivated') : t('delete.deleted'),
      });
    } catch (error) {
      toastFailure(error, t('delete.failed'));
    }
  };

  return (
    <ConfirmDeleteDialog
      name={supplier?.name ?? null}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      question={t('delete.confirm')}
      onConfirm={() => void handleDelete()}
    />
  );
}
