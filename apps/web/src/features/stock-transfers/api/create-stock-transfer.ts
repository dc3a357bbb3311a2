import type {
  CreateStockTransferInput,
  StockTransfer,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stockTransfersQueryKey } from './get-stock-transfers';

/** POST /stock-transfers: 201 the transfer, in transit; the stock has left the store. */
export async function createStockTransfer(body: CreateStockTransferInput): Promise<StockTransfer> {
  return (await apiClient.post<{ data: StockTransfer }>('/stock-transfers', body)).data;
}

export function useCreateStockTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStockTransfer,
    onSuccess: async () => {
      // The stock left the shelf: every product list and search shows it.
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      await queryClient.invalidateQueries({ queryKey: stockTransfersQueryKey });
    },
  });
}
