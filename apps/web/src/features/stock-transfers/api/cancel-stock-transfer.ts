import type { StockTransfer } from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockTransfersQueryKey } from './get-stock-transfers';

/** POST /stock-transfers/{id}/cancel: the sender calls it back while in transit; stock returns. */
export async function cancelStockTransfer(id: number): Promise<StockTransfer> {
  return (await apiClient.post<{ data: StockTransfer }>(`/stock-transfers/${id}/cancel`, {})).data;
}

export function useCancelStockTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStockTransfer,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      await queryClient.invalidateQueries({ queryKey: stockTransfersQueryKey });
    },
  });
}
