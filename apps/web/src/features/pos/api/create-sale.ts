import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { saleIdFrom, type SalePayload } from '../lib/checkout';

export interface CreateSaleRequest {
  payload: SalePayload;
  /** The checkout's Idempotency-Key: the same for every retry of one checkout. */
  idempotencyKey: string;
}

/** POST /sales; resolves to the new (or, on a retry, the first) sale's id. */
export async function createSale({ payload, idempotencyKey }: CreateSaleRequest): Promise<number> {
  const response = await apiClient.post<unknown>('/sales', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return saleIdFrom(response);
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
