import type { ShopperProduct } from '@duka/shared/products/products.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SHOP_PAGE_SIZE } from '../lib/shop-products';

/** Under ['products'], so an order or a sale that changes stock refreshes the shop too. */
export const shopProductsQueryKey = ['products', 'shop'] as const;

export interface ShopProductPage {
  data: ShopperProduct[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * GET /products?q&page&pageSize=12&active=true&kind=goods (spec §2 Shop, §9). A shopper only
 * ever gets active products with selling prices; `active=true` gives staff who open /shop the
 * same shelf; `kind=goods` leaves services (the delivery) out before paging, so a page holds 12.
 */
export function useShopProducts(q: string, page: number) {
  return useQuery({
    queryKey: [...shopProductsQueryKey, { q, page }],
    queryFn: ({ signal }) =>
      apiClient.get<ShopProductPage>('/products', {
        query: { q: q || undefined, page, pageSize: SHOP_PAGE_SIZE, active: true, kind: 'goods' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
