import type { CreateCustomerInput, Customer } from '@duka/shared/customers/customers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { TillCustomer } from '../lib/device-products';
import { orFromDevice } from './device-catalogue';
import { customersQueryKey } from './get-customers';

/**
 * POST /customers from the till's quick add. With no connection (issue 22) the customer is kept
 * on the device and sent by the uploader before the sales that name them; the same
 * client_customer_id goes with the POST, so a POST that reached the server with its answer lost
 * and the device's copy are one customer.
 */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<CreateCustomerInput, 'name' | 'phone'>): Promise<TillCustomer> => {
      // Sent online too: a POST whose answer was lost and the device's copy make one customer.
      const body = { ...input, client_customer_id: crypto.randomUUID() };
      return orFromDevice<TillCustomer>(
        async () => (await apiClient.post<{ data: Customer }>('/customers', body)).data,
        (device) => device.addDeviceCustomer(body),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
    networkMode: 'always',
  });
}
