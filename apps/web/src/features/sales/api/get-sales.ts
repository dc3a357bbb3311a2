import type { EtimsStatus } from '@duka/shared/etims/etims.schemas';
import type { Sale, SalePaymentMethod } from '@duka/shared/sales/sales.schemas';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Spec §9: sales are listed 10 a page. */
export const SALES_PAGE_SIZE = 10;

export interface SalesListParams {
  page: number;
  /** Shop days, YYYY-MM-DD, each inclusive (issue 8). */
  from?: string;
  to?: string;
  payment_method?: SalePaymentMethod;
  /** Issue 22: only the offline sales flagged for a manager's review, not yet reviewed. */
  needs_review?: boolean;
  /** Issue 26: only the sales whose invoice is in this eTIMS state. */
  etims_status?: EtimsStatus;
}

export interface SalesPage {
  sales: Sale[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Under ['sales', …]: a receipt sent from the receipt dialog invalidates ['sales'], so the
 * Receipt Status badges of the list follow it.
 */
export const salesListQueryKey = (params: SalesListParams) => ['sales', 'list', params] as const;

/**
 * GET /sales?page&pageSize=10&from&to&payment_method (spec §7, issue 8), needs_review=true
 * (issue 22) and etims_status (issue 26): newest first.
 */
export function getSales(params: SalesListParams, signal?: AbortSignal): Promise<SalesPage> {
  return apiClient.get<SalesPage>('/sales', {
    query: {
      page: params.page,
      pageSize: SALES_PAGE_SIZE,
      from: params.from,
      to: params.to,
      payment_method: params.payment_method,
      needs_review: params.needs_review ? 'true' : undefined,
      etims_status: params.etims_status,
    },
    signal,
  });
}

export function useSales(params: SalesListParams, enabled = true) {
  return useQuery({
    queryKey: salesListQueryKey(params),
    queryFn: ({ signal }) => getSales(params, signal),
    // The current page stays on screen while the next one (or a new filter) loads.
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How often an open sale is read again while its invoice or a credit note waits for KRA. */
export const ETIMS_POLL_MS = 3000;

/** Whether the sale's invoice, or the credit note of one of its returns, waits for eTIMS. */
export function waitsForEtims(sale: Sale): boolean {
  return (
    sale.etims?.status === 'pending' ||
    sale.returns.some((saleReturn) => saleReturn.etims?.status === 'pending')
  );
}

/**
 * Issue 26: the open sale (GET /sales/{id}) read again every few seconds while `saleId` is
 * given (its invoice or a credit note waits for KRA: after a manager's Retry, or eTIMS down)
 * and until KRA has answered — so the details show the answer when it comes, as Retry's toast
 * says; the list is then read again too. Under ['sales', id], the receipt's own key.
 */
export function useSaleWhileEtimsWaits(saleId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['sales', saleId ?? 0] as const,
    queryFn: async () => {
      const response = await apiClient.get<{ success: boolean; data: Sale }>(`/sales/${saleId}`);
      if (!waitsForEtims(response.data)) {
        void queryClient.invalidateQueries({ queryKey: ['sales', 'list'] });
      }
      return response.data;
    },
    enabled: saleId !== null,
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data && !waitsForEtims(query.state.data) ? false : ETIMS_POLL_MS,
  });
}
