import type { Category } from '@duka/shared/categories/categories.schemas';
import type {
  CountLineInput,
  StockCount,
  StockCountDetail,
  StockCountLine,
} from '@duka/shared/stock-counts/stock-counts.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CountProduct } from '../lib/count-product';

type Data<T> = { success: true; data: T };
interface CountPage {
  data: StockCount[];
  total: number;
  page: number;
  pageSize: number;
}

export const STOCK_COUNTS_KEY = ['stock-counts'] as const;
const detailKey = (id: number) => [...STOCK_COUNTS_KEY, 'detail', id] as const;

/** How often an open count's progress is asked again while someone counts (others count too). */
const PROGRESS_REFRESH_MS = 15_000;

/** GET /stock-counts: the store's counts, newest first, a page at a time. */
export function useStockCounts(page: number) {
  return useQuery({
    queryKey: [...STOCK_COUNTS_KEY, 'list', page],
    queryFn: async ({ signal }) =>
      apiClient.get<CountPage>('/stock-counts', { signal, query: { page, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /stock-counts?status=open: the store's open count (there is at most one), or null. */
export async function fetchOpenCount(): Promise<StockCount | null> {
  const page = await apiClient.get<CountPage>('/stock-counts', {
    query: { status: 'open', pageSize: 1 },
  });
  return page.data[0] ?? null;
}

/**
 * GET /stock-counts/{id}: the count with every line counted so far, by anyone. While the count
 * is open it is asked again now and then, so the progress reflects the others counting too.
 */
export function useStockCount(id: number) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Data<StockCountDetail>>(`/stock-counts/${id}`, { signal })).data,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? PROGRESS_REFRESH_MS : false),
  });
}

/** POST /stock-counts (managers): the whole store, or the products of these categories. */
export function useStartCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (categoryIds: number[] | null) =>
      (
        await apiClient.post<Data<StockCount>>(
          '/stock-counts',
          categoryIds ? { category_ids: categoryIds } : {},
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STOCK_COUNTS_KEY }),
  });
}

/**
 * PUT /stock-counts/{id}/lines with one line: this product's count (a later one replaces it).
 * Answers the line as stored, its expected pieces taken now.
 */
export function useSaveCountLine(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (line: CountLineInput) => {
      const answer = await apiClient.put<Data<StockCountLine[]>>(`/stock-counts/${id}/lines`, {
        lines: [line],
      });
      return answer.data[0]!;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: STOCK_COUNTS_KEY }),
  });
}

/** POST /stock-counts/{id}/finish (managers): the final variance report. */
export function useFinishCount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (zeroUncounted: boolean) =>
      (
        await apiClient.post<Data<StockCountDetail>>(`/stock-counts/${id}/finish`, {
          zero_uncounted: zeroUncounted,
        })
      ).data,
    onSuccess: async (detail) => {
      queryClient.setQueryData(detailKey(id), detail);
      // Stock changed: the products' views and the counts list are stale.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...STOCK_COUNTS_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}

/** GET /categories: the store's categories, for a count of some of them. */
export function useCountCategories(enabled: boolean) {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => apiClient.get<Category[]>('/categories', { signal }),
    enabled,
  });
}

/**
 * GET /products/search?q=: an exact barcode or SKU first (what a scanner sends), else names
 * and codes that contain the text — the search the till and the purchase orders use.
 */
export async function searchCountProducts(q: string, signal?: AbortSignal) {
  return (
    await apiClient.get<{ data: CountProduct[] }>('/products/search', { signal, query: { q } })
  ).data;
}

export const countSearchKey = (q: string) => ['products', 'search', 'count', q] as const;
