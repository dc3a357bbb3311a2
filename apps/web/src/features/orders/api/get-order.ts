import type { Order } from '@duka/shared/orders/orders.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

export const orderQueryKey = (id: number) => [...ordersQueryKey, 'detail', id] as const;

/** GET /orders/{id}: the order as it stands now (another cashier may have moved it). */
export async function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return (await apiClient.get<{ success: boolean; data: Order }>(`/orders/${id}`, { signal })).data;
}

/** The open order; the list's copy shows at once while the fresh one loads. */
export function useOrder(order: Order | null) {
  const id = order?.id ?? 0;
  return useQuery({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: order !== null,
    placeholderData: order ?? undefined,
  });
}
