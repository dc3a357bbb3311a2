import type { StockMovement } from '@duka/shared/products/products.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { productsQueryKey } from './get-products';

export interface MovementPage {
  data: StockMovement[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /products/{id}/movements: a product's stock history, newest first, one page. */
export function getProductMovements(
  productId: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<MovementPage> {
  return apiClient.get<MovementPage>(`/products/${productId}/movements`, {
    query: { page, pageSize },
    signal,
  });
}

export function useProductMovements(productId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...productsQueryKey, 'movements', productId, { page, pageSize }],
    queryFn: ({ signal }) => getProductMovements(productId!, page, pageSize, signal),
    enabled: productId !== null,
    placeholderData: keepPreviousData,
  });
}
