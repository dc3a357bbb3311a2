/**
 * What of a sale can still come back (issue 24), as the web app shows it before asking: the
 * server decides (409 'Only {n} left to return of {product}'), these only spare a refused try.
 */
import type { Sale, SaleItem } from '../sales/sales.schemas';

/** How much of a line is left to return, in the line's unit. */
export function leftToReturn(item: Pick<SaleItem, 'quantity' | 'returned_quantity'>): number {
  return Math.max(0, item.quantity - item.returned_quantity);
}

/** Whether any line of the sale can still be returned (a cancelled or pending sale cannot). */
export function canBeReturned(sale: Pick<Sale, 'status' | 'items'>): boolean {
  return (
    (sale.status === 'completed' || sale.status === 'partially_returned') &&
    sale.items.some((item) => leftToReturn(item) > 0)
  );
}
