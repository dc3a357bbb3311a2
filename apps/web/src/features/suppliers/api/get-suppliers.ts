import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const suppliersQueryKey = ['suppliers'] as const;

/** GET /suppliers: the current store's suppliers, a plain array (spec §7). */
export async function getSuppliers(): Promise<Supplier[]> {
  return apiClient.get<Supplier[]>('/suppliers');
}

export function useSuppliers() {
  return useQuery({ queryKey: suppliersQueryKey, queryFn: getSuppliers });
}
