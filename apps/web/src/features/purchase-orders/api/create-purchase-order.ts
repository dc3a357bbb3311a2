import type {
  createPurchaseOrderSchema,
  PurchaseOrder,
} from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { purchaseOrdersQueryKey } from './get-purchase-orders';

export type CreatePurchaseOrderBody = z.input<typeof createPurchaseOrderSchema>;

/** POST /purchase-orders (spec §7); the server recomputes the total from the items. */
export async function createPurchaseOrder(body: CreatePurchaseOrderBody): Promise<PurchaseOrder> {
  return apiClient.post<PurchaseOrder>('/purchase-orders', body);
}

export function useCreatePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchaseOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey }),
  });
}
