import type { Sale } from '@duka/shared/sales/sales.schemas';
import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { formatStock } from '@/lib/format-stock';
import { useCan } from '@/lib/use-can';
import { useReviewSale } from '../api/review-sale';
import { formatSaleDate } from '../lib/format-sale-date';
import { NeedsReviewBadge } from './sale-badges';

/** A count of pieces as the shelf says it: "3 pcs", "-2 pcs", "vipande 3". */
const pieces = (count: number) =>
  formatStock({ stock_pieces: count, stock_unit: 'piece', pack_size: 1 });

interface SaleReviewSectionProps {
  sale: Sale;
  /** The sale as the server answered the review (no longer needing it). */
  onReviewed: (sale: Sale) => void;
}

/**
 * Issue 22: why an offline sale needs a manager's check — each product the shelf could not
 * cover or no longer sold (deactivated after the device caught up), its stock just before the
 * sale and the pieces the sale took — and, for a manager,
 * Mark reviewed. A sale reviewed since says by whom and when. Nothing for any other sale.
 */
export function SaleReviewSection({ sale, onReviewed }: SaleReviewSectionProps) {
  const { t } = useTranslation('sales');
  const can = useCan();
  const review = useReviewSale();
  const [note, setNote] = useState('');
  if (!sale.needs_review && sale.review_reasons.length === 0 && !sale.reviewed_at) return null;

  const markReviewed = async () => {
    try {
      const reviewed = await review.mutateAsync({ saleId: sale.id, note: note.trim() });
      onReviewed(reviewed);
      toast({ title: t('review.done'), description: t('review.doneDescription', { id: sale.id }) });
    } catch (error) {
      toastFailure(error, t('review.failed'));
    }
  };

  return (
    <section
      aria-labelledby="sale-review-heading"
      className="grid gap-3 rounded-md border border-amber-300 p-3 dark:border-amber-700"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="sale-review-heading" className="font-semibold">
          {t('review.title')}
        </h3>
        {sale.needs_review && <NeedsReviewBadge />}
      </div>
      {sale.review_reasons.length > 0 && (
        <ul className="grid gap-2 text-sm" aria-label={t('review.reasons')}>
          {sale.review_reasons.map((reason) => (
            <li key={`${reason.kind}-${reason.product_id}`} className="grid gap-0.5">
              <span className="font-medium">
                {reason.kind === 'inactive_product'
                  ? t('review.noLongerSold', { name: reason.product_name })
                  : t('review.insufficientStock', { name: reason.product_name })}
              </span>
              <span className="text-slate-600 dark:text-slate-400">
                {t('review.stock', {
                  before: pieces(reason.stock_pieces_before),
                  taken: pieces(reason.pieces),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {sale.reviewed_at && (
        <p className="flex items-center gap-1 text-sm" data-testid="sale-reviewed">
          <CheckIcon aria-hidden className="size-4 text-emerald-700 dark:text-emerald-400" />
          {t('review.reviewedBy', {
            name: sale.reviewed_by?.name ?? t('review.someone'),
            date: formatSaleDate(sale.reviewed_at),
          })}
        </p>
      )}
      {sale.review_note && (
        <p className="text-sm break-words whitespace-pre-line" data-testid="sale-review-note">
          {t('review.noteShown', { note: sale.review_note })}
        </p>
      )}
      {sale.needs_review && can('sales:review') && (
        <div className="grid gap-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('review.hint')}</p>
          <Label htmlFor={`sale-review-note-${sale.id}`}>{t('review.note')}</Label>
          <Textarea
            id={`sale-review-note-${sale.id}`}
            value={note}
            maxLength={500}
            rows={2}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button
            className="sm:justify-self-end"
            onClick={() => void markReviewed()}
            disabled={review.isPending}
          >
            {t('review.markReviewed')}
          </Button>
        </div>
      )}
    </section>
  );
}
