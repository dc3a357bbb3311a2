import { i18n } from './i18n';

/** The name every store's Walk-in Customer is stored under (migration 0007's trigger). */
export const WALK_IN_CUSTOMER = 'Walk-in Customer';

/**
 * A customer's name as the person reading it should see it (issue 20): the Walk-in Customer in
 * the current language — it is stored in English and stays so — and any other name as it is.
 * `is_walk_in` decides where the answer carries it; a sale's customer carries only the name.
 */
export function customerName(customer: { name: string; is_walk_in?: boolean }): string {
  const walkIn = customer.is_walk_in ?? customer.name === WALK_IN_CUSTOMER;
  return walkIn ? i18n.t('common:walkInCustomer') : customer.name;
}
