import type { DiscountsReport } from '@duka/shared/reports/reports.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reportsQueryKey, type ReportRange } from './reports-api';

/** GET /reports/discounts?start&end (issue 20): discounts given per cashier and per product. */
export function useDiscountsReport(range: ReportRange) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'discounts', range],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: DiscountsReport }>('/reports/discounts', {
          query: { start: range.start, end: range.end },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
