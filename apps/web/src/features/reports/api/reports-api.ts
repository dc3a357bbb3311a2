import {
  REPORT_PAGE_SIZE_MAX,
  type ExpensesSummary,
  type InventoryReport,
  type PerformanceReport,
  type ProfitReport,
  type ReportSort,
  type SalesSummary,
} from '@duka/shared/reports/reports.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Rows a report table shows per page (the server's default). */
export const REPORT_PAGE_SIZE = 100;

/**
 * An applied date range: both shop days, or none — all dates (spec §2: a filter needs both
 * dates). The page opens on this month so far (lib/report-period.ts).
 */
export interface ReportRange {
  start?: string;
  end?: string;
}

export interface InventoryParams {
  q: string;
  page: number;
}

export interface PerformanceParams extends ReportRange {
  sort: ReportSort;
  page: number;
  pageSize?: number;
}

/**
 * Every report query lives under ['reports']. Reports are asked again each time the page opens
 * (refetchOnMount 'always'): the cache keeps data forever (spec §4), but a report must show the
 * sales and expenses made since it was last opened.
 */
export const reportsQueryKey = ['reports'] as const;

/** GET /reports/inventory?q&page&pageSize (spec §7: reads data.data). */
export function useInventoryReport(params: InventoryParams) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'inventory', params],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: InventoryReport }>('/reports/inventory', {
          query: { q: params.q || undefined, page: params.page, pageSize: REPORT_PAGE_SIZE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/**
 * Every row of a paged report, for its CSV: the pages the server allows at most, one after the
 * other, until the count the report gives. A download holds the whole table, not the page shown.
 */
async function everyRow<Row>(
  fetchPage: (page: number) => Promise<{ products: Row[]; summary: { productCount: number } }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const { products, summary } = await fetchPage(page);
    rows.push(...products);
    if (products.length === 0 || rows.length >= summary.productCount) return rows;
  }
}

/** Every row of the inventory report for `q` (the CSV download). */
export function fetchEveryInventoryRow(q: string) {
  return everyRow(
    async (page) =>
      (
        await apiClient.get<{ data: InventoryReport }>('/reports/inventory', {
          query: { q: q || undefined, page, pageSize: REPORT_PAGE_SIZE_MAX },
        })
      ).data,
  );
}

/** Every row of the product-performance report for the range and sort (the CSV download). */
export function fetchEveryPerformanceRow(range: ReportRange, sort: ReportSort) {
  return everyRow(
    async (page) =>
      (
        await apiClient.get<{ data: PerformanceReport }>('/reports/product-performance', {
          query: { start: range.start, end: range.end, sort, page, pageSize: REPORT_PAGE_SIZE_MAX },
        })
      ).data,
  );
}

/** GET /reports/product-performance?start&end&sort&page&pageSize, sorted descending. */
export function usePerformanceReport(params: PerformanceParams) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'performance', params],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: PerformanceReport }>('/reports/product-performance', {
          query: {
            start: params.start,
            end: params.end,
            sort: params.sort,
            page: params.page,
            pageSize: params.pageSize ?? REPORT_PAGE_SIZE,
          },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /reports/sales-summary?start&end: KSh per payment method and per day. */
export function useSalesSummary(range: ReportRange) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'sales-summary', range],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: SalesSummary }>('/reports/sales-summary', {
          query: { start: range.start, end: range.end },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /reports/expenses-summary?start&end */
export function useExpensesSummary(range: ReportRange) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'expenses-summary', range],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: ExpensesSummary }>('/reports/expenses-summary', {
          query: { start: range.start, end: range.end },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /reports/profit?start&end: gross profit and profit after expenses. */
export function useProfitReport(range: ReportRange) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'profit', range],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: ProfitReport }>('/reports/profit', {
          query: { start: range.start, end: range.end },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
