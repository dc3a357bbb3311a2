import type { CreateReturnInput, SaleReturn } from '@duka/shared/returns/returns.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface CreateReturnRequest {
  saleId: number;
  input: CreateReturnInput;
  /** One per opening of the dialog, the same for each retry: a lost answer never refunds twice. */
  idempotencyKey: string;
}

/** POST /sales/{id}/returns (issue 24): the return as the server recorded it (201). */
export async function createReturn({
  saleId,
  input,
  idempotencyKey,
}: CreateReturnRequest): Promise<SaleReturn> {
  const response = await apiClient.post<{ success: boolean; data: SaleReturn }>(
    `/sales/${saleId}/returns`,
    input,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return response.data;
}

export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onSuccess: () => {
      // The sale's status and returns, the stock of restocked lines, a customer's balance and
      // points, and the day's figures all moved.
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}
