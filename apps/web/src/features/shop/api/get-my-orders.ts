import type { Order } from '@duka/shared/orders/orders.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Spec §9: orders 10 a page. */
export const MY_ORDERS_PAGE_SIZE = 10;

/** Under ['orders'], so a new order (or a status change) refreshes "My orders". */
export const myOrdersQueryKey = ['orders', 'mine'] as const;

export interface OrderPage {
  orders: Order[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /orders?page&pageSize=10&mine=true: the orders the signed-in person placed. */
export function useMyOrders(page: number) {
  return useQuery({
    queryKey: [...myOrdersQueryKey, { page }],
    queryFn: ({ signal }) =>
      apiClient.get<OrderPage>('/orders', {
        query: { page, pageSize: MY_ORDERS_PAGE_SIZE, mine: true },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
