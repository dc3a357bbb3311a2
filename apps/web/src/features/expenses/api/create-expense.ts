import type { CreateExpenseBody, Expense } from '@duka/shared/expenses/expenses.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { expensesQueryKey } from './get-expenses';

/** POST /expenses answers `{ success, data }` (spec §7). */
export async function createExpense(input: CreateExpenseBody): Promise<Expense> {
  const body = await apiClient.post<{ success: true; data: Expense }>('/expenses', input);
  return body.data;
}

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesQueryKey }),
  });
}
