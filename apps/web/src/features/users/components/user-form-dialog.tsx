import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@duka/shared/auth/auth.schemas';
import { assignableRoles } from '@duka/shared/auth/permissions';
import type { Role } from '@duka/shared/auth/roles';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import {
  changedUserFields,
  createUserFormSchema,
  editUserFormSchema,
  type UserFormOutput,
  type UserFormValues,
} from '../lib/user-form';
import { UserFormFields } from './user-form-fields';
import { toastFailure } from '@/lib/failure-toast';

interface UserFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account being edited; null to add one. */
  user: User | null;
  currentUser: Pick<User, 'id' | 'role'>;
}

const FIELDS = ['name', 'email', 'password', 'role', 'is_active'] as const;

export function UserFormDialog({ open, onOpenChange, user, currentUser }: UserFormDialogProps) {
  const { t } = useTranslation(['users', 'common']);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const isSelf = user?.id === currentUser.id;
  const roles = useMemo<readonly Role[]>(() => {
    const allowed = assignableRoles(currentUser.role);
    return user && !allowed.includes(user.role) ? [user.role, ...allowed] : allowed;
  }, [currentUser.role, user]);

  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: zodResolver(user ? editUserFormSchema : createUserFormSchema),
  });
  const { reset, handleSubmit, setError, formState } = form;

  useEffect(() => {
    if (!open) return;
    const defaultRole = roles.includes('sales') ? 'sales' : (roles[0] ?? 'sales');
    reset({
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      role: user?.role ?? defaultRole,
      is_active: user?.is_active ?? true,
    });
  }, [open, user, roles, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (user) {
        const changes = changedUserFields(user, values);
        if (Object.keys(changes).length > 0) {
          await updateUser.mutateAsync({ id: user.id, input: changes });
        }
        toast({ title: t('common:toast.success'), description: t('form.updated') });
      } else {
        await createUser.mutateAsync(values);
        toast({ title: t('common:toast.success'), description: t('form.created') });
      }
      onOpenChange(false);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toastFailure(error, user ? t('form.updateFailed') : t('form.createFailed'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{user ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>
            {user ? t('form.editDescription') : t('form.addDescription')}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <UserFormFields
            form={form}
            roles={roles}
            passwordLabel={user ? t('form.newPassword') : t('common:fields.password')}
            lockRoleAndStatus={isSelf}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {user ? t('form.update') : t('form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
