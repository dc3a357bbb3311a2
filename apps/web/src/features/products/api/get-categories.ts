import type { Category } from '@duka/shared/categories/categories.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const categoriesQueryKey = ['categories'] as const;

/** GET /categories: the store's categories, a plain array (spec §7). */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiClient.get<Category[]>('/categories', { signal });
}

export function useCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories(signal),
    enabled,
  });
}
