import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ProductPayload } from '../lib/product-form';
import type { InventoryProduct } from '../lib/product-types';
import { productsQueryKey } from './get-products';

/** JSON fields, or multipart with photos (spec §7). */
export type ProductBody = Partial<ProductPayload> | FormData;

interface ProductResponse {
  success: true;
  data: InventoryProduct;
}

/** POST /products (201). */
export async function createProduct(body: ProductBody): Promise<InventoryProduct> {
  return (await apiClient.post<ProductResponse>('/products', body)).data;
}

/** PUT /products/{id}: the fields sent change; photos sent are added to the product's. */
export async function updateProduct({
  id,
  body,
}: {
  id: number;
  body: ProductBody;
}): Promise<InventoryProduct> {
  return (await apiClient.put<ProductResponse>(`/products/${id}`, body)).data;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
