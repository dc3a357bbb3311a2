/**
 * Customers (spec §3 Customer; PRODUCT.md §4b). The till reads them for its selector and adds
 * one on the spot with a name and a phone; the full customers page (issue 9) builds on this.
 * Every store has a 'Walk-in Customer' (created with the store), the sale's default customer.
 */
import { z } from 'zod';
import { clientIdSchema } from '../sync/sync.schemas';
import { emailFieldSchema } from '../auth/auth.schemas';
import { phoneSchema } from '../api/phone';
import { kraPinSchema } from '../tax/tax';
import { idSchema, textSchema } from '../api/primitives';
import { priceSchema } from '../products/products.schemas';
import {
  mpesaCodeSchema,
  RECEIPT_CHANNELS,
  REPAYMENT_METHODS,
  sendReceiptSchema,
} from '../sales/sales.schemas';

export const WALK_IN_CUSTOMER = 'Walk-in Customer';

/** A credit limit in shillings (cents once read), or null / blank for none. */
export function creditLimitSchema(label: string) {
  return z.preprocess((value) => (value === '' ? null : value), priceSchema(label).nullable());
}

const customerFields = {
  name: textSchema({ label: 'Name', min: 1, max: 120, messages: { required: 'Name is required' } }),
  phone: phoneSchema(),
  email: z.union([z.literal(''), emailFieldSchema()]).optional(),
  address: textSchema({ label: 'Address', max: 500, multiline: true }).optional(),
  notes: textSchema({ label: 'Notes', max: 1000, multiline: true }).optional(),
  /** Issue 26: the buyer's KRA PIN, printed on their receipts and sent to eTIMS; blank clears it. */
  kra_pin: z.union([z.literal(''), kraPinSchema()]).optional(),
};

/**
 * POST /customers: a name and a phone; email, address and notes optional (missing or blank
 * means none). The till's quick add and the customers page's form ask the same (PRODUCT.md §3c:
 * the spec's required marks on email and address were a quirk of its web client).
 */
export const createCustomerSchema = z.object({
  ...customerFields,
  /**
   * Issue 22: a customer added on the till while offline carries the UUID the device gave it,
   * unique per store; sent again, the answer is the customer made the first time (200), so an
   * upload retried after a lost response never adds them twice.
   */
  client_customer_id: clientIdSchema('Client customer id').optional(),
});
export type CreateCustomerInput = z.infer<typeof createCustomerSchema>;

/** PUT /customers/{id}: a field left out keeps its value; a blank email, address or notes clears it. */
export const updateCustomerSchema = z.object({
  name: customerFields.name.optional(),
  phone: customerFields.phone.optional(),
  email: customerFields.email,
  address: customerFields.address,
  notes: customerFields.notes,
  kra_pin: customerFields.kra_pin,
  /**
   * The most this customer may owe (issue 21): null or blank for no limit of their own (the
   * store's default_credit_limit then applies). Managers only.
   */
  credit_limit: creditLimitSchema('Credit limit').optional(),
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
  /** Issue 26: the customer's KRA PIN, or null. */
  kra_pin: z.string().nullable(),
  is_walk_in: z.boolean(),
  /** The customer's loyalty points balance (never negative). */
  loyalty_points: z.number().int(),
  /** What the customer owes on credit sales (issue 21), never below 0. */
  balance: z.number(),
  /** The customer's own credit limit, null for none (the store's default then applies). */
  credit_limit: z.number().nullable(),
  /** When the oldest sale still unpaid (in part) was made; null when nothing is owed. */
  oldest_unpaid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /customers?q — the spec's screens read `data`; the Walk-in Customer comes first. */
export const customerListQuerySchema = z.object({
  q: textSchema({ label: 'Search', max: 100 }).optional(),
  /** owing=true (issue 21): only customers with a balance, largest first (the Debtors view). */
  owing: z
    .enum(['true', 'false'], { error: 'Owing must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export const customerListResponseSchema = z.object({ data: z.array(customerSchema) });
export const customerResponseSchema = z.object({ data: customerSchema });

/** DELETE /customers/{id}: `archived` when the customer had history and was kept hidden. */
export const customerDeleteResponseSchema = z.object({
  success: z.literal(true),
  archived: z.boolean(),
});

// Loyalty (spec §7: points, transactions, add points, redeem points). PRODUCT.md §4.

// Issue 24: 'return', points earned on goods brought back, taken back.
export const LOYALTY_KINDS = ['earn', 'add', 'redeem', 'return'] as const;
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

// Credit and repayments (issue 21): a customer's account with the shop.

// Issue 24: 'refund', a return refunded off the balance (it lowers it, as a repayment does).
export const ACCOUNT_ENTRY_TYPES = ['credit_sale', 'repayment', 'refund'] as const;
export type AccountEntryType = (typeof ACCOUNT_ENTRY_TYPES)[number];

export const accountEntrySchema = z.object({
  type: z.enum(ACCOUNT_ENTRY_TYPES),
  /** Always positive: a credit sale adds it to the balance, a repayment takes it off. */
  amount: z.number(),
  /** The credit sale (null for a repayment). */
  sale_id: z.number().int().nullable(),
  /** A repayment's method (cash or mpesa); 'credit' for a credit sale. */
  method: z.string(),
  mpesa_code: z.string().nullable(),
  created_at: z.string(),
  /** The balance after this entry, oldest entry first. */
  balance_after: z.number(),
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

/** GET /customers/{id}/account: the balance, the limit and the statement, oldest first. */
export const customerAccountSchema = z.object({
  balance: z.number(),
  credit_limit: z.number().nullable(),
  entries: z.array(accountEntrySchema),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;
export const customerAccountResponseSchema = z.object({ data: customerAccountSchema });

/**
 * POST /customers/{id}/repayments: cash, or M-Pesa with its code. More than the balance is a
 * 400 naming the balance (the server's check).
 */
export const repaymentInputSchema = z
  .object({
    amount: priceSchema('Amount').refine((cents) => cents > 0, {
      error: 'Amount must be more than 0',
    }),
    method: z.enum(REPAYMENT_METHODS, { error: 'Payment method must be cash or mpesa' }),
    mpesa_code: mpesaCodeSchema().optional(),
  })
  .refine((input) => input.method !== 'mpesa' || Boolean(input.mpesa_code), {
    error: 'Enter the M-Pesa code',
    path: ['mpesa_code'],
  });
export type RepaymentInput = z.infer<typeof repaymentInputSchema>;

export const repaymentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  /** The customer's balance after it. */
  balance: z.number(),
  /** The credit sales this repayment finished paying, oldest first. */
  settled_sale_ids: z.array(z.number().int()),
});
export type Repayment = z.infer<typeof repaymentSchema>;
export const repaymentResponseSchema = z.object({ data: repaymentSchema });

/**
 * POST /customers/{id}/statement/{channel} (issue 21): the account as a reminder in the store's
 * words, sent like a receipt's link — to the customer's phone or the number given.
 */
export const sendStatementSchema = sendReceiptSchema;
export const statementSendResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    channel: z.enum(RECEIPT_CHANNELS),
    /** The number in 2547… form (no plus), as wa.me wants it. */
    phone: z.string(),
    text: z.string(),
    /** The wa.me or sms: link the web app opens. */
    link: z.string(),
  }),
});
export type StatementSend = z.infer<typeof statementSendResponseSchema>['data'];
