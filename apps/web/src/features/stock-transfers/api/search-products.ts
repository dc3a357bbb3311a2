import type { Product } from '@duka/shared/products/products.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const searchKey = (text: string) => ['products', 'search', text] as const;

async function searchProducts(text: string): Promise<Product[]> {
  return (await apiClient.get<{ data: Product[] }>('/products/search', { query: { q: text } }))
    .data;
}

/** Goods only: a service has no stock to send (the server refuses it too). */
const goods = (products: Product[]) => products.filter((product) => product.kind === 'goods');

/** GET /products/search?q= of the sending store, for the transfer's product search. */
export function useTransferProductSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: searchKey(text),
    queryFn: () => searchProducts(text),
    select: goods,
    enabled: text !== '',
  });
}

/** The same search at once, for an Enter (a scan) that should not wait for the debounce. */
export function useSearchProductsNow() {
  const queryClient = useQueryClient();
  return async (q: string): Promise<Product[]> => {
    const text = q.trim();
    if (text === '') return [];
    return goods(
      await queryClient.fetchQuery({
        queryKey: searchKey(text),
        queryFn: () => searchProducts(text),
      }),
    );
  };
}
