import { ETIMS_STATUSES, type EtimsStatus } from '@duka/shared/etims/etims.schemas';
import { SALE_PAYMENT_METHODS, type SalePaymentMethod } from '@duka/shared/sales/sales.schemas';
import { useSearchParams } from 'react-router';
import type { SalesListParams } from '../api/get-sales';

/** What the Sales tab shows, kept in the address so a refresh or a shared link keeps it. */
export type SalesFilters = SalesListParams;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const KEYS = ['page', 'from', 'to', 'payment_method', 'needs_review', 'etims_status'] as const;

function isPaymentMethod(value: string | null): value is SalePaymentMethod {
  return SALE_PAYMENT_METHODS.includes(value as SalePaymentMethod);
}

function isEtimsStatus(value: string | null): value is EtimsStatus {
  return ETIMS_STATUSES.includes(value as EtimsStatus);
}

/**
 * Reads ?page=2&from=2026-11-01&to=2026-11-20&payment_method=mpesa&needs_review=true (issue 22:
 * the manager's list of sales to check) and &etims_status=failed (issue 26); anything else is
 * dropped.
 */
export function parseSalesFilters(params: URLSearchParams): SalesFilters {
  const page = Number(params.get('page'));
  const from = params.get('from');
  const to = params.get('to');
  const method = params.get('payment_method');
  const etims = params.get('etims_status');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    payment_method: isPaymentMethod(method) ? method : undefined,
    needs_review: params.get('needs_review') === 'true' ? true : undefined,
    etims_status: isEtimsStatus(etims) ? etims : undefined,
  };
}

/** A `to` day before the `from` day: nothing can match, the server would refuse it (400). */
export function isRangeInvalid({ from, to }: SalesFilters): boolean {
  return from !== undefined && to !== undefined && to < from;
}

export function hasFilters({
  from,
  to,
  payment_method,
  needs_review,
  etims_status,
}: SalesFilters): boolean {
  return (
    from !== undefined ||
    to !== undefined ||
    payment_method !== undefined ||
    needs_review === true ||
    etims_status !== undefined
  );
}

/** The filters and a setter; a changed filter starts again on page 1. */
export function useSalesFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseSalesFilters(searchParams);

  const update = (change: Partial<SalesFilters>) => {
    const next: SalesFilters = { ...filters, page: 1, ...change };
    setSearchParams(
      (params) => {
        const merged = new URLSearchParams(params);
        for (const key of KEYS) merged.delete(key);
        if (next.page > 1) merged.set('page', String(next.page));
        if (next.from) merged.set('from', next.from);
        if (next.to) merged.set('to', next.to);
        if (next.payment_method) merged.set('payment_method', next.payment_method);
        if (next.needs_review) merged.set('needs_review', 'true');
        if (next.etims_status) merged.set('etims_status', next.etims_status);
        return merged;
      },
      // Paging is a step one can go back to; typing a date is not.
      { replace: change.page === undefined },
    );
  };

  return [filters, update] as const;
}
