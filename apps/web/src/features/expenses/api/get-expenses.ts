import type { Expense } from '@duka/shared/expenses/expenses.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const expensesQueryKey = ['expenses'] as const;

/** GET /expenses: the current store's expenses, newest day first (spec §7: field `expenses`). */
export async function getExpenses(signal?: AbortSignal): Promise<Expense[]> {
  const body = await apiClient.get<{ expenses: Expense[] }>('/expenses', { signal });
  return body.expenses;
}

export function useExpenses() {
  return useQuery({ queryKey: expensesQueryKey, queryFn: ({ signal }) => getExpenses(signal) });
}
