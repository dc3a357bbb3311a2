import type { Store } from '@duka/shared/stores/stores.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET /stores/transfer-destinations: the chain's active stores but the sender's own (an admin
 * sees no other store in GET /stores). A super_admin gets every active store: the one acting
 * is left out here.
 */
export function useDestinationStores(fromStoreId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['stores', 'transfer-destinations'],
    queryFn: async () =>
      (await apiClient.get<{ data: Store[] }>('/stores/transfer-destinations')).data,
    select: (stores: Store[]) =>
      stores.filter((store) => store.is_active && store.id !== fromStoreId),
    enabled,
  });
}
