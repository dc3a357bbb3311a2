import type { MpesaSummary } from '@duka/shared/payments/mpesa.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Under ['sales', …]: whatever refreshes the sales (a sale reviewed, a receipt sent) refreshes it. */
export const mpesaSummaryQueryKey = (date: string) => ['sales', 'mpesa-summary', date] as const;

/**
 * GET /payments/mpesa/summary?date=YYYY-MM-DD (issue 23, managers): the day's received M-Pesa
 * payments with the sale each paid, the unverified sales, and the totals.
 */
export function useMpesaSummary(date: string) {
  return useQuery({
    queryKey: mpesaSummaryQueryKey(date),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ success: boolean; data: MpesaSummary }>('/payments/mpesa/summary', {
          query: { date },
          signal,
        })
      ).data,
  });
}

/** The same key the receipt uses for GET /sales/{id}: one cache entry per sale. */
export const saleByIdQueryKey = (saleId: number) => ['sales', saleId] as const;

/** GET /sales/{id}: a sale the M-Pesa view names, for its details. */
export async function getSaleById(saleId: number): Promise<Sale> {
  return (await apiClient.get<{ success: boolean; data: Sale }>(`/sales/${saleId}`)).data;
}
