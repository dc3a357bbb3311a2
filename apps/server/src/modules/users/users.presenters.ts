/** Accounts as the API answers them: never the password hash. */
import type { ManagedUser } from '@duka/shared/users/users.schemas';
import type { UserRow } from './users.table';

type UserFields = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'role' | 'storeId' | 'isActive' | 'createdAt'
> & { archivedAt?: Date | null };

export function presentUser(row: UserFields): ManagedUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    store_id: row.storeId,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    archived_at: row.archivedAt ? row.archivedAt.toISOString() : null,
  };
}
