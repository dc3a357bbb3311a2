import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** How often the receipt looks again while its SMS is queued (issue 21: sent in the background). */
export const SMS_POLL_MS = 2000;

/**
 * How often an open receipt looks again while its invoice waits for KRA (issue 26: sent in the
 * background; the receipt then shows the control unit's number and the QR code).
 */
export const ETIMS_POLL_MS = 3000;

/** Whether the sale's invoice, or the credit note of one of its returns, is waiting for eTIMS. */
export function awaitsEtims(sale: Sale | undefined): boolean {
  if (!sale) return false;
  return (
    sale.etims?.status === 'pending' ||
    sale.returns.some((saleReturn) => saleReturn.etims?.status === 'pending')
  );
}

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
    // The SMS and the eTIMS invoice go out in the background: look again until each has gone
    // or failed.
    refetchInterval: (query) =>
      query.state.data?.receipt_status.sms_state === 'queued'
        ? SMS_POLL_MS
        : awaitsEtims(query.state.data)
          ? ETIMS_POLL_MS
          : false,
    // The cache keeps data forever (spec §4); a receipt printed while eTIMS was pending is
    // reopened to be reprinted signed, so it reads the sale again rather than the old copy.
    refetchOnMount: (query) => (awaitsEtims(query.state.data) ? 'always' : true),
  });
}
