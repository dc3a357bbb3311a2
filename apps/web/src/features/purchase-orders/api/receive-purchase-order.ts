import type {
  PurchaseOrder,
  ReceivePurchaseOrderInput,
} from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { purchaseOrdersQueryKey } from './get-purchase-orders';

/** POST /purchase-orders/{id}/receive: one delivery, received in part or closing short. */
export async function receivePurchaseOrder({
  id,
  body,
}: {
  id: number;
  body: ReceivePurchaseOrderInput;
}) {
  return apiClient.post<PurchaseOrder>(`/purchase-orders/${id}/receive`, body);
}

export function useReceivePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receivePurchaseOrder,
    onSuccess: async () => {
      // What arrived raised stock: every product list and search shows the new quantities.
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      await queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey });
    },
  });
}
