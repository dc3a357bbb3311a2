import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { expensesQueryKey } from './get-expenses';

/** DELETE /expenses/{id} answers `{ success: true }`. */
export async function deleteExpense(id: number): Promise<void> {
  await apiClient.delete<{ success: true }>(`/expenses/${id}`);
}

export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesQueryKey }),
  });
}
