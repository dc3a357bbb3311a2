import type { User } from '@duka/shared/auth/auth.schemas';
import { formatRole } from '@duka/shared/auth/roles';
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
  if (users.length === 0) {
    return (
      <p className="py-6 text-center text-slate-500 dark:text-slate-400">
        No users found for this store.
      </p>
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const isSelf = user.id === currentUserId;
          return (
            <TableRow key={user.id}>
              <TableCell className="font-medium">
                {user.name}
                {isSelf && <span className="ml-2 text-xs text-slate-500">(you)</span>}
              </TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>{formatRole(user.role)}</TableCell>
              <TableCell>
                <ActiveBadge active={user.is_active} />
              </TableCell>
              <TableCell className="space-x-2 text-right whitespace-nowrap">
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
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
