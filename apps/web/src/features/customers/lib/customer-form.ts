import {
  creditLimitSchema,
  customerFormSchema as customerFieldsSchema,
  type Customer,
  type UpdateCustomerInput,
} from '@duka/shared/customers/customers.schemas';
import { centsToDecimal, centsToNumber, toCents } from '@duka/shared/money/money';
import type { z } from 'zod';

/**
 * The customer form: name and phone required; email (email format when given), address and
 * notes optional, as at the till's quick add (PRODUCT.md §3c); issue 26: the KRA PIN printed on
 * their receipts, optional (capitals once read). The phone may be typed 07…,
 * 01…, 254… or +254… and is sent as +254…. Issue 21: a manager editing a customer also sets
 * their credit limit (blank for none of their own: the store's default applies).
 */
export const customerFormSchema = customerFieldsSchema.extend({
  credit_limit: creditLimitSchema('Credit limit').optional(),
});

export type CustomerFormValues = z.input<typeof customerFormSchema>;
export type CustomerFormOutput = z.output<typeof customerFormSchema>;

export const CUSTOMER_FORM_FIELDS = [
  'name',
  'phone',
  'email',
  'address',
  'notes',
  'kra_pin',
  'credit_limit',
] as const;

/** Blank for a new customer, the customer's own values for an edit. */
export function customerFormValues(customer: Customer | null): CustomerFormValues {
  const limit = customer?.credit_limit ?? null;
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    address: customer?.address ?? '',
    notes: customer?.notes ?? '',
    kra_pin: customer?.kra_pin ?? '',
    credit_limit: limit === null ? '' : centsToDecimal(toCents(limit) ?? 0),
  };
}

/** What POST /customers takes: the form without the credit limit (set once the customer exists). */
export function customerCreateInput({
  credit_limit: _limit,
  ...values
}: CustomerFormOutput): Omit<CustomerFormOutput, 'credit_limit'> {
  return values;
}

/**
 * PUT sends every field of the form; a blank email, address, notes or KRA PIN clears it. The credit
 * limit (cents once read) goes back as shillings, or null for none — only when the editor may
 * set it (`withCreditLimit`: managers), else it is left out and stays as it was.
 */
export function customerUpdateInput(
  { credit_limit, ...values }: CustomerFormOutput,
  withCreditLimit = false,
): UpdateCustomerInput {
  return {
    ...values,
    email: values.email ?? '',
    address: values.address ?? '',
    notes: values.notes ?? '',
    kra_pin: values.kra_pin ?? '',
    ...(withCreditLimit
      ? { credit_limit: credit_limit == null ? null : centsToNumber(credit_limit) }
      : {}),
  };
}
