import type { supplierDeleteResponseSchema } from '@duka/shared/suppliers/suppliers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { suppliersQueryKey } from './get-suppliers';

/**
 * DELETE /suppliers/{id}. A supplier that purchase orders still name is deactivated and hidden
 * instead of deleted (`deactivated: true`), so old orders keep their supplier. An older server
 * answered `{ success }` alone: read a missing flag as deleted.
 */
export type DeleteSupplierResult = Omit<
  z.infer<typeof supplierDeleteResponseSchema>,
  'deactivated'
> &
  Partial<Pick<z.infer<typeof supplierDeleteResponseSchema>, 'deactivated'>>;

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
