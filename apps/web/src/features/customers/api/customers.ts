import type {
  CreateCustomerInput,
  Customer,
  UpdateCustomerInput,
  customerDeleteResponseSchema,
} from '@duka/shared/customers/customers.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/**
 * The same root key as the till's customer selector: a change made here also refreshes the
 * till's list (spec §7: each customer call invalidates the customers data).
 */
export const customersQueryKey = ['customers'] as const;

/**
 * GET /customers?q — the page's cards; super_admin's store_id is attached by the API client.
 * `owing` (issue 21, the Debtors view): only the customers who owe, largest balance first.
 */
export function useCustomerList(q: string, { owing = false }: { owing?: boolean } = {}) {
  return useQuery({
    queryKey: [...customersQueryKey, 'page', { q, owing }],
    queryFn: ({ signal }) =>
      apiClient.get<{ data: Customer[] }>('/customers', {
        query: { q: q || undefined, owing: owing ? 'true' : undefined },
        signal,
      }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customersQueryKey });
}

export function useCreateCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (input: CreateCustomerInput) =>
      apiClient.post<{ data: Customer }>('/customers', input),
    onSuccess: invalidate,
  });
}

export function useUpdateCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateCustomerInput }) =>
      apiClient.put<{ data: Customer }>(`/customers/${id}`, input),
    onSuccess: invalidate,
  });
}

/** DELETE /customers/{id}: a customer with history is archived (hidden) instead of erased. */
export function useDeleteCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.delete<z.infer<typeof customerDeleteResponseSchema>>(`/customers/${id}`),
    onSuccess: invalidate,
  });
}
