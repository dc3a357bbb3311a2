import type {
  ProductImportResult,
  productImportSchema,
} from '@duka/shared/products/products-csv.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/** Every products query (list, search, one product) starts with this key. */
export const productsQueryKey = ['products'] as const;

export type ImportProductsInput = z.input<typeof productImportSchema>;

/** POST /products/import: a preview (`commit` false) or the import itself. */
export async function importProducts(input: ImportProductsInput): Promise<ProductImportResult> {
  const response = await apiClient.post<{ data: ProductImportResult }>('/products/import', input);
  return response.data;
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (result) => {
      if (result.committed) return queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
  });
}

/** Download links: plain GETs the browser makes, with a super_admin's store like any call. */
export const productsExportHref = () => apiClient.href('/products/export.csv');
export const importTemplateHref = () => apiClient.href('/products/import-template.csv');
