import type {
  ReceiptChannel,
  Sale,
  receiptConfirmResponseSchema,
} from '@duka/shared/sales/sales.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { saleQueryKey } from './get-sale';

type ReceiptConfirm = z.infer<typeof receiptConfirmResponseSchema>['data'];

/**
 * POST /sales/{id}/receipt/{channel}/confirm (issue 20): the person says the WhatsApp chat or
 * the SMS they opened went; the server records the send and the badge turns on.
 */
export async function confirmReceipt({
  saleId,
  channel,
}: {
  saleId: number;
  channel: ReceiptChannel;
}): Promise<ReceiptConfirm> {
  const response = await apiClient.post<{ success: boolean; data: ReceiptConfirm }>(
    `/sales/${saleId}/receipt/${channel}/confirm`,
    {},
  );
  return response.data;
}

export function useConfirmReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReceipt,
    onSuccess: async ({ receipt_status }, { saleId }) => {
      queryClient.setQueryData<Sale>(saleQueryKey(saleId), (sale) =>
        sale ? { ...sale, receipt_status } : sale,
      );
      await queryClient.invalidateQueries({ queryKey: ['sales'] });
    },
  });
}
