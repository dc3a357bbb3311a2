import type { EtimsSettings, EtimsSettingsInput } from '@duka/shared/etims/etims.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const etimsSettingsQueryKey = (storeId: number | null) =>
  ['etims-settings', storeId] as const;

type Reply = { success: boolean; data: EtimsSettings };
const pathOf = (storeId: number) => `/stores/${storeId}/etims-settings`;

/**
 * GET /stores/{storeId}/etims-settings (issue 26; managers of the store, a super_admin any
 * store): the store's KRA PIN, branch and device, and OSCU's registration of it — the control
 * unit's id and MRC number and when — without the communication key (has_cmc_key only).
 */
export function useEtimsSettings(storeId: number | null) {
  return useQuery({
    queryKey: etimsSettingsQueryKey(storeId),
    queryFn: async ({ signal }) => (await apiClient.get<Reply>(pathOf(storeId!), { signal })).data,
    enabled: storeId !== null,
  });
}

/**
 * PUT /stores/{storeId}/etims-settings: registers the device with OSCU and saves the settings
 * once OSCU accepted it; a refusal or no answer is an error and saves nothing.
 */
export function useSaveEtimsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ storeId, input }: { storeId: number; input: EtimsSettingsInput }) =>
      (await apiClient.put<Reply>(pathOf(storeId), input)).data,
    onSuccess: (settings, { storeId }) =>
      queryClient.setQueryData(etimsSettingsQueryKey(storeId), settings),
  });
}
