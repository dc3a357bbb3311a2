import {
  customerFormSchema,
  type Customer,
  type UpdateCustomerInput,
} from '@duka/shared/customers/customers.schemas';
import type { z } from 'zod';

/**
 * The customer form: name and phone required; email (email format when given), address and
 * notes optional, as at the till's quick add (PRODUCT.md §3c). The phone may be typed 07…,
 * 01…, 254… or +254… and is sent as +254….
 */
export { customerFormSchema };

export type CustomerFormValues = z.input<typeof customerFormSchema>;
export type CustomerFormOutput = z.output<typeof customerFormSchema>;

export const CUSTOMER_FORM_FIELDS = ['name', 'phone', 'email', 'address', 'notes'] as const;

/** Blank for a new customer, the customer's own values for an edit. */
export function customerFormValues(customer: Customer | null): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    address: customer?.address ?? '',
    notes: customer?.notes ?? '',
  };
}

/** PUT sends every field of the form; a blank email, address or notes clears it. */
export function customerUpdateInput(values: CustomerFormOutput): UpdateCustomerInput {
  return {
    ...values,
    email: values.email ?? '',
    address: values.address ?? '',
    notes: values.notes ?? '',
  };
}
