import type { Customer } from '@duka/shared/customers/customers.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { orFromDevice } from './device-catalogue';

export const customersQueryKey = ['customers'] as const;

/**
 * GET /customers?q — name, phone or email contains q; the Walk-in Customer first. With no
 * connection, the device's customers and those added on it offline (issue 22).
 */
export function useCustomers(q: string) {
  return useQuery({
    queryKey: [...customersQueryKey, 'list', { q }],
    queryFn: ({ signal }) =>
      orFromDevice<Customer[]>(
        async () =>
          (
            await apiClient.get<{ data: Customer[] }>('/customers', {
              query: { q: q || undefined },
              signal,
            })
          ).data,
        (device) => device.deviceCustomers(q),
      ),
    placeholderData: keepPreviousData,
    networkMode: 'always',
  });
}
