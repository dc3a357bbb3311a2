/**
 * The till with no connection (issue 22, decision 0012). A checkout made offline, or whose
 * request fails for network reasons or times out, is kept on the device (the outbox, handed to
 * the till by app/pages/pos-page.tsx with the person and the store) instead of failing, with the same
 * client_sale_id and sold_at as the request that failed. Offline the till takes cash and M-Pesa
 * with a typed code only: credit needs the customer's balance, split payment is left for online,
 * and a discount over the cashier's cap needs a manager's check the server makes.
 */
import type { CartItem } from '@/features/cart/lib/cart-math';
import type { CheckoutMethod, SalePayload } from './checkout';
import type { TillCustomer } from './device-products';

/** A checkout the till hands to the device's outbox, with what its receipt prints. */
export interface TillCheckout {
  payload: SalePayload & { client_sale_id: string; sold_at: string };
  items: readonly CartItem[];
  customer: TillCustomer | null;
}

/** The outbox as the till sees it (app/pages/pos-page.tsx gives it, loaded lazily). */
export interface TillOutbox {
  /** Keeps the sale on the device; resolves to the sale's id there (its client_sale_id). */
  keep: (sale: TillCheckout) => Promise<{ clientSaleId: string; deviceReceiptNumber: string }>;
}

/** The browser says there is no connection. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The methods the till offers offline: one payment of cash or M-Pesa. */
export function offeredOffline(method: CheckoutMethod): boolean {
  return method === 'cash' || method === 'mpesa';
}
