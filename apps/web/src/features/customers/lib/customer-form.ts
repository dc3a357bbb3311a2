import {
  customerFormSchema,
  type Customer,
  type UpdateCustomerInput,
} from '@duka/shared/customers/customers.schemas';
import type { z } from 'zod';

/**
 * The customer form (spec §5): name, email (email format), phone and address required, notes
 * optional. The phone may be typed 07…, 01…, 254… or +254… and is sent as +254…. (The server
 * itself asks only for a name and a phone, so the till's quick add keeps working.)
 */
export { customerFormSchema };

export type CustomerFormValues = z.input<typeof customerFormSchema>;
export type CustomerFormOutput = z.output<typeof customerFormSchema>;

export const CUSTOMER_FORM_FIELDS = ['name', 'email', 'phone', 'address', 'notes'] as const;

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

/** PUT sends every field of the form; blank notes clear them. */
export function customerUpdateInput(values: CustomerFormOutput): UpdateCustomerInput {
  return { ...values, notes: values.notes ?? '' };
}
