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
 * POST /customers: a name and a phone; email, address and notes optional (missing or blank
 * means none). The till's quick add and the customers page's form ask the same (PRODUCT.md §3c:
 * the spec's required marks on email and address were a quirk of its web client).
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

/**
 * The customers page's form: name and phone required, email (email format when given),
 * address and notes optional — the same rules as POST (PRODUCT.md §3c).
 */
export const customerFormSchema = createCustomerSchema;
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
