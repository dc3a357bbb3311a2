import type { CreateSupplierInput, Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { suppliersQueryKey } from './get-suppliers';

/** POST /suppliers answers the created supplier (spec §7). */
export async function createSupplier(
  input: Omit<CreateSupplierInput, 'status'>,
): Promise<Supplier> {
  return apiClient.post<Supplier>('/suppliers', input);
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}
