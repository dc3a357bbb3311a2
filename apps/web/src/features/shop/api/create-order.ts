import type { CreateOrderInput, Order } from '@duka/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /orders (spec §7): `{ items: [{ product_id, quantity, unit_type, unit_price }] }`. */
export async function createOrder(input: CreateOrderInput): Promise<Order> {
  const response = await apiClient.post<{ success: true; data: Order }>('/orders', input);
  return response.data;
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // "My orders" shows the new order at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
