/**
 * Receipt settings of a store (spec §3 Receipt settings, §7; PRODUCT.md §4b): what the receipt
 * prints above and below the sale. A store that never saved reads the spec's defaults.
 * GET, PUT and POST /stores/{storeId}/receipt-settings; PUT and POST both save (the web app
 * falls back to POST when PUT answers 404, spec §7).
 */
import { z } from 'zod';
import { idSchema, textSchema } from '../api/primitives';

export { RECEIPT_DEFAULTS } from './receipt-defaults';

/** A KRA PIN: a letter, nine digits, a letter (A123456789B). */
const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;
/** An M-Pesa till or paybill number: 5 to 7 digits; a paybill may carry an account ("247247 / 12345"). */
const MPESA_TILL = /^\d{5,7}( ?\/ ?[A-Za-z0-9-]{1,20})?$/;

const optionalText = (label: string, max: number, multiline = false) =>
  textSchema({ label, max, multiline }).default('');

export const receiptSettingsInputSchema = z.object({
  business_name: textSchema({
    label: 'Business name',
    min: 1,
    max: 120,
    messages: { required: 'Business name is required' },
  }),
  address: optionalText('Address', 300, true),
  phone: optionalText('Phone', 40),
  email: z.union([z.literal(''), z.email({ error: 'Invalid email address' }).max(254)]).default(''),
  // A web address only: javascript:, data: and the like are refused.
  website: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Invalid URL' }).max(300)])
    .default(''),
  thank_you_message: optionalText('Thank-you message', 300, true),
  show_logo: z.boolean({ error: 'Show logo must be true or false' }).default(true),
  kra_pin: textSchema({ label: 'KRA PIN', max: 11 })
    .toUpperCase()
    .refine((value) => value === '' || KRA_PIN.test(value), {
      error: 'KRA PIN must look like A123456789B',
    })
    .default(''),
  mpesa_till: textSchema({ label: 'M-Pesa till or paybill', max: 30 })
    .refine((value) => value === '' || MPESA_TILL.test(value), {
      error: 'M-Pesa till or paybill must be 5 to 7 digits',
    })
    .default(''),
});
export type ReceiptSettingsInput = z.infer<typeof receiptSettingsInputSchema>;

export const receiptSettingsSchema = z.object({
  business_name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  thank_you_message: z.string(),
  show_logo: z.boolean(),
  kra_pin: z.string(),
  mpesa_till: z.string(),
});
export type ReceiptSettings = z.infer<typeof receiptSettingsSchema>;

export const receiptSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: receiptSettingsSchema,
});

export const receiptSettingsParamsSchema = z.object({ storeId: idSchema('Invalid store') });
