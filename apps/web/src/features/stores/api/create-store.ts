import type { Store, StoreInput } from '@duka/shared/stores/stores.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { storesQueryKey } from './get-stores';

export async function createStore(input: Pick<StoreInput, 'name'>): Promise<Store> {
  const response = await apiClient.post<{ success: boolean; data: Store }>('/stores', {
    name: input.name,
  });
  return response.data;
}

export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStore,
    // The navigation bar's selector reads the same list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storesQueryKey }),
  });
}
