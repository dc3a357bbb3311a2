import type { CreateOrderBody, Order } from '@duka/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /orders (spec §7): `{ items: [{ product_id, quantity, unit_type, unit_price }] }`, with
 * the shopper's phone, pickup or delivery and a delivery's address (issue 20).
 */
export async function createOrder(input: CreateOrderBody): Promise<Order> {
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
