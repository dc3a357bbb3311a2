import type { Customer } from '@duka/shared/customers/customers.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const customersQueryKey = ['customers'] as const;

/** GET /customers?q — name, phone or email contains q; the Walk-in Customer first. */
export function useCustomers(q: string) {
  return useQuery({
    queryKey: [...customersQueryKey, 'list', { q }],
    queryFn: ({ signal }) =>
      apiClient.get<{ data: Customer[] }>('/customers', { query: { q: q || undefined }, signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}
