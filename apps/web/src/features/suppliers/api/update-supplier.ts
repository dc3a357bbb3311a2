import type { Supplier, UpdateSupplierInput } from '@duka/shared/suppliers/suppliers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { suppliersQueryKey } from './get-suppliers';

export async function updateSupplier({
  id,
  input,
}: {
  id: number;
  input: UpdateSupplierInput;
}): Promise<Supplier> {
  return apiClient.put<Supplier>(`/suppliers/${id}`, input);
}

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}
