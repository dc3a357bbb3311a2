import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { POS_PAGE_SIZE, type PosProduct } from '../lib/pos-products';
import { orFromDevice } from './device-catalogue';

/** Under ['products'], so a sale's invalidation refreshes the till's stock counts too. */
export const posProductsQueryKey = ['products', 'pos'] as const;

export interface PosProductPage {
  data: PosProduct[];
  total: number;
  page: number;
  pageSize: number;
  /** Issue 22: the server could not be reached; this page is the device's catalogue. */
  fromDevice?: true;
}

/**
 * GET /products?q&page&pageSize=12&kind=goods: one page at a time, never the whole catalogue
 * (spec §9); services (the delivery, which has its own button) are left out before paging.
 * With no connection, the same page of the device's catalogue (issue 22) — the query runs even
 * when the browser says it is offline (networkMode 'always'), to reach the device.
 */
export function usePosProducts(q: string, page: number) {
  return useQuery({
    queryKey: [...posProductsQueryKey, { q, page }],
    queryFn: ({ signal }) =>
      orFromDevice<PosProductPage>(
        () =>
          apiClient.get<PosProductPage>('/products', {
            query: { q: q || undefined, page, pageSize: POS_PAGE_SIZE, kind: 'goods' },
            signal,
          }),
        (device) => device.deviceProductPage(q, page),
      ),
    placeholderData: keepPreviousData,
    networkMode: 'always',
  });
}
