/**
 * M-Pesa at the till (issue 23, decisions/0013, research notes §1): a store's Daraja settings,
 * STK push requests, payments the store received (C2B), and the bodies Safaricom posts to the
 * store's hook URLs (/api/hooks/daraja/{store_token}/stk|validation|confirmation).
 *
 * One id space: an STK request and a received (C2B) payment are both rows of mpesa_payments, so
 * `mpesa_payment_id` on POST /sales names either.
 */
import { z } from 'zod';
import { idSchema, textSchema } from '../api/primitives';
import { phoneSchema } from '../api/phone';
import { priceSchema } from '../products/products.schemas';

export const MPESA_KINDS = ['till', 'paybill'] as const;
export type MpesaKind = (typeof MPESA_KINDS)[number];
export const MPESA_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type MpesaEnvironment = (typeof MPESA_ENVIRONMENTS)[number];
export const STK_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type StkStatus = (typeof STK_STATUSES)[number];

/** Daraja's hosts by the store's setting (research notes §1.0); DARAJA_BASE_URL overrides both. */
export const DARAJA_HOSTS: Record<MpesaEnvironment, string> = {
  sandbox: 'https://sandbox.safaricom.co.ke',
  production: 'https://api.safaricom.co.ke',
};

/**
 * Words Safaricom refuses in a callback URL, in any case (research notes §1.3): no path or token
 * of ours may contain them.
 */
export const DARAJA_FORBIDDEN_URL_WORDS = [
  'm-pesa',
  'mpesa',
  'safaricom',
  'exe',
  'exec',
  'cmd',
  'sql',
  'query',
] as const;

export function hasForbiddenUrlWord(url: string): boolean {
  const lower = url.toLowerCase();
  return DARAJA_FORBIDDEN_URL_WORDS.some((word) => lower.includes(word));
}

/** A Daraja phone number: 2547XXXXXXXX / 2541XXXXXXXX from the stored +254 form. */
export function darajaPhone(phone: string): string {
  return phone.replace(/^\+/, '');
}

/**
 * The amount the customer's phone is asked for: whole shillings, rounded up (the sale's cents
 * stay exact on the sale; Daraja takes whole numbers only, research notes §1.2).
 */
export function promptShillings(cents: number): number {
  return Math.ceil(cents / 100);
}

/**
 * The reference of a sale at the till (issue 23): 8 upper-case hex characters of the checkout's
 * client_sale_id. It is the STK push's AccountReference and the account number a customer types
 * to pay a paybill; a received payment whose BillRefNumber is it attaches itself to that sale.
 * Hex only, so it never holds a word Safaricom refuses, and it fits AccountReference's 12.
 */
export function saleReference(clientSaleId: string): string {
  return clientSaleId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

const digits = (label: string, min: number, max: number) =>
  textSchema({ label, min: 1, max }).refine(
    (value) => new RegExp(`^\\d{${min},${max}}$`).test(value),
    {
      error: `${label} must be ${min} to ${max} digits`,
    },
  );

const secret = (label: string) => textSchema({ label, min: 1, max: 200 });

/**
 * PUT /api/stores/{id}/mpesa-settings. A secret left out keeps the one saved (the form shows
 * "set"); the first save must send all three.
 */
export const mpesaSettingsInputSchema = z.object({
  shortcode: digits('Shortcode', 5, 7),
  kind: z.enum(MPESA_KINDS, { error: 'Kind must be till or paybill' }),
  /** The till number for a till (PartyB); a paybill's PartyB is the shortcode. */
  party_b: digits('Till number', 5, 8).optional(),
  passkey: secret('Passkey').optional(),
  consumer_key: secret('Consumer key').optional(),
  consumer_secret: secret('Consumer secret').optional(),
  environment: z.enum(MPESA_ENVIRONMENTS, { error: 'Environment must be sandbox or production' }),
});
export type MpesaSettingsInput = z.infer<typeof mpesaSettingsInputSchema>;

export const mpesaSettingsParamsSchema = z.object({ storeId: idSchema('Invalid store') });

export const mpesaSettingsSchema = z.object({
  /** Null until the settings are first saved. */
  shortcode: z.string().nullable(),
  kind: z.enum(MPESA_KINDS).nullable(),
  party_b: z.string().nullable(),
  environment: z.enum(MPESA_ENVIRONMENTS).nullable(),
  consumer_key: z.string().nullable(),
  has_passkey: z.boolean(),
  has_consumer_secret: z.boolean(),
  callback_url: z.string(),
  validation_url: z.string(),
  confirmation_url: z.string(),
  /** When Daraja last accepted the C2B URLs; null: not registered. */
  c2b_registered_at: z.string().nullable(),
  /** Daraja's refusal of the last registration, shown to the manager; null when it worked. */
  c2b_registration_error: z.string().nullable(),
});
export type MpesaSettings = z.infer<typeof mpesaSettingsSchema>;
export const mpesaSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: mpesaSettingsSchema,
});

/** POST /api/payments/mpesa/stk. */
export const stkPushInputSchema = z.object({
  phone: phoneSchema({ label: 'Phone', required: "Enter the customer's phone number" }),
  amount: priceSchema('Amount')
    .refine((cents) => cents >= 100, {
      error: 'Amount must be at least KSh 1',
    })
    .refine((cents) => cents <= 25_000_000, {
      error: 'Amount must be at most KSh 250,000 for one M-Pesa prompt',
    }),
  /** AccountReference: letters and digits, at most 12 (saleReference() at the till). */
  sale_reference: textSchema({ label: 'Sale reference', min: 1, max: 12 })
    .refine((value) => /^[A-Za-z0-9]+$/.test(value), {
      error: 'Sale reference must be letters and digits',
    })
    .optional(),
});
export type StkPushInput = z.infer<typeof stkPushInputSchema>;

export const mpesaPaymentParamsSchema = z.object({ id: idSchema('Invalid payment') });

export const stkCreatedSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.number(),
    status: z.literal('pending'),
    checkout_request_id: z.string(),
  }),
});

export const stkStatusSchema = z.object({
  id: z.number(),
  status: z.enum(STK_STATUSES),
  /** Daraja's ResultCode as text ('0', '1032', …); null while pending. */
  result_code: z.string().nullable(),
  result_desc: z.string().nullable(),
  mpesa_receipt: z.string().nullable(),
  /** KSh, the sale's exact amount (the prompt asked for it rounded up to whole shillings). */
  amount: z.number(),
  phone: z.string(),
  /** The sale it paid, once used. */
  sale_id: z.number().nullable(),
});
export type StkStatusView = z.infer<typeof stkStatusSchema>;
export const stkStatusResponseSchema = z.object({
  success: z.literal(true),
  data: stkStatusSchema,
});

export const receivedQuerySchema = z.object({
  unmatched: z
    .enum(['true', 'false'], { error: 'unmatched must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});

export const receivedPaymentSchema = z.object({
  id: z.number(),
  trans_id: z.string(),
  amount: z.number(),
  /** The name Safaricom gives, else the masked (or hashed) number: never a whole number. */
  phone_or_name: z.string(),
  received_at: z.string(),
  sale_id: z.number().nullable(),
  /** The account number typed for a paybill (BillRefNumber); null for a till. */
  bill_ref: z.string().nullable(),
});
export type ReceivedPayment = z.infer<typeof receivedPaymentSchema>;
export const receivedListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(receivedPaymentSchema),
});

/** GET /api/payments/mpesa/summary?date=YYYY-MM-DD — the manager's M-Pesa view on /sales. */
export const mpesaSummaryQuerySchema = z.object({
  date: z
    .string({ error: 'Date must be YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be YYYY-MM-DD' })
    .optional(),
});
export const unverifiedSaleSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  total_amount: z.number(),
  mpesa_code: z.string().nullable(),
  cashier_name: z.string().nullable(),
});
export const mpesaSummarySchema = z.object({
  date: z.string(),
  /** Every payment the store received that day (C2B and paid prompts), newest first. */
  received: z.array(receivedPaymentSchema.extend({ source: z.enum(['stk', 'c2b']) })),
  unverified_sales: z.array(unverifiedSaleSchema),
  totals: z.object({
    received: z.number(),
    matched: z.number(),
    unmatched: z.number(),
    unverified: z.number(),
  }),
});
export type MpesaSummary = z.infer<typeof mpesaSummarySchema>;
export const mpesaSummaryResponseSchema = z.object({
  success: z.literal(true),
  data: mpesaSummarySchema,
});

// ——— What Safaricom posts (research notes §1.2, §1.3). Unknown fields pass through. ———

/** A number written in exponent form ("1e+21"): never a value Safaricom sends. */
const EXPONENT_FORM = /^[-+]?(\d+\.?\d*|\.\d+)e[-+]?\d+$/i;

/**
 * A callback item's Value: a number (Amount 1 or 1.00, TransactionDate 20191219102115,
 * PhoneNumber 254708374149 — whole, at most 15 digits) or text (MpesaReceiptNumber; an amount
 * as text at most 10,000,000 with 2 decimals). Anything larger is no value Safaricom sends.
 */
const callbackValueSchema = z.union(
  [
    z.number().int().min(0).max(999_999_999_999_999),
    z
      .string()
      .max(200)
      .refine(
        (value) =>
          !EXPONENT_FORM.test(value.trim()) &&
          (!/^\s*\d+\.\d*\s*$/.test(value) ||
            (/^\s*\d+(\.\d{0,2})?\s*$/.test(value) && Number(value) <= 10_000_000)),
      ),
  ],
  { error: 'Value must be a whole number of at most 15 digits, or text' },
);

const callbackItemSchema = z.object({
  Name: z.string().max(100),
  Value: callbackValueSchema.optional(),
});

/** ResultCode: 0, 1032… (a number or its text), or a code such as SFC_IC0003. */
const resultCodeSchema = z.union(
  [
    z.number().int().min(0).max(99_999_999),
    z.string().regex(/^(\d{1,8}|[A-Za-z][A-Za-z0-9_]{0,19})$/),
  ],
  { error: 'ResultCode must be a number of at most 8 digits or a code' },
);

/** The STK callback: CallbackMetadata only on success; items looked up by Name. */
export const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().min(1).max(100),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: resultCodeSchema,
      ResultDesc: z.string().max(500),
      CallbackMetadata: z.object({ Item: z.array(callbackItemSchema).max(20) }).optional(),
    }),
  }),
});
export type StkCallback = z.infer<typeof stkCallbackSchema>;

/** C2B validation and confirmation (v1 and v2: MSISDN hashed or masked); amounts are strings. */
export const c2bPaymentSchema = z.object({
  TransactionType: z.string().max(50).optional(),
  TransID: z.string().min(1).max(30),
  TransTime: z.string().max(20),
  TransAmount: z.union([z.string().max(20), z.number()]),
  BusinessShortCode: z.string().max(20),
  BillRefNumber: z.string().max(40).nullable().optional(),
  InvoiceNumber: z.string().max(40).nullable().optional(),
  OrgAccountBalance: z.string().max(40).nullable().optional(),
  ThirdPartyTransID: z.string().max(60).nullable().optional(),
  MSISDN: z.string().max(100),
  FirstName: z.string().max(60).nullable().optional(),
  MiddleName: z.string().max(60).nullable().optional(),
  LastName: z.string().max(60).nullable().optional(),
});
export type C2bPayment = z.infer<typeof c2bPaymentSchema>;

/** What every well-formed hook call is answered (Safaricom retries otherwise). */
export const darajaAckSchema = z.object({
  ResultCode: z.union([z.literal(0), z.literal('0')]),
  ResultDesc: z.string(),
});
export const DARAJA_ACK = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

/**
 * The till's words for an STK ResultCode (three catalogues, key `mpesa.result.<code>`); a code
 * not listed reads as `mpesa.result.other` with Daraja's own description.
 */
export const STK_RESULT_KEYS: Record<string, string> = {
  '1': 'mpesa.result.insufficient',
  '1032': 'mpesa.result.cancelled',
  '1031': 'mpesa.result.cancelled',
  '1037': 'mpesa.result.unreachable',
  '2001': 'mpesa.result.wrongPin',
  '1019': 'mpesa.result.expired',
  '17': 'mpesa.result.tooSoon',
};
/** ResultCodes that mean the customer said no (status 'cancelled'); other non-zero: 'failed'. */
export const STK_CANCELLED_CODES = new Set(['1032', '1031']);

/**
 * GET /api/payments/mpesa/config (staff): what the till needs to offer M-Pesa — whether prompts
 * can be sent (settings complete), where a customer pays from their own phone (the till number,
 * or the paybill with the sale's reference as account), and whether the store receives
 * confirmations (C2B URLs registered: a typed code that matches nothing is then Unverified).
 */
export const mpesaTillConfigSchema = z.object({
  prompts_enabled: z.boolean(),
  kind: z.enum(MPESA_KINDS).nullable(),
  /** The till number (till) or the paybill number (paybill) a customer pays to. */
  pay_to: z.string().nullable(),
  receives_confirmations: z.boolean(),
});
export type MpesaTillConfig = z.infer<typeof mpesaTillConfigSchema>;
export const mpesaTillConfigResponseSchema = z.object({
  success: z.literal(true),
  data: mpesaTillConfigSchema,
});
