import type {
  CreateProductSupplierInput,
  ProductSupplier,
} from '@duka/shared/suppliers/product-suppliers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { supplierProductsQueryKey } from './get-supplier-products';

/** POST /product-suppliers: this supplier sells this product (linking twice is harmless). */
export async function linkProduct(input: CreateProductSupplierInput): Promise<ProductSupplier> {
  return apiClient.post<ProductSupplier>('/product-suppliers', input);
}

export function useLinkProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkProduct,
    onSuccess: (_link, input) =>
      queryClient.invalidateQueries({ queryKey: supplierProductsQueryKey(input.supplier_id) }),
  });
}
