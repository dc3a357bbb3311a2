import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { suppliersQueryKey } from './get-suppliers';

/**
 * DELETE /suppliers/{id}. A supplier that purchase orders still name is deactivated and hidden
 * instead of deleted (`deactivated: true`), so old orders keep their supplier.
 */
export interface DeleteSupplierResult {
  success: boolean;
  deactivated?: boolean;
}

export async function deleteSupplier(id: number): Promise<DeleteSupplierResult> {
  return apiClient.delete<DeleteSupplierResult>(`/suppliers/${id}`);
}

export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}
