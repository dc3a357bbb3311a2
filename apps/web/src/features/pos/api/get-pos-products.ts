import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { POS_PAGE_SIZE, type PosProduct } from '../lib/pos-products';

/** Under ['products'], so a sale's invalidation refreshes the till's stock counts too. */
export const posProductsQueryKey = ['products', 'pos'] as const;

export interface PosProductPage {
  data: PosProduct[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * GET /products?q&page&pageSize=12&kind=goods: one page at a time, never the whole catalogue
 * (spec §9); services (the delivery, which has its own button) are left out before paging.
 */
export function usePosProducts(q: string, page: number) {
  return useQuery({
    queryKey: [...posProductsQueryKey, { q, page }],
    queryFn: ({ signal }) =>
      apiClient.get<PosProductPage>('/products', {
        query: { q: q || undefined, page, pageSize: POS_PAGE_SIZE, kind: 'goods' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
