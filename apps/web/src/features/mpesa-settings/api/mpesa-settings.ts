import type { MpesaSettings, MpesaSettingsInput } from '@duka/shared/payments/mpesa.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const mpesaSettingsQueryKey = (storeId: number | null) =>
  ['mpesa-settings', storeId] as const;

type Reply = { success: boolean; data: MpesaSettings };
const pathOf = (storeId: number) => `/stores/${storeId}/mpesa-settings`;

/**
 * GET /stores/{storeId}/mpesa-settings (issue 23; managers of the store, a super_admin any
 * store): the Daraja settings without their secrets (has_passkey, has_consumer_secret), the
 * three hook URLs and the state of the C2B registration.
 */
export function useMpesaSettings(storeId: number | null) {
  return useQuery({
    queryKey: mpesaSettingsQueryKey(storeId),
    queryFn: async ({ signal }) => (await apiClient.get<Reply>(pathOf(storeId!), { signal })).data,
    enabled: storeId !== null,
  });
}

/**
 * PUT /stores/{storeId}/mpesa-settings: saves them and registers the C2B URLs with Daraja; the
 * answer is the GET's (a refused registration is in c2b_registration_error, the settings saved).
 */
export function useSaveMpesaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ storeId, input }: { storeId: number; input: MpesaSettingsInput }) =>
      (await apiClient.put<Reply>(pathOf(storeId), input)).data,
    onSuccess: (settings, { storeId }) =>
      queryClient.setQueryData(mpesaSettingsQueryKey(storeId), settings),
  });
}
