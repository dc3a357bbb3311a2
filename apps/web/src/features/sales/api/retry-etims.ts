import type { EtimsState } from '@duka/shared/etims/etims.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** What is sent to eTIMS: a sale's invoice, or a return's credit note. */
export type EtimsDocument = { kind: 'sale'; id: number } | { kind: 'return'; id: number };

/**
 * POST /sales/{id}/etims/retry and /returns/{id}/etims/retry (issue 26, managers): send a
 * refused (or waiting) invoice or credit note to KRA eTIMS again; the answer is its state now.
 */
export async function retryEtims(document: EtimsDocument): Promise<EtimsState> {
  const path = document.kind === 'sale' ? 'sales' : 'returns';
  const response = await apiClient.post<{ success: boolean; data: EtimsState }>(
    `/${path}/${document.id}/etims/retry`,
    {},
  );
  return response.data;
}

export function useRetryEtims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEtims,
    // The lists (an eTIMS filter's too) and an open receipt follow.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sales'] }),
  });
}
