import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Under ['sales', …] so that invalidating ['sales'] (a receipt sent, a new sale) refreshes it. */
export const saleQueryKey = (saleId: number) => ['sales', saleId] as const;

/** GET /sales/{id} (spec §7): the sale for the receipt view. */
export async function getSale(saleId: number): Promise<Sale> {
  const response = await apiClient.get<{ success: boolean; data: Sale }>(`/sales/${saleId}`);
  return response.data;
}

export function useSale(saleId: number | null) {
  return useQuery({
    queryKey: saleQueryKey(saleId ?? 0),
    queryFn: async () => {
      try {
        return await getSale(saleId!);
      } catch (error) {
        // Spec §8: a failed receipt fetch is only logged (the dialog offers a retry).
        console.error('Failed to load the sale for its receipt', error);
        throw error;
      }
    },
    enabled: saleId !== null,
  });
}
