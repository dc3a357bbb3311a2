import type { User } from '@duka/shared/auth/auth.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const usersQueryKey = ['users'] as const;

/** GET /users: the accounts of the current store (a super_admin's store_id is attached). */
export async function getUsers(): Promise<User[]> {
  const response = await apiClient.get<{ data: User[] }>('/users');
  return response.data;
}

export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: usersQueryKey, queryFn: getUsers, enabled });
}
