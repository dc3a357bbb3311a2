import type { User } from '@duka/shared/auth/auth.schemas';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useUsers } from '../api/get-users';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UsersTable } from './users-table';

interface UsersManagerProps {
  currentUser: User;
  /** False until the list can be asked for (a super_admin needs a chosen store). */
  enabled: boolean;
}

export function UsersManager({ currentUser, enabled }: UsersManagerProps) {
  const { t } = useTranslation('users');
  const { data: users = [], isLoading, error } = useUsers({ enabled });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const openForm = (user: User | null) => {
    setEditing(user);
    setFormOpen(true);
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4 space-y-0">
        <CardTitle className="text-lg">{t('list.title')}</CardTitle>
        <Button onClick={() => openForm(null)}>
          <PlusIcon />
          {t('list.add')}
        </Button>
      </CardHeader>
      <CardContent>
        {!enabled || isLoading ? (
          <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('list.loading')}</p>
        ) : error ? (
          <p role="alert" className="py-6 text-center text-red-600 dark:text-red-400">
            {translateMessage(errorMessage(error, t('list.loadFailed')))}
          </p>
        ) : (
          <UsersTable
            users={users}
            currentUserId={currentUser.id}
            onEdit={openForm}
            onDelete={setDeleting}
          />
        )}
      </CardContent>
      <UserFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        user={editing}
        currentUser={currentUser}
      />
      <DeleteUserDialog
        user={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      />
    </Card>
  );
}
