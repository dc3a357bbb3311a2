import {
  createSupplierSchema,
  type Supplier,
  type UpdateSupplierInput,
} from '@duka/shared/suppliers/suppliers.schemas';
import type { z } from 'zod';

/**
 * The supplier form (spec §5): name, email, phone and address required, contact person
 * optional; the phone may be typed 07…, 01…, 254… or +254… and is sent as +254…. The status is
 * not on the form (spec §3), so it is left out and the server keeps or defaults it.
 */
export const supplierFormSchema = createSupplierSchema.omit({ status: true });

export type SupplierFormValues = z.input<typeof supplierFormSchema>;
export type SupplierFormOutput = z.output<typeof supplierFormSchema>;

export const SUPPLIER_FORM_FIELDS = [
  'name',
  'contact_person',
  'email',
  'phone',
  'address',
] as const;

/** The form's starting values: blank for a new supplier, the supplier's own for an edit. */
export function supplierFormValues(supplier: Supplier | null): SupplierFormValues {
  return {
    name: supplier?.name ?? '',
    contact_person: supplier?.contact_person ?? '',
    email: supplier?.email ?? '',
    phone: supplier?.phone ?? '',
    address: supplier?.address ?? '',
  };
}

/** PUT sends every field of the form; a blank contact person clears it. */
export function supplierUpdateInput(values: SupplierFormOutput): UpdateSupplierInput {
  return { ...values, contact_person: values.contact_person ?? '' };
}
