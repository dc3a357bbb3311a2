import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { InventoryProduct } from '../lib/product-types';
import { productsQueryKey } from './get-products';

/**
 * POST /products/{id}/barcode (issue 25): the product, given the store's next internal EAN-13
 * (20…); 409 when it already has a barcode.
 */
export async function assignBarcode(id: number): Promise<InventoryProduct> {
  const response = await apiClient.post<{ success: true; data: InventoryProduct }>(
    `/products/${id}/barcode`,
    {},
  );
  return response.data;
}

export function useAssignBarcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignBarcode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
