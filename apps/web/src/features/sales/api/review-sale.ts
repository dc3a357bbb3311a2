import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /sales/{id}/review (issue 22, managers): an offline sale the shelf could not cover has
 * been checked, with the manager's note if they wrote one; the answer is the sale, no longer
 * needing review.
 */
export async function reviewSale({ saleId, note }: { saleId: number; note?: string }) {
  const response = await apiClient.post<{ success: boolean; data: Sale }>(
    `/sales/${saleId}/review`,
    note ? { note } : {},
  );
  return response.data;
}

export function useReviewSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewSale,
    // Every list (the Needs review one too) and an open receipt follow.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sales'] }),
  });
}
