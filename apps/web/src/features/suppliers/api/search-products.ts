import type { Product } from '@duka/shared/products/products.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /products/search?q= (staff see the full product). Blank text searches nothing. */
export async function searchProducts(q: string): Promise<Product[]> {
  const response = await apiClient.get<{ data: Product[] }>('/products/search', { query: { q } });
  return response.data;
}

export function useProductSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['products', 'search', text],
    queryFn: () => searchProducts(text),
    enabled: text !== '',
  });
}
