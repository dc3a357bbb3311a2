import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { SALES_PAGE_SIZE, useSaleWhileEtimsWaits, useSales, waitsForEtims } from '../api/get-sales';
import { hasFilters, isRangeInvalid, useSalesFilters } from '../lib/sales-filters';
import { SaleDetailsDialog } from './sale-details-dialog';
import { SalesFiltersBar } from './sales-filters';
import { SalesTable } from './sales-table';
import { ReviewNotice } from './review-notice';

interface SalesTabProps {
  /** Opens a sale's receipt (print, resend by SMS or WhatsApp); composed in by the page. */
  onViewReceipt?: (saleId: number) => void;
  /** Issue 24: opens Return items for a sale (the returns feature); composed in by the page. */
  onReturnItems?: (sale: Sale) => void;
  /** Issue 24: opens the refund receipt of a return; composed in by the page. */
  onViewRefundReceipt?: (saleId: number, returnId: number) => void;
}

/**
 * Spec §2 Sales tab: every sale of the store, newest first, 10 a page from the server (§9),
 * filtered by day and payment method, or the sales that need review (issue 22); page and
 * filters live in the address.
 */
export function SalesTab({ onViewReceipt, onReturnItems, onViewRefundReceipt }: SalesTabProps) {
  const { t } = useTranslation('sales');
  const [filters, setFilters] = useSalesFilters();
  const rangeInvalid = isRangeInvalid(filters);
  const sales = useSales(filters, !rangeInvalid);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [viewed, setViewed] = useState<Sale | null>(null);

  const total = sales.data?.total ?? 0;
  const pageCount = Math.ceil(total / SALES_PAGE_SIZE);
  // The open sale as the list has it now: a receipt sent meanwhile shows in its badges.
  const listed =
    viewingId === null ? null : (sales.data?.sales.find((sale) => sale.id === viewingId) ?? viewed);
  // Issue 26: while its invoice waits for KRA the open sale is read again, and KRA's answer
  // shows in the details when it comes (the list may not have it: a Failed filter, say). A copy
  // cached before (the receipt's) is not shown: only what was read now.
  const watched = useSaleWhileEtimsWaits(listed && waitsForEtims(listed) ? listed.id : null);
  const viewing =
    listed && watched.isFetchedAfterMount && watched.data?.id === listed.id ? watched.data : listed;

  const openDetails = (sale: Sale) => {
    setViewed(sale);
    setViewingId(sale.id);
  };

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <SalesFiltersBar filters={filters} onChange={setFilters} />
        {!filters.needs_review && (
          <ReviewNotice onShow={() => setFilters({ needs_review: true })} />
        )}
        {rangeInvalid ? null : sales.isPending ? (
          <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
            {t('table.loading')}
          </p>
        ) : sales.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 py-6">
            <p className="text-red-600 dark:text-red-400">
              {translateMessage(errorMessage(sales.error, t('table.loadFailed')))}
            </p>
            <Button variant="outline" onClick={() => void sales.refetch()}>
              {t('table.retry')}
            </Button>
          </div>
        ) : (
          <div className="grid gap-4" aria-busy={sales.isFetching}>
            <SalesTable
              sales={sales.data.sales}
              onView={openDetails}
              empty={
                hasFilters({ ...filters, needs_review: undefined })
                  ? t('table.emptyFiltered')
                  : filters.needs_review
                    ? t('review.empty')
                    : t('table.empty')
              }
            />
            {total > 0 && (
              <p className="text-center text-sm text-slate-600 dark:text-slate-400">
                {t('table.range', {
                  from: Math.min((filters.page - 1) * SALES_PAGE_SIZE + 1, total),
                  to: Math.min(filters.page * SALES_PAGE_SIZE, total),
                  total,
                })}
              </p>
            )}
            <Pagination
              page={filters.page}
              pageCount={pageCount}
              onPageChange={(page) => setFilters({ page })}
              label={t('table.pages')}
            />
          </div>
        )}
      </CardContent>
      <SaleDetailsDialog
        sale={viewing}
        onViewReceipt={onViewReceipt}
        onReturnItems={onReturnItems}
        onViewRefundReceipt={onViewRefundReceipt}
        // In the Needs review view the sale leaves the list once reviewed: keep it shown.
        onReviewed={setViewed}
        onEtimsRetried={setViewed}
        onOpenChange={(open) => {
          if (!open) setViewingId(null);
        }}
      />
    </Card>
  );
}
