import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * The suppliers to order from. Same call and cache entry as the Suppliers tab (['suppliers'],
 * a plain array), so a supplier added there is offered here; features do not import each
 * other, so the two-line fetcher is repeated rather than shared.
 */
export function useSupplierOptions({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['suppliers'],
    queryFn: () => apiClient.get<Supplier[]>('/suppliers'),
    enabled,
  });
}
