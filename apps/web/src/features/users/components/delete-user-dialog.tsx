import type { User } from '@duka/shared/auth/auth.schemas';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteUser } from '../api/delete-user';
import { toastFailure } from '@/lib/failure-toast';

interface DeleteUserDialogProps {
  user: User | null;
  onOpenChange: (open: boolean) => void;
}

export function DeleteUserDialog({ user, onOpenChange }: DeleteUserDialogProps) {
  const { t } = useTranslation(['users', 'common']);
  const deleteUser = useDeleteUser();

  const handleDelete = async () => {
    if (!user) return;
    try {
      const archived = await deleteUser.mutateAsync(user.id);
      toast({
        title: t('common:toast.success'),
        description: archived ? t('delete.archived') : t('delete.deleted'),
      });
    } catch (error) {
      toastFailure(error, t('delete.failed'));
    }
  };

  return (
    <ConfirmDeleteDialog
      name={user?.name ?? null}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      question={t('delete.confirm')}
      onConfirm={() => void handleDelete()}
    />
  );
}
