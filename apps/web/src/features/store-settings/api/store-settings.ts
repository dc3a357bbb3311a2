import type {
  StoreSettings,
  StoreSettingsInput,
} from '@duka/shared/store-settings/store-settings.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const storeSettingsQueryKey = (storeId: number | null) =>
  ['store-settings', storeId] as const;

type Reply = { success: boolean; data: StoreSettings };
const pathOf = (storeId: number) => `/stores/${storeId}/settings`;

/** GET /stores/{storeId}/settings (managers of the store, a super_admin any store). */
export function useStoreSettings(storeId: number | null) {
  return useQuery({
    queryKey: storeSettingsQueryKey(storeId),
    queryFn: async () => (await apiClient.get<Reply>(pathOf(storeId!))).data,
    enabled: storeId !== null,
  });
}

/** PUT /stores/{storeId}/settings: the fields sent are saved, the answer is the whole set. */
export function useSaveStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ storeId, input }: { storeId: number; input: StoreSettingsInput }) =>
      (await apiClient.put<Reply>(pathOf(storeId), input)).data,
    onSuccess: (settings, { storeId }) =>
      queryClient.setQueryData(storeSettingsQueryKey(storeId), settings),
  });
}
