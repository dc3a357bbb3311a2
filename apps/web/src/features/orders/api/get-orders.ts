import type { Order } from '@duka/shared/orders/orders.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Spec §9: orders are listed 10 a page. */
export const ORDERS_PAGE_SIZE = 10;

/** Every orders query key starts here, so one invalidation refreshes the list and an order. */
export const ordersQueryKey = ['orders'] as const;
/** The store's orders (staff); a shopper's own orders ("My orders") are another list. */
export const ordersListQueryKey = (page: number) =>
  [...ordersQueryKey, 'list', { scope: 'store', page }] as const;

export interface OrdersPage {
  orders: Order[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /orders?page&pageSize=10 (spec §7): the store's orders, newest first. */
export function getOrders(page: number, signal?: AbortSignal): Promise<OrdersPage> {
  return apiClient.get<OrdersPage>('/orders', {
    query: { page, pageSize: ORDERS_PAGE_SIZE },
    signal,
  });
}

/** Spec §7: the list is fetched only while the Orders tab is the one open (`enabled`). */
export function useOrders(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ordersListQueryKey(page),
    queryFn: ({ signal }) => getOrders(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
