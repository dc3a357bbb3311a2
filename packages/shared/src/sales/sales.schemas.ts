/**
 * Sales (spec §3 Sale, Sale item, Sale creation payload; §4 Checkout; PRODUCT.md §3, §4b).
 *
 * POST /sales takes the spec's payload. The server trusts the cashier's unit prices (a line's
 * price may be changed at the till) but recomputes every line total and the sale total, in
 * integer cents, and refuses a payload whose `total` or a line's `total` disagrees (400).
 * Lines without a product id above 0 are dropped (spec §5 Checkout); none left is 'Cart is empty'.
 *
 * Discounts (issue 20, sales/discounts.ts): a line's `total` is still quantity × unit_price;
 * `cart_discount` (a whole-cart discount in shillings, at most the lines' sum) is spread over
 * the lines by the server, and `total` is the lines less it plus the delivery fee. A cashier's
 * line more than the store's cap below its list price needs `discount_approval`: the email and
 * password of a manager or admin of the store (or a super_admin).
 */
import { z } from 'zod';
import { phoneSchema } from '../api/phone';
import { dateOnlySchema, idSchema, passwordSchema, textSchema } from '../api/primitives';
import { emailFieldSchema } from '../auth/auth.schemas';
import { UNIT_TYPES } from '../money/units';
import { priceSchema, QUANTITY_MAX } from '../products/products.schemas';
import { ETIMS_STATUSES, etimsStateSchema } from '../etims/etims.schemas';
import { saleReturnSchema } from '../returns/sale-return.schema';
import { kraPinSchema, TAX_TYPES, taxLineSchema } from '../tax/tax';
import {
  clientIdSchema,
  deviceReceiptNumberSchema,
  reviewReasonSchema,
  soldAtSchema,
} from '../sync/sync.schemas';
import { receiptStatusSchema } from './receipt-status.schemas';

export const PAYMENT_METHODS = ['cash', 'mpesa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * Split payment and credit (issue 21): a sale is paid in parts, each cash, M-Pesa or credit
 * (pay later, a named customer's debt). The sale's `payment_method` is the single method
 * used, or `split` when more than one.
 */
export const PAYMENT_PART_METHODS = ['cash', 'mpesa', 'credit'] as const;
export type PaymentPartMethod = (typeof PAYMENT_PART_METHODS)[number];
export const SALE_PAYMENT_METHODS = ['cash', 'mpesa', 'credit', 'split'] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];
/** How a customer repays their credit (issue 21). */
export const REPAYMENT_METHODS = ['cash', 'mpesa'] as const;
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number];
// Issue 24: a sale's returns make it 'partially_returned' or 'returned'.
export const SALE_STATUSES = [
  'completed',
  'pending',
  'cancelled',
  'partially_returned',
  'returned',
] as const;
export const PAYMENT_STATUSES = ['paid', 'pending', 'failed'] as const;
export const SALES_PAGE_SIZE_MAX = 100;
/** An M-Pesa transaction code: 10 capital letters and digits (SFT4A1B2C3). */
export const MPESA_CODE = /^[A-Z0-9]{10}$/;
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** Lines the spec drops before sending: no product id, or one not above 0. */
function keepsProduct(line: unknown): boolean {
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return true;
  const id = (line as { product_id?: unknown }).product_id;
  if (id === undefined || id === null) return false;
  if (typeof id === 'number') return id > 0;
  if (typeof id === 'string' && /^-?\d+$/.test(id.trim())) return Number(id) > 0;
  return true;
}

/** A typed M-Pesa transaction code: upper-cased, 10 letters and digits; blank is none. */
export function mpesaCodeSchema() {
  return textSchema({ label: 'M-Pesa code', max: 20 })
    .toUpperCase()
    .refine((value) => value === '' || MPESA_CODE.test(value), {
      error: 'M-Pesa code must be 10 letters and digits, e.g. SFT4A1B2C3',
    });
}

/**
 * One part of a split payment (issue 21). Every amount is above 0. The rules across the parts
 * (they add up to at least the total; change only from cash; one credit part; an M-Pesa code
 * used once) are the server's, answered as 400 on `payments`.
 */
export const salePaymentInputSchema = z.object({
  method: z.enum(PAYMENT_PART_METHODS, {
    error: 'Payment method must be cash, mpesa or credit',
  }),
  amount: priceSchema('Amount').refine((cents) => cents > 0, {
    error: 'Amount must be more than 0',
  }),
  mpesa_code: mpesaCodeSchema().optional(),
  /** Issue 23: a paid STK request or a received payment of this store (payments/mpesa.schemas.ts). */
  mpesa_payment_id: idSchema('Invalid M-Pesa payment').optional(),
});
export type SalePaymentInput = z.infer<typeof salePaymentInputSchema>;

export const saleItemInputSchema = z.object({
  product_id: idSchema('Invalid product'),
  quantity: z
    .number({ error: 'Quantity must be at least 1' })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(QUANTITY_MAX, {
      error: `Quantity must be at most ${QUANTITY_MAX.toLocaleString('en-KE')}`,
    }),
  unit_price: priceSchema('Unit price'),
  // Checked against quantity × unit_price when sent.
  total: priceSchema('Line total').optional(),
  unit_type: z
    .enum(UNIT_TYPES, { error: 'Unit must be one of piece, pack, dozen' })
    .default('piece'),
});
export type SaleItemInput = z.infer<typeof saleItemInputSchema>;

/**
 * A manager's sign-in typed at the till to approve a cashier's discount over the cap. Anything
 * but an object with a text email and password is refused as the whole field.
 */
const approvalFields = z.object({
  email: emailFieldSchema("Enter the manager's email"),
  password: passwordSchema({ messages: { required: "Enter the manager's password" } }),
});
export const discountApprovalSchema = z.preprocess((value, context) => {
  const fields = value as { email?: unknown; password?: unknown } | null;
  if (
    typeof value !== 'object' ||
    Array.isArray(value) ||
    typeof fields?.email !== 'string' ||
    typeof fields.password !== 'string'
  ) {
    context.addIssue({ code: 'custom', message: "Enter the manager's email and password" });
    return z.NEVER;
  }
  return value;
}, approvalFields);
export type DiscountApproval = z.infer<typeof approvalFields>;

export const createSaleSchema = z
  .object({
    items: z.preprocess(
      (value) => (Array.isArray(value) ? value.filter(keepsProduct) : value),
      z
        .array(saleItemInputSchema, { error: 'Cart is empty' })
        .min(1, { error: 'Cart is empty' })
        .max(500, { error: 'A sale can have at most 500 lines' }),
    ),
    total: priceSchema('Total'),
    delivery_fee: priceSchema('Delivery fee').default(0),
    customer_id: idSchema('Please select a customer'),
    // Without `payments`: the one method of the whole total (cash, mpesa, or credit). With
    // them: left out, the single method used, or 'split'.
    payment_method: z
      .enum(SALE_PAYMENT_METHODS, {
        error: 'Payment method must be cash, mpesa, credit or split',
      })
      .optional(),
    payments: z
      .array(salePaymentInputSchema, { error: 'Payments must be a list of parts' })
      .min(1, { error: 'Add at least one payment' })
      .max(10, { error: 'A sale can have at most 10 payments' })
      .optional(),
    status: z.literal('completed', { error: 'Status must be completed' }).default('completed'),
    payment_status: z.literal('paid', { error: 'Payment status must be paid' }).default('paid'),
    amount_paid: priceSchema('Amount paid').optional(),
    change_amount: priceSchema('Change').optional(),
    mpesa_code: mpesaCodeSchema().optional(),
    /**
     * Issue 23: with payment_method 'mpesa', the paid STK request or received payment that pays
     * it (its receipt number becomes mpesa_code); with `payments`, each M-Pesa part names its own.
     */
    mpesa_payment_id: idSchema('Invalid M-Pesa payment').optional(),
    cart_discount: priceSchema('Cart discount').default(0),
    discount_approval: discountApprovalSchema.optional(),
    /**
     * The offline till (issue 22, sync/sync.schemas.ts): a UUID made on the device, unique per
     * store (sent again: the first sale, nothing created; with a different body: 409).
     */
    client_sale_id: clientIdSchema('Client sale id').optional(),
    /** When the sale was made on the device; within 5 minutes ahead and the store's offline_max_age_days back (server). */
    sold_at: soldAtSchema.optional(),
    /** Made offline: needs client_sale_id and sold_at; short stock is recorded, not refused. */
    offline: z.boolean({ error: 'Offline must be true or false' }).optional(),
    /** The receipt number the device printed (T3-0042). */
    device_receipt_number: deviceReceiptNumberSchema.optional(),
    /**
     * Issue 26: the buyer's KRA PIN for this sale's invoice; left out, the customer's own (if
     * any). A named customer without one keeps it for next time.
     */
    buyer_kra_pin: kraPinSchema().optional(),
  })
  .superRefine((sale, context) => {
    if (sale.offline !== true) return;
    if (sale.client_sale_id === undefined)
      context.addIssue({
        code: 'custom',
        path: ['client_sale_id'],
        message: 'Client sale id is required for an offline sale',
      });
    if (sale.sold_at === undefined)
      context.addIssue({
        code: 'custom',
        path: ['sold_at'],
        message: 'Sold at is required for an offline sale',
      });
  });
export type CreateSaleInput = z.infer<typeof createSaleSchema>;

export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY, {
      error: 'Idempotency-Key must be 8 to 100 letters, digits, - or _',
    })
    .optional(),
});

/** A page size of 1..max, 10 when not sent (spec §9: sales and orders 10 a page). */
export function pageSizeSchema(max = SALES_PAGE_SIZE_MAX) {
  return idSchema(`Page size must be between 1 and ${max}`)
    .refine((value) => value <= max, { error: `Page size must be between 1 and ${max}` })
    .default(10);
}

export const pageQuerySchema = z.object({
  page: idSchema('Page must be a whole number of at least 1').default(1),
  pageSize: pageSizeSchema(),
});

/**
 * GET /sales (issue 8): newest first, paged; `from` and `to` are shop days (Africa/Nairobi),
 * each inclusive and each applied on its own when sent; `payment_method` cash, mpesa or credit:
 * the sales with a part of that method (split sales included), split: the split sales.
 * `to` before `from` is a 400 on `to`.
 */
export const saleListQuerySchema = pageQuerySchema
  .extend({
    from: dateOnlySchema({
      required: 'From date must be a date (YYYY-MM-DD)',
      invalid: 'From date must be a date (YYYY-MM-DD)',
    }).optional(),
    to: dateOnlySchema({
      required: 'To date must be a date (YYYY-MM-DD)',
      invalid: 'To date must be a date (YYYY-MM-DD)',
    }).optional(),
    payment_method: z
      .enum(SALE_PAYMENT_METHODS, {
        error: 'Payment method must be cash, mpesa, credit or split',
      })
      .optional(),
    /** needs_review=true (issue 22): offline sales flagged and not yet reviewed, newest first. */
    needs_review: z
      .enum(['true', 'false'], { error: 'Needs review must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
    /** Issue 26: the sales whose invoice is in this eTIMS state, newest first. */
    etims_status: z
      .enum(ETIMS_STATUSES, {
        error: 'eTIMS status must be one of not_registered, pending, sent, failed',
      })
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'To date must not be before From date',
    path: ['to'],
  });
export type SaleListQuery = z.infer<typeof saleListQuerySchema>;

const partySchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const saleItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  Product: z.object({ name: z.string(), sku: z.string() }),
  quantity: z.number().int(),
  unit_type: z.enum(UNIT_TYPES),
  unit_price: z.number(),
  total: z.number(),
  /** The product's selling price of one unit of this line's unit when it was sold. */
  list_price: z.number(),
  /** List price × quantity − total when that is above 0 (for the whole line), else 0. */
  discount: z.number(),
  /** The buying price of one unit of this line's unit type when it was sold (staff only). */
  buying_price: z.number(),
  /** Issue 24: how much of the quantity (in the line's unit) has been returned. */
  returned_quantity: z.number().int(),
  /** Issue 26: the product's tax letter when it was sold, and the VAT inside the line's total. */
  tax_type: z.enum(TAX_TYPES),
  tax_amount: z.number(),
});
export type SaleItem = z.infer<typeof saleItemSchema>;

/** A part of the sale's payment as written: cash is net of the change given. */
export const salePaymentSchema = z.object({
  method: z.enum(PAYMENT_PART_METHODS),
  amount: z.number(),
  mpesa_code: z.string().nullable(),
  /** Issue 23: the STK request or received payment linked to this part, or null. */
  mpesa_payment_id: z.number().int().nullable(),
});
export type SalePayment = z.infer<typeof salePaymentSchema>;

export const saleSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  total_amount: z.number(),
  subtotal: z.number(),
  delivery_fee: z.number(),
  payment_method: z.enum(SALE_PAYMENT_METHODS),
  /** Each part of the payment (issue 21); one part for a sale paid one way. */
  payments: z.array(salePaymentSchema),
  /** What is still owed of the sale's credit part (0 when none, or repaid): pending while > 0. */
  balance_due: z.number(),
  status: z.string(),
  payment_status: z.string(),
  amount_paid: z.number(),
  change_amount: z.number(),
  mpesa_code: z.string().nullable(),
  /**
   * Issue 23: true when every M-Pesa part is linked to a payment the store received; false when a
   * typed code matched none while the store receives confirmations (Unverified); null when not
   * checked (no M-Pesa part, or the store has no M-Pesa settings).
   */
  mpesa_verified: z.boolean().nullable(),
  /** The lines' discounts added up (a whole-cart discount is in them). */
  discount_total: z.number(),
  /** The manager who approved a cashier's discount over the store's cap. */
  discount_approved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  receipt_status: receiptStatusSchema,
  customer_id: z.number().int().nullable(),
  Customer: partySchema.nullable(),
  User: z.object({ name: z.string(), email: z.string() }).nullable(),
  items: z.array(saleItemSchema),
  /** Issue 22: the device's id of the sale, null for one made online without it. */
  client_sale_id: z.string().nullable(),
  /** When the sale was made (the device's time for an offline sale); createdAt is the same. */
  sold_at: z.string(),
  /** When the server recorded it (later than sold_at for a sale uploaded after the fact). */
  received_at: z.string(),
  offline: z.boolean(),
  /** The receipt number the device gave it (T3-0042), or null. */
  device_receipt_number: z.string().nullable(),
  /** An offline sale that took a product's stock below what the server counted, not yet reviewed. */
  needs_review: z.boolean(),
  review_reasons: z.array(reviewReasonSchema),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What the manager noted when marking it reviewed (POST /sales/{id}/review), or null. */
  review_note: z.string().nullable(),
  /** Issue 24: the refunds given on the sale's returns, added up (0 when none). */
  returned_amount: z.number(),
  /** Issue 24: the sale's returns, oldest first (every list and detail answer carries them). */
  returns: z.array(saleReturnSchema),
  /** Issue 24: the cash-drawer shift the sale belongs to (the seller's, open when it was made). */
  shift_id: z.number().int().nullable(),
  /**
   * Issue 26: the invoice number, consecutive per store from 1 with no gap (a refused or failed
   * sale takes none); the tax per letter (the delivery fee is B); the buyer's KRA PIN; the
   * store's KRA PIN (from its eTIMS settings, null when none); the state with eTIMS.
   */
  invoice_no: z.number().int(),
  tax: z.array(taxLineSchema),
  buyer_kra_pin: z.string().nullable(),
  store_kra_pin: z.string().nullable(),
  etims: etimsStateSchema,
});
export type Sale = z.infer<typeof saleSchema>;

/** GET /sales/discount-policy: the cap of the store and whether it binds the caller. */
export const discountPolicySchema = z.object({
  max_cashier_discount_percent: z.number().int(),
  /** True for a cashier (role sales): a line over the cap needs a manager's approval. */
  capped: z.boolean(),
});
export type DiscountPolicy = z.infer<typeof discountPolicySchema>;
export const discountPolicyResponseSchema = z.object({
  success: z.literal(true),
  data: discountPolicySchema,
});

export const saleResponseSchema = z.object({ success: z.literal(true), data: saleSchema });
export const saleListResponseSchema = z.object({
  sales: z.array(saleSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const saleItemsResponseSchema = z.object({ data: z.array(saleItemSchema) });

export const RECEIPT_CHANNELS = ['whatsapp', 'sms'] as const;
export type ReceiptChannel = (typeof RECEIPT_CHANNELS)[number];

/** POST /sales/{id}/receipt/{channel}: an optional number other than the customer's. */
export const sendReceiptSchema = z
  .object({
    phone: phoneSchema().optional(),
  })
  .default({});

/**
 * POST /sales/{id}/receipt/{channel}/confirm (issue 20): the person says the receipt of the
 * link they opened went. No fields; the answer is the sale's receipt status.
 */
export const confirmReceiptSchema = z.object({}).default({});
export const receiptConfirmResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ receipt_status: receiptStatusSchema }),
});

export const receiptSendResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    channel: z.enum(RECEIPT_CHANNELS),
    /** The number in 2547… form (no plus), as wa.me wants it. */
    phone: z.string(),
    text: z.string(),
    /** wa.me or sms: link the web app opens. */
    link: z.string(),
    /**
     * Issue 21: an SMS through the provider (Africa's Talking) is queued and sent in the
     * background, so `sent` is false and `queued` true; receipt_status.sms_state follows it
     * (poll GET /sales/{id}). A link is not a send until the person confirms it (…/confirm).
     */
    sent: z.boolean(),
    queued: z.boolean(),
    receipt_status: receiptStatusSchema,
  }),
});
