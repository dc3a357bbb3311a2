/** A customer at the till, maybe one added on this device while offline (issue 22). */
import type { Customer } from '@duka/shared/customers/customers.schemas';

/**
 * A customer at the till. One added on this device while offline and not yet on the server has
 * a negative id (a placeholder for this page) and its `client_customer_id`: a sale to them goes
 * to the outbox with `local_customer_id` (features/offline/outbox-types.ts).
 */
export type TillCustomer = Customer & { client_customer_id?: string | null };

/** The device's id of a customer added offline and not yet on the server, else null. */
export function localCustomerId(customer: TillCustomer | null | undefined): string | null {
  const local = customer?.client_customer_id;
  return typeof local === 'string' && local !== '' ? local : null;
}
