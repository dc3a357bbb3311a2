import type { Store } from '@duka/shared/stores/stores.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const storesQueryKey = ['stores'] as const;

/** GET /stores: all stores for a super_admin, the person's own store otherwise (spec §7). */
export async function getStores(): Promise<Store[]> {
  const response = await apiClient.get<{ success: boolean; data: Store[] }>('/stores');
  return response.data;
}

export function useStores({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: storesQueryKey, queryFn: getStores, enabled });
}
