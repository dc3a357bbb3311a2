import type { PurchaseOrder } from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const purchaseOrdersQueryKey = ['purchase-orders'] as const;

/** GET /purchase-orders: a plain array, newest first, each with its supplier and items. */
export async function getPurchaseOrders(): Promise<PurchaseOrder[]> {
  return apiClient.get<PurchaseOrder[]>('/purchase-orders');
}

export function usePurchaseOrders() {
  return useQuery({ queryKey: purchaseOrdersQueryKey, queryFn: getPurchaseOrders });
}
