import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { productsQueryKey } from './get-products';

/**
 * DELETE /products/{id}. True when the product has stock history and the server deactivated
 * it instead of erasing it.
 */
export async function deleteProduct(id: number): Promise<boolean> {
  const response = await apiClient.delete<{ success: true; deactivated: boolean }>(
    `/products/${id}`,
  );
  return response.deactivated;
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
