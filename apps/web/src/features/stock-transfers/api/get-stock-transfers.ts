import type {
  StockTransfer,
  TransferDirection,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const stockTransfersQueryKey = ['stock-transfers'] as const;
export const TRANSFERS_PAGE_SIZE = 20;

export interface StockTransferPage {
  data: StockTransfer[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /stock-transfers?direction=: one side of the acting store's transfers, newest first. */
export async function getStockTransfers(
  direction: TransferDirection,
  page: number,
): Promise<StockTransferPage> {
  return apiClient.get<StockTransferPage>('/stock-transfers', {
    query: { direction, page, pageSize: TRANSFERS_PAGE_SIZE },
  });
}

export function useStockTransfers(direction: TransferDirection, page: number) {
  return useQuery({
    queryKey: [...stockTransfersQueryKey, direction, page],
    queryFn: () => getStockTransfers(direction, page),
    placeholderData: keepPreviousData,
  });
}
