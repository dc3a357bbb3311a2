import type { User } from '@duka/shared/auth/auth.schemas';
import type { UpdateUserInput } from '@duka/shared/users/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export async function updateUser({ id, input }: { id: number; input: UpdateUserInput }) {
  const response = await apiClient.put<{ success: boolean; data: User }>(`/users/${id}`, input);
  return response.data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
