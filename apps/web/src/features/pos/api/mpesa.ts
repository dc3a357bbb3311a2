/**
 * M-Pesa at the till (issue 23, decisions/0013 § The till): where a customer pays, the prompt to
 * the customer's phone and its answer, and the store's received payments not yet on a sale.
 * Loaded with the M-Pesa panel, called only while 'Complete Sale' is open with M-Pesa chosen.
 */
import type {
  MpesaTillConfig,
  ReceivedPayment,
  StkPushInput,
  StkStatusView,
} from '@duka/shared/payments/mpesa.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** How often the till asks for the prompt's answer, and for how long (issue 23). */
export const STK_POLL_MS = 2000;
export const STK_WAIT_MS = 3 * 60_000;
/** How often the Received payments list is read while it shows. */
export const RECEIVED_POLL_MS = 3000;

export const mpesaQueryKey = ['mpesa'] as const;

/** GET /payments/mpesa/config: may prompts be sent, where a customer pays. */
export function useMpesaTillConfig() {
  return useQuery({
    queryKey: [...mpesaQueryKey, 'config'],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: MpesaTillConfig }>('/payments/mpesa/config', {
          signal,
        })
      ).data,
    // The store's settings change rarely: read again when the next checkout opens the panel.
    staleTime: 60_000,
  });
}

/** POST /payments/mpesa/stk: the prompt's id, pending until the customer answers. */
export async function sendStkPrompt(input: StkPushInput): Promise<number> {
  const answer = await apiClient.post<{ data: { id: number } }>('/payments/mpesa/stk', input);
  return answer.data.id;
}

/** GET /payments/mpesa/{id}: the prompt's state (the panel asks every 2 s while pending). */
export async function getStkStatus(id: number, signal?: AbortSignal): Promise<StkStatusView> {
  return (await apiClient.get<{ data: StkStatusView }>(`/payments/mpesa/${id}`, { signal })).data;
}

/** GET /payments/mpesa/received?unmatched=true every 3 s while the list shows. */
export function useUnmatchedReceived(enabled: boolean) {
  return useQuery({
    queryKey: [...mpesaQueryKey, 'received', 'unmatched'],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: ReceivedPayment[] }>('/payments/mpesa/received', {
          query: { unmatched: 'true' },
          signal,
        })
      ).data,
    enabled,
    staleTime: 0,
    refetchInterval: RECEIVED_POLL_MS,
    refetchIntervalInBackground: true,
  });
}
