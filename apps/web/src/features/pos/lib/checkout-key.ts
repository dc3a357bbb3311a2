/**
 * One id per checkout (PRODUCT.md §3; issue 22): made when a cart is first sent and reused for
 * every retry of that same cart until the server answers with a sale, so a response lost on a
 * dropped connection never becomes a second sale. The id is the sale's `client_sale_id` and
 * its Idempotency-Key both, and goes with the time of the first attempt (`sold_at`): a sale the
 * till keeps on the device after a failed request (the outbox) is uploaded later with the same
 * id and time, so if the first request did reach the server, the upload is its replay and never
 * a second sale. Kept in sessionStorage beside the cart's content hash, so it also survives a
 * reload of the tab between the attempts.
 */
import type { CartItem } from '@/features/cart/lib/cart-math';

export const CHECKOUT_KEY_STORAGE = 'duka-checkout-key';

/** The id and time of one checkout, the same for each of its attempts. */
export interface CheckoutAttempt {
  /** A UUID: client_sale_id and the Idempotency-Key. */
  key: string;
  /** When the checkout was first sent: ISO 8601 with the device's offset. */
  soldAt: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The device's time as ISO 8601 with its own offset: 2026-11-26T14:05:00.000+03:00. */
export function isoWithOffset(date: Date = new Date()): string {
  const offsetMinutes = -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  return `${local}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** What identifies a checkout: the lines sold (product, unit, quantity, price). */
export function cartContentHash(items: readonly CartItem[]): string {
  return items
    .map((item) => `${item.product.id}:${item.unit_type}:${item.quantity}:${item.unit_price}`)
    .join('|');
}

function read(): ({ hash: string } & CheckoutAttempt) | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(CHECKOUT_KEY_STORAGE) ?? 'null') as {
      hash?: unknown;
      key?: unknown;
      soldAt?: unknown;
    } | null;
    return typeof stored?.hash === 'string' &&
      typeof stored.key === 'string' &&
      typeof stored.soldAt === 'string'
      ? { hash: stored.hash, key: stored.key, soldAt: stored.soldAt }
      : null;
  } catch {
    return null;
  }
}

/** This cart's checkout: the kept one when the cart is unchanged, else a new one from now. */
export function checkoutAttemptFor(items: readonly CartItem[]): CheckoutAttempt {
  const hash = cartContentHash(items);
  const stored = read();
  if (stored?.hash === hash) return { key: stored.key, soldAt: stored.soldAt };
  const attempt = { key: crypto.randomUUID(), soldAt: isoWithOffset() };
  try {
    sessionStorage.setItem(CHECKOUT_KEY_STORAGE, JSON.stringify({ hash, ...attempt }));
  } catch {
    // Storage refused (private mode): the attempt still lives as long as the dialog's state.
  }
  return attempt;
}

/** The key of this cart's checkout (its client_sale_id). */
export function checkoutKeyFor(items: readonly CartItem[]): string {
  return checkoutAttemptFor(items).key;
}

/** The server (or the device's outbox) has the sale: the next checkout gets a new id. */
export function forgetCheckoutKey(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_KEY_STORAGE);
  } catch {
    // Nothing kept.
  }
}
