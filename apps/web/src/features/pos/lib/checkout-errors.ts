import type { CartItem } from '@/features/cart/lib/cart-math';
import { shelfOf } from '@/features/cart/lib/cart-stock';
import { ApiRequestError } from '@/lib/api-client';
import { formatStock } from '@/lib/format-stock';
import { i18n, translateMessage } from '@/lib/i18n';
import type { PosProduct } from './pos-products';
import { INVALID_RESPONSE } from './checkout';

const INSUFFICIENT_STOCK = /^Insufficient stock for (.+)$/;

/**
 * Issue 20: the server's refusal of a discount, as the Manager approval dialog shows it — the
 * sale needs an approval (the cap in the reader's language), or the approval given failed (or
 * was tried too often); null for any other error.
 */
export function discountRefusal(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.code === 'sale.discount_needs_approval') {
    const cap = /over (\d+)%/.exec(error.serverMessage ?? '')?.[1];
    return i18n.t('pos:discount.needsApproval', { percent: Number(cap ?? 0) });
  }
  if (error.code === 'sale.approval_failed' || error.status === 429) {
    return translateMessage(error.serverMessage ?? 'Manager approval failed');
  }
  return null;
}

/**
 * Issue 21: the server's 409 'Credit limit exceeded' (the customer's own limit, or the store's
 * default one the till cannot see), told in the reader's language with what to do; null for
 * any other error.
 */
export function creditLimitRefusal(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const over =
    error.code === 'sale.credit_limit_exceeded' ||
    (error.serverMessage ?? '').startsWith('Credit limit exceeded');
  if (!over) return null;
  return `${translateMessage('Credit limit exceeded')}. ${i18n.t('pos:payments.overLimitHint')}`;
}

/** The server's words (SHIFT_MESSAGES.openShiftFirst, kept here so the till loads no schema). */
export const OPEN_SHIFT_FIRST = 'Open a shift first';

/**
 * Issue 24: the store requires an open shift to sell (store setting require_shift) and the
 * seller has none: the server's 409 'Open a shift first'. The checkout says so with Open shift.
 */
export function isShiftRequired(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 409 &&
    (error.serverMessage === OPEN_SHIFT_FIRST || error.code === 'shift.required')
  );
}

/**
 * The server already holds a sale under this checkout's key, sent with other details (a lost
 * answer, then the tender changed): the earlier attempt went through. The till says so and lets
 * go of the key, so a sale completed again after checking /sales is a sale of its own.
 */
export function isReusedCheckoutKey(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'sale.idempotency_key_reused';
}

/**
 * What the 'Server Error' toast says (spec §8): the server's message in the current language
 * (a 400's field messages too), or 'Failed to complete checkout. Please try again.' when no
 * answer came — a dropped connection, after which the retry reuses the checkout's key.
 */
export function checkoutErrorMessage(error: unknown): string {
  const fallback = i18n.t('pos:checkout.failed');
  if (!(error instanceof ApiRequestError)) {
    return error instanceof Error && error.message === INVALID_RESPONSE
      ? translateMessage(error.message)
      : fallback;
  }
  const stock = INSUFFICIENT_STOCK.exec(error.serverMessage ?? '');
  if (stock) return i18n.t('pos:checkout.insufficientStock', { name: stock[1] });
  const fields = error.errors.map((field) => translateMessage(field.message));
  const messages = fields.length > 0 ? fields : [translateMessage(error.serverMessage ?? fallback)];
  return [...new Set(messages)].join(' ');
}

/**
 * A 409 'Insufficient stock for {name}' (the server's contract, left as it is) told as what is
 * left (issue 20): "Only 3 dozen 11 pcs left of Jogoo Maize Flour 2kg", counted from the
 * product as it is now — the cart's line of that name is fetched again, since the grid's count
 * may be older than the sale that took the rest. Null when the error is another one; the plain
 * "Insufficient stock" message when the product cannot be read again.
 */
export async function stockShortMessage(
  error: unknown,
  items: readonly CartItem[],
  fetchProduct: (id: number) => Promise<PosProduct>,
): Promise<string | null> {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const name = INSUFFICIENT_STOCK.exec(error.serverMessage ?? '')?.[1];
  if (name === undefined) return null;
  const line = items.find((item) => item.product.name === name);
  try {
    if (!line) throw new Error('not in the cart');
    const product = await fetchProduct(line.product.id);
    const shelf = shelfOf(product);
    if (!shelf) throw new Error('no exact stock');
    if (shelf.stock_pieces <= 0) return i18n.t('pos:stock.out', { name });
    return i18n.t('pos:stock.onlyLeft', { stock: formatStock(shelf), name });
  } catch {
    return i18n.t('pos:checkout.insufficientStock', { name });
  }
}

/**
 * Issue 23: the server's refusal of the M-Pesa payment put on this sale — the 409 'This M-Pesa
 * payment is already used by sale #…' or not paid, or a 400 on `mpesa_payment_id` (not found,
 * less than its part) — in the server's words (in the reader's language when the catalogue has
 * them); null for any other error.
 */
export function mpesaPaymentRefusal(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status !== 409 && error.status !== 400) return null;
  const message = error.serverMessage ?? '';
  const field = error.errors.find((entry) => entry.path.endsWith('mpesa_payment_id'));
  const aboutMpesa =
    (error.code ?? '').startsWith('sale.mpesa_payment') ||
    field !== undefined ||
    (error.status === 409 && /M-Pesa payment/i.test(message));
  if (!aboutMpesa || INSUFFICIENT_STOCK.test(message)) return null;
  // The two refusals that carry a number: the catalogue's words, the number filled in.
  const used = /already used by sale #(\d+)$/.exec(message);
  if (error.code === 'sale.mpesa_payment_used' && used) {
    return i18n.t('pos:mpesa.paymentUsed', { id: used[1] });
  }
  const short = /^This M-Pesa payment is (.+), less than this part$/.exec(field?.message ?? '');
  if (short) return i18n.t('pos:mpesa.paymentShort', { amount: short[1] });
  return translateMessage(field?.message ?? message);
}
