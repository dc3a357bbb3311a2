import type {
  PurchaseOrder,
  PurchaseOrderStatus,
} from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { purchaseOrdersQueryKey } from './get-purchase-orders';

export interface StatusChange {
  id: number;
  status: PurchaseOrderStatus;
}

/** PUT /purchase-orders/{id}/status (approve, reject, or mark an approved order received). */
export async function updatePurchaseOrderStatus({ id, status }: StatusChange) {
  return apiClient.put<PurchaseOrder>(`/purchase-orders/${id}/status`, { status });
}

export function useUpdatePurchaseOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePurchaseOrderStatus,
    onSuccess: async (_order, { status }) => {
      // Receiving raises stock: every product list and search shows the new quantities.
      if (status === 'received') await queryClient.invalidateQueries({ queryKey: ['products'] });
      await queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey });
    },
  });
}
