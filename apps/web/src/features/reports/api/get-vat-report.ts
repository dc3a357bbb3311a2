import type { VatReport } from '@duka/shared/etims/etims.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reportsQueryKey } from './reports-api';

/** GET /reports/vat?month=YYYY-MM (issue 26): a month's sales and VAT per tax letter, and its credit notes. */
export function useVatReport(month: string) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'vat', month],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: VatReport }>('/reports/vat', {
          query: { month },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
