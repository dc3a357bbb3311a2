/**
 * Who may change which field of a customer (issue 21, PRODUCT.md §1): a customer's credit limit
 * — how much they may owe the shop — is for managers (and admins, super_admins). The server
 * refuses anyone else's change of it (403 on PUT /customers/{id}, whatever the route's own
 * access becomes); the web app shows it read-only to them. Pure: both apps call it with what
 * they hold, as product-changes.ts does for prices and stock.
 */
import { toCents } from '../money/money';
import { can } from './permissions';
import type { Role } from './roles';

/** THE list of a customer's manager-only fields, each with its label for the refusal. */
export const MANAGER_ONLY_CUSTOMER_FIELDS = {
  credit_limit: 'Credit Limit',
} as const;
export type ManagerOnlyCustomerField = keyof typeof MANAGER_ONLY_CUSTOMER_FIELDS;

/** A money field as a comparable value: cents, or null for none (blank is none too). */
function moneyOrNone(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  return toCents(value);
}

/** True when `role` may set a customer's credit limit (managers, admins, super_admins). */
export function maySetCreditLimit(role: Role | null | undefined): boolean {
  return can(role, 'customers:credit-limit');
}

/**
 * The manager-only fields an edit by `role` would change and the role may not: empty when the
 * edit is allowed. Sending the value the customer already has is no change (a form sending
 * every field back is fine); amounts compare as money (500 = "500.00").
 */
export function forbiddenCustomerChanges(
  role: Role,
  current: { credit_limit: number | string | null },
  edit: Record<string, unknown>,
): ManagerOnlyCustomerField[] {
  if (maySetCreditLimit(role)) return [];
  return (Object.keys(MANAGER_ONLY_CUSTOMER_FIELDS) as ManagerOnlyCustomerField[]).filter(
    (field) =>
      edit[field] !== undefined && moneyOrNone(edit[field]) !== moneyOrNone(current[field]),
  );
}

/** The refusal, naming the fields: 'Only a manager can change Credit Limit'. */
export function forbiddenCustomerChangesMessage(
  fields: readonly ManagerOnlyCustomerField[],
): string {
  return `Only a manager can change ${fields.map((field) => MANAGER_ONLY_CUSTOMER_FIELDS[field]).join(', ')}`;
}
