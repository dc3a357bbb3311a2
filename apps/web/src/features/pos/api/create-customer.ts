import type { CreateCustomerInput, Customer } from '@duka/shared/customers/customers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { customersQueryKey } from './get-customers';

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Pick<CreateCustomerInput, 'name' | 'phone'>) =>
      (await apiClient.post<{ data: Customer }>('/customers', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
