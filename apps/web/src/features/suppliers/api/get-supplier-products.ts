import type { ProductSupplier } from '@duka/shared/suppliers/product-suppliers.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { suppliersQueryKey } from './get-suppliers';

export const supplierProductsQueryKey = (supplierId: number) =>
  [...suppliersQueryKey, supplierId, 'products'] as const;

/** GET /product-suppliers?supplier_id=: the products linked to one supplier. */
export async function getSupplierProducts(supplierId: number): Promise<ProductSupplier[]> {
  return apiClient.get<ProductSupplier[]>('/product-suppliers', {
    query: { supplier_id: supplierId },
  });
}

export function useSupplierProducts(supplierId: number | null) {
  return useQuery({
    queryKey: supplierProductsQueryKey(supplierId ?? 0),
    queryFn: () => getSupplierProducts(supplierId!),
    enabled: supplierId !== null,
  });
}
