import { RECEIPT_DEFAULTS } from '@duka/shared/receipt-settings/receipt-defaults';
import type {
  ReceiptSettings,
  ReceiptSettingsInput,
} from '@duka/shared/receipt-settings/receipt-settings.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, ApiRequestError } from '@/lib/api-client';

export const receiptSettingsQueryKey = (storeId: number | null) =>
  ['receipt-settings', storeId] as const;

type Reply = { success: boolean; data: ReceiptSettings };
const pathOf = (storeId: number) => `/stores/${storeId}/receipt-settings`;

/** GET /stores/{storeId}/receipt-settings; spec §8: a 404 gives the defaults. */
export async function getReceiptSettings(storeId: number): Promise<ReceiptSettings> {
  try {
    return (await apiClient.get<Reply>(pathOf(storeId))).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return { ...RECEIPT_DEFAULTS };
    throw error;
  }
}

export function useReceiptSettings(storeId: number | null) {
  return useQuery({
    queryKey: receiptSettingsQueryKey(storeId),
    queryFn: () => getReceiptSettings(storeId!),
    enabled: storeId !== null,
  });
}

/** PUT, falling back to POST when the server answers 404 (spec §7). */
export async function saveReceiptSettings({
  storeId,
  input,
}: {
  storeId: number;
  input: ReceiptSettingsInput;
}): Promise<ReceiptSettings> {
  try {
    return (await apiClient.put<Reply>(pathOf(storeId), input)).data;
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 404) throw error;
    return (await apiClient.post<Reply>(pathOf(storeId), input)).data;
  }
}

export function useSaveReceiptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReceiptSettings,
    onSuccess: (settings, { storeId }) =>
      queryClient.setQueryData(receiptSettingsQueryKey(storeId), settings),
  });
}
