import type { User } from '@duka/shared/auth/auth.schemas';
import { formatRole } from '@duka/shared/auth/roles';
import { ActiveBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';

interface UsersTableProps {
  users: User[];
  currentUserId: number;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
  const columns: ResponsiveColumn<User>[] = [
    {
      id: 'name',
      header: 'Name',
      primary: true,
      className: 'font-medium',
      cell: (user) => (
        <>
          {user.name}
          {user.id === currentUserId && (
            <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">
              (you)
            </span>
          )}
        </>
      ),
    },
    { id: 'email', header: 'Email', cell: (user) => user.email },
    { id: 'role', header: 'Role', cell: (user) => formatRole(user.role) },
    { id: 'status', header: 'Status', cell: (user) => <ActiveBadge active={user.is_active} /> },
  ];

  return (
    <ResponsiveTable
      label="Staff accounts"
      rows={users}
      columns={columns}
      rowKey={(user) => user.id}
      empty={
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">
          No users found for this store.
        </p>
      }
      actions={(user) => {
        const isSelf = user.id === currentUserId;
        return (
          <>
            <Button variant="outline" size="sm" onClick={() => onEdit(user)}>
              Edit
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={isSelf}
              title={isSelf ? 'You cannot delete your own account' : undefined}
              onClick={() => onDelete(user)}
            >
              Delete
            </Button>
          </>
        );
      }}
    />
  );
}
