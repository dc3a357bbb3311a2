/**
 * Customers (spec §3 Customer; PRODUCT.md §4b). The till reads them for its selector and adds
 * one on the spot with a name and a phone; the full customers page (issue 9) builds on this.
 * Every store has a 'Walk-in Customer' (created with the store), the sale's default customer.
 */
import { z } from 'zod';
import { emailFieldSchema } from '../auth/auth.schemas';
import { phoneSchema } from '../api/phone';
import { idSchema, textSchema } from '../api/primitives';

export const WALK_IN_CUSTOMER = 'Walk-in Customer';

const customerFields = {
  name: textSchema({ label: 'Name', min: 1, max: 120, messages: { required: 'Name is required' } }),
  phone: phoneSchema(),
  email: z.union([z.literal(''), emailFieldSchema()]).optional(),
  address: textSchema({ label: 'Address', max: 500, multiline: true }).optional(),
  notes: textSchema({ label: 'Notes', max: 1000, multiline: true }).optional(),
};

/**
 * POST /customers. The server asks for a name and a phone only, so the till's quick add (name
 * and phone) and the customers form share one route; the form itself (spec §5) also requires
 * email and address (customerFormSchema). Optional fields: missing or blank means none.
 */
export const createCustomerSchema = z.object(customerFields);
export type CreateCustomerInput = z.infer<typeof createCustomerSchema>;

/** PUT /customers/{id}: a field left out keeps its value; a blank email, address or notes clears it. */
export const updateCustomerSchema = z.object({
  name: customerFields.name.optional(),
  phone: customerFields.phone.optional(),
  email: customerFields.email,
  address: customerFields.address,
  notes: customerFields.notes,
});
export type UpdateCustomerInput = z.infer<typeof updateCustomerSchema>;

/** The customers page's form (spec §5): name, email (email format), phone, address required. */
export const customerFormSchema = z.object({
  name: customerFields.name,
  email: emailFieldSchema('Email is required'),
  phone: customerFields.phone,
  address: textSchema({
    label: 'Address',
    min: 1,
    max: 500,
    multiline: true,
    messages: { required: 'Address is required' },
  }),
  notes: customerFields.notes,
});
export type CustomerFormInput = z.input<typeof customerFormSchema>;

export const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  // The Walk-in Customer has no phone.
  phone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  is_walk_in: z.boolean(),
  /** The customer's loyalty points balance (never negative). */
  loyalty_points: z.number().int(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /customers?q — the spec's screens read `data`; the Walk-in Customer comes first. */
export const customerListQuerySchema = z.object({
  q: textSchema({ label: 'Search', max: 100 }).optional(),
});
export const customerListResponseSchema = z.object({ data: z.array(customerSchema) });
export const customerResponseSchema = z.object({ data: customerSchema });

/** DELETE /customers/{id}: `archived` when the customer had history and was kept hidden. */
export const customerDeleteResponseSchema = z.object({
  success: z.literal(true),
  archived: z.boolean(),
});

// Loyalty (spec §7: points, transactions, add points, redeem points). PRODUCT.md §4.

export const LOYALTY_KINDS = ['earn', 'add', 'redeem'] as const;
export type LoyaltyKind = (typeof LOYALTY_KINDS)[number];
/** A single adjustment is capped so a typo cannot create millions of points. */
export const LOYALTY_POINTS_MAX = 1_000_000;

export const loyaltyAdjustSchema = z.object({
  customer_id: idSchema('Invalid customer'),
  points: z
    .number({ error: 'Points must be a whole number' })
    .int({ error: 'Points must be a whole number' })
    .min(1, { error: 'Points must be at least 1' })
    .max(LOYALTY_POINTS_MAX, { error: `Points must be at most ${LOYALTY_POINTS_MAX}` }),
  reason: textSchema({ label: 'Reason', max: 200 }).optional(),
});
export type LoyaltyAdjustInput = z.infer<typeof loyaltyAdjustSchema>;

export const loyaltyPointsSchema = z.object({
  customer_id: z.number().int(),
  points: z.number().int(),
});
export const loyaltyPointsResponseSchema = z.object({ data: loyaltyPointsSchema });
export const loyaltyAdjustResponseSchema = z.object({
  success: z.literal(true),
  data: loyaltyPointsSchema,
});

export const loyaltyTransactionSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  /** Positive for earn and add, negative for redeem. */
  points: z.number().int(),
  kind: z.enum(LOYALTY_KINDS),
  reason: z.string().nullable(),
  sale_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type LoyaltyTransaction = z.infer<typeof loyaltyTransactionSchema>;
export const loyaltyTransactionsResponseSchema = z.object({
  data: z.array(loyaltyTransactionSchema),
});
