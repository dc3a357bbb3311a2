import type { Product } from '@duka/shared/products/products.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /products/search?q= for the order's product search; blank text searches nothing. */
export function useOrderProductSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['products', 'search', text],
    queryFn: async () =>
      (await apiClient.get<{ data: Product[] }>('/products/search', { query: { q: text } })).data,
    enabled: text !== '',
  });
}
