import {
  RECEIPT_DEFAULTS,
  receiptSettingsResponseSchema,
  type ReceiptSettings,
} from '@duka/shared/receipt-settings/receipt-settings.schemas';
import { apiClient, ApiRequestError } from '@/lib/api-client';

/**
 * GET /stores/{storeId}/receipt-settings, for receipts printed offline; spec §8: a 404 gives
 * the defaults (as features/receipts reads them online).
 */
export async function getReceiptSettings(
  storeId: number,
  signal?: AbortSignal,
): Promise<ReceiptSettings> {
  try {
    const body = await apiClient.get<unknown>(`/stores/${storeId}/receipt-settings`, { signal });
    return receiptSettingsResponseSchema.parse(body).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return { ...RECEIPT_DEFAULTS };
    throw error;
  }
}
