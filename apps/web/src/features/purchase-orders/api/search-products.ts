import type { Product } from '@duka/shared/products/products.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET /products/search?q= for the order's product search; blank text searches nothing. Goods
 * only: a service has no stock to buy in (the server refuses it, decision 0006).
 */
export function useOrderProductSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['products', 'search', text],
    queryFn: async () =>
      (await apiClient.get<{ data: Product[] }>('/products/search', { query: { q: text } })).data,
    select: (products: Product[]) => products.filter((product) => product.kind === 'goods'),
    enabled: text !== '',
  });
}
