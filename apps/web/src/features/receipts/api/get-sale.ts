import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** How often the receipt looks again while its SMS is queued (issue 21: sent in the background). */
export const SMS_POLL_MS = 2000;

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
    // The SMS goes out in the background: look again until it has gone or failed.
    refetchInterval: (query) =>
      query.state.data?.receipt_status.sms_state === 'queued' ? SMS_POLL_MS : false,
  });
}
