import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

/** DELETE /users/{id}: true when the account had history and was archived instead. */
export async function deleteUser(id: number): Promise<boolean> {
  const response = await apiClient.delete<{ success: true; archived: boolean }>(`/users/${id}`);
  return response.archived;
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
