import type { User } from '@duka/shared/auth/auth.schemas';
import type { CreateUserInput } from '@duka/shared/users/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export async function createUser(input: CreateUserInput): Promise<User> {
  const response = await apiClient.post<{ success: boolean; data: User }>('/users', input);
  return response.data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
