/**
 * Suppliers (spec §3 Supplier, §5 Supplier form, §7; PRODUCT.md §1, §4b).
 *
 * GET /suppliers answers a plain array (the spec: "list is an array or data.data");
 * GET /suppliers/search answers `{ data }`; POST, PUT and GET /suppliers/{id} answer the
 * supplier itself ("create returns the created supplier"); DELETE answers `{ success: true,
 * deactivated }`.
 *
 * Deleting a supplier that purchase orders name does not erase it: it becomes 'inactive', so
 * those orders keep showing who they were placed with. Inactive suppliers are left out of
 * GET /suppliers and /suppliers/search (and so of the purchase-order form's supplier select);
 * GET /suppliers/{id} still answers them. A supplier without orders is deleted.
 */
import { z } from 'zod';
import { emailFieldSchema } from '../auth/auth.schemas';
import { phoneSchema } from '../api/phone';
import { textSchema } from '../api/primitives';

export const SUPPLIER_STATUSES = ['active', 'inactive'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

/** Suppliers /search returns at most this many, best match by name first. */
export const SUPPLIER_SEARCH_LIMIT = 20;

const statusSchema = z.enum(SUPPLIER_STATUSES, { error: 'Status must be active or inactive' });

/** The form's fields (spec §5): name, email, phone, address required; contact person optional. */
const supplierFields = {
  name: textSchema({ label: 'Name', min: 1, max: 120 }),
  email: emailFieldSchema('Email is required'),
  phone: phoneSchema(),
  address: textSchema({ label: 'Address', min: 1, max: 500, multiline: true }),
  // Optional: missing or blank means "none" (stored null, shown as '-'). null itself is refused,
  // like every other wrong type (the bad-input sweep holds every field to that).
  contact_person: textSchema({
    label: 'Contact person',
    max: 120,
    messages: { required: 'Contact person must be text' },
  }).optional(),
};

/** POST /suppliers. Status defaults to 'active' (spec §9); the form never sends it. */
export const createSupplierSchema = z.object({
  ...supplierFields,
  status: statusSchema.default('active'),
});
export type CreateSupplierInput = z.infer<typeof createSupplierSchema>;

/** PUT /suppliers/{id}: the form sends every field; a field left out keeps its value. */
export const updateSupplierSchema = z.object({
  name: supplierFields.name.optional(),
  email: supplierFields.email.optional(),
  phone: supplierFields.phone.optional(),
  address: supplierFields.address.optional(),
  contact_person: supplierFields.contact_person,
  status: statusSchema.optional(),
});
export type UpdateSupplierInput = z.infer<typeof updateSupplierSchema>;

/** GET /suppliers/search?q= — over name, contact person, email and phone, any case. */
export const supplierSearchQuerySchema = z.object({
  q: textSchema({ label: 'Search', max: 100 }).default(''),
});

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Always +254XXXXXXXXX. */
  phone: z.string(),
  address: z.string(),
  /** null when none was given. */
  contact_person: z.string().nullable(),
  status: z.enum(SUPPLIER_STATUSES),
  created_at: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierListResponseSchema = z.array(supplierSchema);
export const supplierSearchResponseSchema = z.object({ data: z.array(supplierSchema) });

export const supplierDeleteResponseSchema = z.object({
  success: z.literal(true),
  // True when purchase orders name the supplier and it was made inactive instead of deleted.
  deactivated: z.boolean(),
});
