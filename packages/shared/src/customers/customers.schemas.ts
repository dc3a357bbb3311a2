/**
 * Customers (spec §3 Customer; PRODUCT.md §4b). The till reads them for its selector and adds
 * one on the spot with a name and a phone; the full customers page (issue 9) builds on this.
 * Every store has a 'Walk-in Customer' (created with the store), the sale's default customer.
 */
import { z } from 'zod';
import { emailFieldSchema } from '../auth/auth.schemas';
import { phoneSchema } from '../api/phone';
import { textSchema } from '../api/primitives';

export const WALK_IN_CUSTOMER = 'Walk-in Customer';

/**
 * POST /customers. The till's quick add sends name and phone; the customers form (spec §5) also
 * sends email, address and notes. Optional fields: missing or blank means none.
 */
export const createCustomerSchema = z.object({
  name: textSchema({ label: 'Name', min: 1, max: 120, messages: { required: 'Name is required' } }),
  phone: phoneSchema(),
  email: z.union([z.literal(''), emailFieldSchema()]).optional(),
  address: textSchema({ label: 'Address', max: 500, multiline: true }).optional(),
  notes: textSchema({ label: 'Notes', max: 1000, multiline: true }).optional(),
});
export type CreateCustomerInput = z.infer<typeof createCustomerSchema>;

export const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  // The Walk-in Customer has no phone.
  phone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  is_walk_in: z.boolean(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /customers?q — the spec's screens read `data`; the Walk-in Customer comes first. */
export const customerListQuerySchema = z.object({
  q: textSchema({ label: 'Search', max: 100 }).optional(),
});
export const customerListResponseSchema = z.object({ data: z.array(customerSchema) });
export const customerResponseSchema = z.object({ data: customerSchema });
