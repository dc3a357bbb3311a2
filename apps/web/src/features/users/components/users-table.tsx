import type { User } from '@duka/shared/auth/auth.schemas';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

interface UsersTableProps {
  users: User[];
  currentUserId: number;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation(['users', 'common']);
  if (users.length === 0) {
    return <p className="py-6 text-center text-slate-500 dark:text-slate-400">{t('list.empty')}</p>;
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('common:fields.name')}</TableHead>
          <TableHead>{t('common:fields.email')}</TableHead>
          <TableHead>{t('common:fields.role')}</TableHead>
          <TableHead>{t('common:fields.status')}</TableHead>
          <TableHead className="text-right">{t('common:fields.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const isSelf = user.id === currentUserId;
          return (
            <TableRow key={user.id}>
              <TableCell className="font-medium">
                {user.name}
                {isSelf && <span className="ml-2 text-xs text-slate-500">{t('list.you')}</span>}
              </TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>{t(`common:roles.${user.role}`)}</TableCell>
              <TableCell>
                <ActiveBadge active={user.is_active} />
              </TableCell>
              <TableCell className="space-x-2 text-right whitespace-nowrap">
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
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
