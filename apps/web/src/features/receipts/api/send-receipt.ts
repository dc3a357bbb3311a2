import type { ReceiptChannel, Sale } from '@duka/shared/sales/sales.schemas';
import type { receiptSendResponseSchema } from '@duka/shared/sales/sales.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { saleQueryKey } from './get-sale';

export type ReceiptSend = z.infer<typeof receiptSendResponseSchema>['data'];

export interface SendReceiptInput {
  saleId: number;
  channel: ReceiptChannel;
  /** A number typed at the till when the customer has none (else the customer's). */
  phone?: string;
  /** Issue 24: the refund receipt of this return of the sale, instead of the sale's receipt. */
  returnId?: number;
}

/**
 * POST /sales/{id}/receipt/{whatsapp|sms} (PRODUCT.md §4): the server answers with the wa.me or
 * sms: link (a send only once the person confirms it), or `sent` when Africa's Talking sent the
 * SMS itself. Issue 24: a return's refund receipt goes the same way
 * (POST /sales/{id}/returns/{returnId}/receipt/{channel}), its answer the same.
 */
export async function sendReceipt({ saleId, channel, phone, returnId }: SendReceiptInput) {
  const body = phone ? { phone } : {};
  const receipt =
    returnId === undefined ? `/sales/${saleId}` : `/sales/${saleId}/returns/${returnId}`;
  const response = await apiClient.post<{ success: boolean; data: ReceiptSend }>(
    `${receipt}/receipt/${channel}`,
    body,
  );
  return response.data;
}

export function useSendReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReceipt,
    onSuccess: async (send, { saleId }) => {
      queryClient.setQueryData<Sale>(saleQueryKey(saleId), (sale) =>
        sale ? { ...sale, receipt_status: send.receipt_status } : sale,
      );
      await queryClient.invalidateQueries({ queryKey: ['sales'] });
    },
  });
}
