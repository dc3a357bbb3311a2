import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '@/lib/api-client';

/** How often the receipt looks again while its SMS is queued (issue 21: sent in the background). */
export const SMS_POLL_MS = 2000;

/**
 * How soon an open receipt first looks again while its invoice waits for KRA (issue 26: sent in
 * the background; the receipt then shows the control unit's number and the QR code).
 */
export const ETIMS_POLL_MS = 3000;

/** The longest wait between two looks while eTIMS is pending. */
export const ETIMS_POLL_MAX_MS = 30_000;

/**
 * How long an open receipt keeps looking while eTIMS is pending; after that it offers 'Check
 * again'. During a KRA outage of hours an open receipt would otherwise read the whole sale every
 * few seconds, on a cheap phone over a slow connection.
 */
export const ETIMS_POLL_FOR_MS = 5 * 60_000;

/**
 * The wait before the next look at a sale whose eTIMS is pending, `waitedMs` after the receipt
 * began watching it: as long as it has waited so far (3 s, 3 s, 6 s, 12 s, 24 s), never more than
 * 30 s, and none once it has watched for five minutes.
 */
export function etimsPollDelay(waitedMs: number): number | false {
  if (waitedMs >= ETIMS_POLL_FOR_MS) return false;
  return Math.min(Math.max(waitedMs, ETIMS_POLL_MS), ETIMS_POLL_MAX_MS);
}

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

/**
 * When to read the sale again: soon while its SMS is queued, backing off while its eTIMS is
 * pending (`waitedMs` since the receipt began watching), else never.
 */
function saleRefetchInterval(sale: Sale | undefined, waitedMs: number): number | false {
  if (sale?.receipt_status.sms_state === 'queued') return SMS_POLL_MS;
  return awaitsEtims(sale) ? etimsPollDelay(waitedMs) : false;
}

/**
 * The sale of an open receipt, and its eTIMS watch: `stalled` once the receipt has stopped
 * looking for KRA's answer, and `checkAgain`, which reads the sale once and starts the watch over.
 */
export function useSale(saleId: number | null) {
  // When this receipt began watching (it opened, or Check again): the back-off counts from it.
  const [watchedSince, setWatchedSince] = useState(() => Date.now());
  const query = useQuery({
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
    // or failed, or (eTIMS) until the receipt has watched long enough. Counted from the last
    // read's time, so the wait is the same however often the dialog renders.
    refetchInterval: (query) =>
      saleRefetchInterval(query.state.data, query.state.dataUpdatedAt - watchedSince),
    // The cache keeps data forever (spec §4); a receipt printed while eTIMS was pending is
    // reopened to be reprinted signed, so it reads the sale again rather than the old copy.
    refetchOnMount: (query) => (awaitsEtims(query.state.data) ? 'always' : true),
  });
  const stalled =
    awaitsEtims(query.data) &&
    saleRefetchInterval(query.data, query.dataUpdatedAt - watchedSince) === false;
  const checkAgain = () => {
    setWatchedSince(Date.now());
    void query.refetch();
  };
  return { query, etims: { stalled, checkAgain } };
}
