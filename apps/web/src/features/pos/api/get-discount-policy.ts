import type { DiscountPolicy } from '@duka/shared/sales/sales.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET /sales/discount-policy (issue 20): the store's cap on a cashier's discount and whether it
 * holds the signed-in seller, so the till asks for a manager before sending.
 */
export function useDiscountPolicy() {
  return useQuery({
    queryKey: ['discount-policy'],
    queryFn: async () =>
      (await apiClient.get<{ success: boolean; data: DiscountPolicy }>('/sales/discount-policy'))
        .data,
  });
}
