/**
 * One Idempotency-Key per checkout (PRODUCT.md §3): made when a cart is first sent and reused
 * for every retry of that same cart until the server answers with a sale, so a response lost
 * on a dropped connection never becomes a second sale. Kept in sessionStorage beside the cart's
 * content hash, so it also survives a reload of the tab between the attempts.
 */
import type { CartItem } from '@/features/cart/lib/cart-math';

export const CHECKOUT_KEY_STORAGE = 'duka-checkout-key';

/** What identifies a checkout: the lines sold (product, unit, quantity, price). */
export function cartContentHash(items: readonly CartItem[]): string {
  return items
    .map((item) => `${item.product.id}:${item.unit_type}:${item.quantity}:${item.unit_price}`)
    .join('|');
}

function read(): { hash: string; key: string } | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(CHECKOUT_KEY_STORAGE) ?? 'null') as {
      hash?: unknown;
      key?: unknown;
    } | null;
    return typeof stored?.hash === 'string' && typeof stored.key === 'string'
      ? { hash: stored.hash, key: stored.key }
      : null;
  } catch {
    return null;
  }
}

/** The key of this cart's checkout: the kept one when the cart is unchanged, else a new one. */
export function checkoutKeyFor(items: readonly CartItem[]): string {
  const hash = cartContentHash(items);
  const stored = read();
  if (stored?.hash === hash) return stored.key;
  const key = crypto.randomUUID();
  try {
    sessionStorage.setItem(CHECKOUT_KEY_STORAGE, JSON.stringify({ hash, key }));
  } catch {
    // Storage refused (private mode): the key still lives as long as the dialog's state.
  }
  return key;
}

/** The server answered with a sale: the next checkout gets a new key. */
export function forgetCheckoutKey(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_KEY_STORAGE);
  } catch {
    // Nothing kept.
  }
}
