import type { ManagedUser } from '@duka/shared/users/users.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const usersQueryKey = ['users'] as const;

/**
 * GET /users: the accounts of the current store (a super_admin's store_id is attached),
 * archived ones (people who left, issue 20) among them.
 */
export async function getUsers(): Promise<ManagedUser[]> {
  const response = await apiClient.get<{ data: ManagedUser[] }>('/users');
  return response.data;
}

export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: usersQueryKey, queryFn: getUsers, enabled });
}
