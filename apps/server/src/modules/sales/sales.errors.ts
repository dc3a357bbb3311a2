import { formatCurrency } from '@duka/shared/money/money';
import type { PaymentProblem } from '@duka/shared/sales/payments';
import { SHIFT_MESSAGES } from '@duka/shared/shifts/shifts.schemas';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/errors';

export const saleErrors = {
  // Also another store's sale (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound('Sale not found', 'sale.not_found'),
  customerNotFound: () =>
    fieldError('sale.customer_not_found', 'customer_id', 'Please select a customer'),
  productNotFound: (index: number, id: number) =>
    fieldError(
      'sale.product_not_found',
      `items.${index}.product_id`,
      `Product with id ${id} not found`,
    ),
  lineTotalMismatch: (index: number) =>
    fieldError(
      'sale.line_total_mismatch',
      `items.${index}.total`,
      'Line total must equal quantity × unit price',
    ),
  totalMismatch: (expectedCents: number) => {
    const message = `Total does not match the items and delivery fee (${formatCurrency(expectedCents / 100)})`;
    return badRequest('sale.total_mismatch', message, [{ path: 'total', message }]);
  },
  totalTooLarge: () =>
    fieldError('sale.total_too_large', 'total', 'Total must be at most 10,000,000,000'),
  // How the sale is paid (shared/sales/payments): the rule broken, on its field.
  payment: (problem: PaymentProblem) =>
    fieldError(`sale.${problem.code}`, problem.path, problem.message),
  creditNeedsNamedCustomer: () =>
    fieldError('sale.credit_needs_named_customer', 'customer_id', 'Credit needs a named customer'),
  creditLimitExceeded: () => conflict('sale.credit_limit_exceeded', 'Credit limit exceeded'),
  cartDiscountTooLarge: () =>
    fieldError(
      'sale.cart_discount_too_large',
      'cart_discount',
      'Cart discount cannot be more than the items',
    ),
  // Issue 20: the contract's words; n is the store's cap.
  discountNeedsApproval: (capPercent: number) =>
    new AppError(
      403,
      'sale.discount_needs_approval',
      `A discount over ${capPercent}% needs a manager's approval`,
    ),
  approvalFailed: () => new AppError(403, 'sale.approval_failed', 'Manager approval failed'),
  insufficientStock: (name: string) =>
    conflict('sale.insufficient_stock', `Insufficient stock for ${name}`),
  idempotencyKeyReused: () =>
    conflict('sale.idempotency_key_reused', 'This Idempotency-Key was used for a different sale'),
  // Issue 22 (decisions/0012): a device's id of a sale belongs to that sale alone.
  clientSaleIdReused: () =>
    conflict('sale.client_sale_id_reused', 'This client sale id was used for a different sale'),
  soldAtInFuture: (serverTime: Date) =>
    fieldError(
      'sale.sold_at_in_future',
      'sold_at',
      `Sold at is more than 5 minutes ahead of the server's clock (${serverTime.toISOString()}): check the device's date and time`,
    ),
  soldAtTooOld: (days: number) =>
    fieldError(
      'sale.sold_at_too_old',
      'sold_at',
      `Sold at is more than ${days} days ago: this store accepts offline sales up to ${days} days old`,
    ),
  syncOtherUser: () =>
    conflict(
      'sale.sync_other_user',
      'These sales belong to another person: they upload only when that person is signed in',
    ),
  // Issue 24: the store's setting require_shift is on and the seller has no open shift.
  openShiftFirst: () => conflict('sale.open_shift_first', SHIFT_MESSAGES.openShiftFirst),
  reviewNotNeeded: () => conflict('sale.review_not_needed', 'This sale does not need review'),
  alreadyReviewed: () => conflict('sale.already_reviewed', 'This sale was already reviewed'),
  noPhone: () =>
    fieldError(
      'sale.no_phone',
      'phone',
      'This customer has no phone number. Enter the number to send the receipt to.',
    ),
  receiptNotOpened: () =>
    conflict('sale.receipt_not_opened', 'Open the receipt link before confirming it was sent'),
  // Issue 23 (decisions/0013 "Received payments and sales"): a sale's M-Pesa payment.
  mpesaPaymentWithoutPart: (field: string) =>
    fieldError(
      'sale.mpesa_payment_without_part',
      field,
      'An M-Pesa payment can pay only an M-Pesa part of the sale',
    ),
  mpesaPaymentOnSplit: () =>
    fieldError(
      'sale.mpesa_payment_on_split',
      'mpesa_payment_id',
      'With payments, each M-Pesa part names its own mpesa_payment_id',
    ),
  mpesaPaymentTwice: (field: string) =>
    fieldError('sale.mpesa_payment_twice', field, 'Each M-Pesa part needs its own payment'),
  // Unknown, or another store's: the same answer (its existence is not ours to reveal).
  mpesaPaymentNotFound: (field: string) =>
    fieldError('sale.mpesa_payment_not_found', field, 'M-Pesa payment not found'),
  mpesaPaymentNotPaid: (field: string) => {
    const message = 'This M-Pesa payment is not paid';
    return conflict('sale.mpesa_payment_not_paid', message, [{ path: field, message }]);
  },
  // The contract's words.
  mpesaPaymentUsed: (saleId: number) =>
    conflict('sale.mpesa_payment_used', `This M-Pesa payment is already used by sale #${saleId}`),
  mpesaPaymentShort: (field: string, amount: string) =>
    fieldError(
      'sale.mpesa_payment_short',
      field,
      `This M-Pesa payment is ${formatCurrency(Number(amount))}, less than this part`,
    ),
  // The provider refused or could not be reached: nothing was recorded; the cashier may retry.
};
