import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { productsQueryKey } from './get-products';

/** DELETE /products/{id}/images/{imageId}: one photo, file and thumbnail. */
export async function deleteProductImage({
  productId,
  imageId,
}: {
  productId: number;
  imageId: number;
}): Promise<void> {
  await apiClient.delete(`/products/${productId}/images/${imageId}`);
}

export function useDeleteProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
