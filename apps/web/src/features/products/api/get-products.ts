import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { InventoryProduct } from '../lib/product-types';

/** Every products query key starts here, so one invalidation refreshes lists and histories. */
export const productsQueryKey = ['products'] as const;

export interface ProductListParams {
  /** Name, SKU or barcode (server-side search); empty lists everything. */
  q: string;
  page: number;
  pageSize: number;
  /** Low stock (below the minimum), or count needed (issue 22: stock below zero); none: all. */
  stock?: StockFilter;
}

export const STOCK_FILTERS = ['low', 'count_needed'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export interface ProductPage {
  data: InventoryProduct[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * GET /products: one page of the store's products (a chain may have 50,000; never all), with
 * low_stock=true or count_needed=true when a stock filter is chosen.
 */
export function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductPage> {
  return apiClient.get<ProductPage>('/products', {
    query: {
      q: params.q || undefined,
      page: params.page,
      pageSize: params.pageSize,
      low_stock: params.stock === 'low' ? 'true' : undefined,
      count_needed: params.stock === 'count_needed' ? 'true' : undefined,
    },
    signal,
  });
}

export function useProducts(params: ProductListParams) {
  return useQuery({
    queryKey: [...productsQueryKey, 'list', params],
    queryFn: ({ signal }) => getProducts(params, signal),
    // The current page stays on screen while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });
}
