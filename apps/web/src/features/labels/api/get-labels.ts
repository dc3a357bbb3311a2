import type { Label } from '@duka/shared/products/labels.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** What a sheet of labels is printed for: products chosen on /inventory, or a received order. */
export type LabelsSource = { ids: readonly number[] } | { purchaseOrderId: number };

/**
 * GET /products/labels (issue 25): each product's name, SKU, selling prices, copies and its
 * barcode drawn by the server as SVG.
 */
export async function getLabels(source: LabelsSource, signal?: AbortSignal): Promise<Label[]> {
  const query =
    'ids' in source ? { ids: source.ids.join(',') } : { purchase_order_id: source.purchaseOrderId };
  const response = await apiClient.get<{ success: true; data: Label[] }>('/products/labels', {
    query,
    signal,
  });
  return response.data;
}

export function useLabels(source: LabelsSource) {
  return useQuery({
    // Under 'products': a product's edit or new barcode refreshes its label.
    queryKey: ['products', 'labels', source],
    queryFn: ({ signal }) => getLabels(source, signal),
  });
}
