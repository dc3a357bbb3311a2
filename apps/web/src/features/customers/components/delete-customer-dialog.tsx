import type { Customer } from '@duka/shared/customers/customers.schemas';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { useDeleteCustomer } from '../api/customers';

interface DeleteCustomerDialogProps {
  customer: Customer | null;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2: 'Are you sure you want to delete this customer?', then the spec's toasts (§8). */
export function DeleteCustomerDialog({ customer, onOpenChange }: DeleteCustomerDialogProps) {
  const { t } = useTranslation(['customers', 'common']);
  const deleteCustomer = useDeleteCustomer();

  const handleDelete = async () => {
    if (!customer) return;
    try {
      await deleteCustomer.mutateAsync(customer.id);
      toast({ title: t('common:toast.success'), description: t('delete.deleted') });
    } catch (error) {
      toastFailure(error, t('delete.failed'));
    }
  };

  return (
    <ConfirmDeleteDialog
      name={customer?.name ?? null}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      question={t('delete.confirm')}
      onConfirm={() => void handleDelete()}
    />
  );
}
