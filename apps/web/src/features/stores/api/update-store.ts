import type { Store, StoreInput } from '@duka/shared/stores/stores.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { storesQueryKey } from './get-stores';

export async function updateStore({
  id,
  input,
}: {
  id: number;
  input: StoreInput;
}): Promise<Store> {
  const response = await apiClient.put<{ success: boolean; data: Store }>(`/stores/${id}`, input);
  return response.data;
}

export function useUpdateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStore,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storesQueryKey }),
  });
}
