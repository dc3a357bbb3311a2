import type { User } from '@duka/shared/auth/auth.schemas';
import type { ManagedUser } from '@duka/shared/users/users.schemas';
import { useTranslation } from 'react-i18next';
import { ActiveBadge, Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';

interface UsersTableProps {
  users: ManagedUser[];
  currentUserId: number;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation(['users', 'common']);
  const columns: ResponsiveColumn<ManagedUser>[] = [
    {
      id: 'name',
      header: t('common:fields.name'),
      primary: true,
      className: 'font-medium',
      cell: (user) => (
        <>
          {user.name}
          {user.id === currentUserId && (
            <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">
              {t('list.you')}
            </span>
          )}
        </>
      ),
    },
    { id: 'email', header: t('common:fields.email'), cell: (user) => user.email },
    { id: 'role', header: t('common:fields.role'), cell: (user) => t(`common:roles.${user.role}`) },
    {
      id: 'status',
      header: t('common:fields.status'),
      // Someone who left stays listed, archived, so their sales keep a name (issue 20).
      cell: (user) =>
        user.archived_at ? (
          <Badge variant="outline" title={t('list.archivedHint')}>
            {t('list.archived')}
          </Badge>
        ) : (
          <ActiveBadge active={user.is_active} />
        ),
    },
  ];

  return (
    <ResponsiveTable
      label={t('list.label')}
      actionsHeader={t('common:fields.actions')}
      rows={users}
      columns={columns}
      rowKey={(user) => user.id}
      empty={
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('list.empty')}</p>
      }
      actions={(user) => {
        const isSelf = user.id === currentUserId;
        // An archived account is kept only for its name: nothing to edit or delete.
        if (user.archived_at) {
          return (
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {t('list.archivedHint')}
            </span>
          );
        }
        return (
          <>
            <Button variant="outline" size="sm" onClick={() => onEdit(user)}>
              {t('common:actions.edit')}
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={isSelf}
              title={isSelf ? t('list.cannotDeleteSelf') : undefined}
              onClick={() => onDelete(user)}
            >
              {t('common:actions.delete')}
            </Button>
          </>
        );
      }}
    />
  );
}
