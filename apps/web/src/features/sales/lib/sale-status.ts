import type { Sale } from '@duka/shared/sales/sales.schemas';
import type { BadgeProps } from '@/components/ui/badge';

/** The statuses the catalogue names; any other value the server sends shows as it came. */
export const KNOWN_STATUSES = [
  'completed',
  'paid',
  'pending',
  'failed',
  'cancelled',
  'partially_returned',
  'returned',
] as const;
export type KnownStatus = (typeof KNOWN_STATUSES)[number];

export function isKnownStatus(value: string): value is KnownStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(value);
}

/**
 * Spec §4 sale/payment status colours: paid green, pending yellow, failed red, anything else
 * grey. A sale's own status is 'completed' exactly when it was paid at the till (spec §4
 * Checkout sends completed with paid), so 'completed' is green too; 'cancelled' stays grey.
 */
export function statusBadgeVariant(status: string): NonNullable<BadgeProps['variant']> {
  switch (status) {
    case 'paid':
    case 'completed':
      return 'success';
    case 'pending':
      return 'warning';
    case 'failed':
      return 'danger';
    // Issue 24: a sale part of which came back is still a sale (blue); all of it back, grey.
    case 'partially_returned':
      return 'info';
    default:
      return 'secondary';
  }
}

/**
 * A sale sold (in part) on credit (issue 21): its payment status tells whether the customer has
 * paid it off (pending while `balance_due` > 0, then paid).
 */
export function hasCredit(sale: Pick<Sale, 'payments' | 'balance_due'>): boolean {
  return sale.balance_due > 0 || sale.payments.some((part) => part.method === 'credit');
}

/**
 * Issue 24: whether a manager may still return lines of the sale (completed or partly returned,
 * and some line not all back). The returns feature counts each line's rest itself
 * (@duka/shared/returns/returnable); this page's own few lines keep that module out of a chunk
 * shared with it, whose name every page would otherwise load up front.
 */
export function hasLeftToReturn(sale: Pick<Sale, 'status' | 'items'>): boolean {
  return (
    (sale.status === 'completed' || sale.status === 'partially_returned') &&
    sale.items.some((item) => item.quantity > item.returned_quantity)
  );
}
