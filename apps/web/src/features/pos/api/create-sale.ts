import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, ApiRequestError } from '@/lib/api-client';
import { saleIdFrom, type SalePayload } from '../lib/checkout';

/** Issue 22: a checkout with no answer after this long goes to the device's outbox. */
export const CHECKOUT_TIMEOUT_MS = 15_000;

export interface CreateSaleRequest {
  payload: SalePayload;
  /** The checkout's Idempotency-Key (its client_sale_id): the same for every retry. */
  idempotencyKey: string;
  timeoutMs?: number;
}

/** The server refused the device's time (a clock set minutes ahead), and nothing else. */
function refusesSoldAt(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 400 &&
    error.errors.length > 0 &&
    error.errors.every((field) => field.path === 'sold_at')
  );
}

/**
 * POST /sales; resolves to the new (or, on a retry, the first) sale's id. Aborted after 15 s
 * (a TimeoutError: no answer, as when offline). A sale made online whose device clock the
 * server refuses (more than 5 minutes ahead) is sent again at once without the time: the
 * server's own time is right for a sale made now.
 */
export async function createSale({
  payload,
  idempotencyKey,
  timeoutMs = CHECKOUT_TIMEOUT_MS,
}: CreateSaleRequest): Promise<number> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The checkout timed out', 'TimeoutError')),
    timeoutMs,
  );
  const send = async (body: SalePayload) =>
    saleIdFrom(
      await apiClient.post<unknown>('/sales', body, {
        headers: { 'Idempotency-Key': idempotencyKey },
        signal: controller.signal,
      }),
    );
  try {
    try {
      return await send(payload);
    } catch (error) {
      if (payload.sold_at === undefined || !refusesSoldAt(error)) throw error;
      const withServerTime = { ...payload };
      delete withServerTime.sold_at;
      return await send(withServerTime);
    }
  } finally {
    clearTimeout(timer);
  }
}

export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSale,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
      // The customer earned loyalty points: their balance and history changed.
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
