/**
 * The till with no connection (issue 22, decision 0012). A checkout made offline, or whose
 * request fails for network reasons or times out, is kept on the device (the outbox, which app/
 * hands the till: features never import each other) instead of showing an error, with the same
 * client_sale_id and sold_at as the request that failed. Offline the till takes cash and M-Pesa
 * with a typed code only: credit needs the customer's balance, split payment is left for online,
 * and a discount over the cashier's cap needs a manager's check the server makes.
 */
import type { Customer } from '@duka/shared/customers/customers.schemas';
import { ApiRequestError } from '@/lib/api-client';
import type { CartItem } from '@/features/cart/lib/cart-math';
import type { CheckoutMethod, SalePayload } from './checkout';

/** A sale the till hands to the device's outbox. */
export interface KeptSale {
  payload: SalePayload & { client_sale_id: string; sold_at: string };
  /** What the local receipt shows of each line, in the payload's order. */
  lines: { name: string; sku: string }[];
  customer: { name: string; phone: string | null } | null;
  /** The customer was added on the device while offline: their id there, else null. */
  localCustomerId: string | null;
}

/** The outbox as the till sees it (app/pages/pos-page.tsx gives it, loaded lazily). */
export interface TillOutbox {
  /** Keeps the sale on the device; resolves to the sale's id there (its client_sale_id). */
  keep: (sale: KeptSale) => Promise<{ clientSaleId: string; deviceReceiptNumber: string }>;
}

/** The browser says there is no connection. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A request that got no answer: fetch's TypeError (no network), an abort or the checkout's
 * 15-second timeout. A 4xx or 5xx answer is not offline: the server said something.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError) return false;
  if (error instanceof TypeError) return true;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** The methods the till offers offline: one payment of cash or M-Pesa. */
export function offeredOffline(method: CheckoutMethod): boolean {
  return method === 'cash' || method === 'mpesa';
}

/**
 * A customer added at the till while offline carries the id the device gave them
 * (`client_customer_id`, features/offline local_customers) until the server has them.
 */
export function localCustomerIdOf(customer: Customer | null): string | null {
  const id = (customer as { client_customer_id?: unknown } | null)?.client_customer_id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** What the outbox keeps of a checkout: its payload, the lines' names and the customer. */
export function keptSale(
  payload: KeptSale['payload'],
  items: readonly CartItem[],
  customer: Customer | null,
): KeptSale {
  const byId = new Map(items.map((item) => [item.product.id, item.product]));
  return {
    payload,
    lines: payload.items.map((line) => {
      const product = byId.get(line.product_id);
      return { name: product?.name ?? '', sku: product?.sku ?? '' };
    }),
    customer: customer ? { name: customer.name, phone: customer.phone } : null,
    localCustomerId: localCustomerIdOf(customer),
  };
}
