import type {
  ReceiveStockTransferInput,
  StockTransfer,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockTransfersQueryKey } from './get-stock-transfers';

/** POST /stock-transfers/{id}/receive: what arrived per line; 409 when received meanwhile. */
export async function receiveStockTransfer({
  id,
  body,
}: {
  id: number;
  body: ReceiveStockTransferInput;
}): Promise<StockTransfer> {
  return (await apiClient.post<{ data: StockTransfer }>(`/stock-transfers/${id}/receive`, body))
    .data;
}

export function useReceiveStockTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveStockTransfer,
    // Settled, not only on success: a 409 means someone else received it; show the list as it is.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      await queryClient.invalidateQueries({ queryKey: stockTransfersQueryKey });
    },
  });
}
