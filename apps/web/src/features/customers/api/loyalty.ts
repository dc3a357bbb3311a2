import type {
  LoyaltyAdjustInput,
  LoyaltyTransaction,
} from '@duka/shared/customers/customers.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { customersQueryKey } from './customers';

const loyaltyKey = (customerId: number) => [...customersQueryKey, 'loyalty', customerId] as const;

interface Points {
  customer_id: number;
  points: number;
}

/** GET /customers/{id}/loyalty/points */
export function useLoyaltyPoints(customerId: number | null) {
  return useQuery({
    queryKey: [...loyaltyKey(customerId ?? 0), 'points'],
    queryFn: ({ signal }) =>
      apiClient.get<{ data: Points }>(`/customers/${customerId}/loyalty/points`, { signal }),
    select: (response) => response.data.points,
    enabled: customerId !== null,
  });
}

/** GET /customers/{id}/loyalty/transactions — newest first. */
export function useLoyaltyTransactions(customerId: number | null) {
  return useQuery({
    queryKey: [...loyaltyKey(customerId ?? 0), 'transactions'],
    queryFn: ({ signal }) =>
      apiClient.get<{ data: LoyaltyTransaction[] }>(
        `/customers/${customerId}/loyalty/transactions`,
        { signal },
      ),
    select: (response) => response.data,
    enabled: customerId !== null,
  });
}

/** POST /loyalty/add-points or /loyalty/redeem-points; refreshes the balance, history and cards. */
export function useAdjustLoyalty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, input }: { kind: 'add' | 'redeem'; input: LoyaltyAdjustInput }) =>
      apiClient.post<{ success: true; data: Points }>(
        kind === 'add' ? '/loyalty/add-points' : '/loyalty/redeem-points',
        input,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
