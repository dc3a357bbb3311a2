import type { Order, UpdateOrderStatusInput } from '@duka/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { orderQueryKey } from './get-order';
import { ordersQueryKey } from './get-orders';

export interface OrderStatusChange {
  id: number;
  status: UpdateOrderStatusInput['status'];
}

/** PUT /orders/{id}/status (PRODUCT.md §4: Mark as Shipped / Fulfilled persist). */
export async function updateOrderStatus({ id, status }: OrderStatusChange): Promise<Order> {
  const body: UpdateOrderStatusInput = { status };
  return (await apiClient.put<{ success: boolean; data: Order }>(`/orders/${id}/status`, body))
    .data;
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  const refresh = async (status: OrderStatusChange['status']) => {
    // Fulfilling takes stock: every product list and search shows the new quantities.
    if (status === 'fulfilled') await queryClient.invalidateQueries({ queryKey: ['products'] });
    await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  };
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: async (order, { id, status }) => {
      queryClient.setQueryData(orderQueryKey(id), order);
      await refresh(status);
    },
    // Refused (another cashier moved it first, or stock ran short): show what is true now.
    onError: async (_error, { status }) => {
      await refresh(status);
    },
  });
}
