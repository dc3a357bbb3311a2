import { formatCurrency } from '@duka/shared/money/money';
import { RETURN_MESSAGES } from '@duka/shared/returns/returns.schemas';
import { conflict, fieldError, notFound } from '../../lib/errors';

export const returnErrors = {
  // Also another store's sale's return, or a return of another sale: 404, never 403.
  notFound: () => notFound('Return not found', 'return.not_found'),
  notThisSale: (index: number) =>
    fieldError('return.not_this_sale', `items.${index}.sale_item_id`, RETURN_MESSAGES.notThisSale),
  overReturn: (index: number, left: number, product: string) =>
    conflict('return.over_return', RETURN_MESSAGES.overReturn(left, product), [
      { path: `items.${index}.quantity`, message: RETURN_MESSAGES.overReturn(left, product) },
    ]),
  saleCancelled: () => conflict('return.sale_cancelled', RETURN_MESSAGES.saleCancelled),
  productGone: (index: number, product: string) =>
    conflict('return.product_gone', RETURN_MESSAGES.productGone(product), [
      { path: `items.${index}.restock`, message: RETURN_MESSAGES.productGone(product) },
    ]),
  creditNeedsCustomer: () =>
    conflict('return.credit_needs_customer', RETURN_MESSAGES.creditNeedsCustomer, [
      { path: 'refund_method', message: RETURN_MESSAGES.creditNeedsCustomer },
    ]),
  /** `balance` is the stored numeric text of what the customer owes. */
  creditTooLarge: (balance: string) =>
    conflict('return.credit_too_large', RETURN_MESSAGES.creditTooLarge(formatCurrency(balance)), [
      { path: 'refund_method', message: RETURN_MESSAGES.creditTooLarge(formatCurrency(balance)) },
    ]),
  noPhone: () =>
    fieldError(
      'return.no_phone',
      'phone',
      'This customer has no phone number. Enter the number to send the refund receipt to.',
    ),
  idempotencyKeyReused: () =>
    conflict(
      'return.idempotency_key_reused',
      'This Idempotency-Key was used for a different return',
    ),
};
