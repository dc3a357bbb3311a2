/**
 * KRA eTIMS (issue 26, research notes §3, decisions/0017): a store's OSCU registration, each
 * invoice's (a sale's or a credit note's) state with KRA, and the monthly VAT report.
 */
import { z } from 'zod';
import { idSchema, textSchema } from '../api/primitives';
import { kraPinSchema, TAX_TYPES } from '../tax/tax';

export const ETIMS_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type EtimsEnvironment = (typeof ETIMS_ENVIRONMENTS)[number];

/** OSCU's hosts by the store's setting (research notes §3.2); ETIMS_BASE_URL overrides both. */
export const ETIMS_HOSTS: Record<EtimsEnvironment, string> = {
  sandbox: 'https://etims-api-sbx.kra.go.ke/etims-api',
  production: 'https://etims-api.kra.go.ke/etims-api',
};

/** The QR code's receipt page (research notes §3.6): the PIN, the branch and the signature. */
export const ETIMS_RECEIPT_HOSTS: Record<EtimsEnvironment, string> = {
  sandbox: 'https://etims-sbx.kra.go.ke',
  production: 'https://etims.kra.go.ke',
};

export function etimsReceiptUrl(
  environment: EtimsEnvironment,
  kraPin: string,
  branchId: string,
  signature: string,
): string {
  return `${ETIMS_RECEIPT_HOSTS[environment]}/common/link/etims/receipt/indexEtimsReceiptData?Data=${kraPin}${branchId}${signature}`;
}

/**
 * An invoice's state with KRA: the store was not registered when it was made; waiting to be sent
 * (or KRA unreachable: sent later, in order); signed by KRA; refused (KRA's code and message).
 */
export const ETIMS_STATUSES = ['not_registered', 'pending', 'sent', 'failed'] as const;
export type EtimsStatus = (typeof ETIMS_STATUSES)[number];

/** A sale's or a credit note's eTIMS state, as every answer carries it. */
export const etimsStateSchema = z.object({
  status: z.enum(ETIMS_STATUSES),
  /** The control-unit invoice number printed on the receipt: `{sdcId}/{curRcptNo}`. */
  invoice_number: z.string().optional(),
  /** OSCU's rcptSign. */
  signature: z.string().optional(),
  /** OSCU's intrlData. */
  internal_data: z.string().optional(),
  /** The control unit's date and time (sdcDateTime, as OSCU gives it: YYYYMMDDhhmmss). */
  sdc_date_time: z.string().optional(),
  /** KRA's receipt page, the QR code's content. */
  qr_url: z.string().optional(),
  /** KRA's resultCd of a refusal. */
  result_code: z.string().optional(),
  /** KRA's resultMsg of a refusal, or why it could not be sent yet. */
  message: z.string().optional(),
});
export type EtimsState = z.infer<typeof etimsStateSchema>;

/** A branch id: two digits (head office 00). */
const branchIdSchema = textSchema({ label: 'Branch ID', min: 2, max: 2 }).refine(
  (value) => /^\d{2}$/.test(value),
  { error: 'Branch ID must be 2 digits (00 for the head office)' },
);

/** PUT /api/stores/{storeId}/etims-settings (managers). Saving registers the device with OSCU. */
export const etimsSettingsInputSchema = z.object({
  kra_pin: kraPinSchema(),
  branch_id: branchIdSchema,
  device_serial: textSchema({ label: 'Device serial', min: 1, max: 100 }),
  environment: z.enum(ETIMS_ENVIRONMENTS, { error: 'Environment must be sandbox or production' }),
});
export type EtimsSettingsInput = z.infer<typeof etimsSettingsInputSchema>;

export const etimsSettingsParamsSchema = z.object({ storeId: idSchema('Invalid store') });

export const etimsSettingsSchema = z.object({
  /** Null until first saved. */
  kra_pin: z.string().nullable(),
  branch_id: z.string().nullable(),
  device_serial: z.string().nullable(),
  environment: z.enum(ETIMS_ENVIRONMENTS).nullable(),
  /** OSCU's sdcId and mrcNo from selectInitOsdcInfo; the cmcKey is never shown, only whether it is set. */
  sdc_id: z.string().nullable(),
  mrc_no: z.string().nullable(),
  has_cmc_key: z.boolean(),
  /** When OSCU accepted the device; null: not registered (sales are not sent). */
  registered_at: z.string().nullable(),
});
export type EtimsSettings = z.infer<typeof etimsSettingsSchema>;
export const etimsSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: etimsSettingsSchema,
});

/** POST /api/sales/{id}/etims/retry and /api/returns/{id}/etims/retry (managers). */
export const etimsRetryParamsSchema = z.object({ id: idSchema('Invalid id') });
export const etimsRetryResponseSchema = z.object({
  success: z.literal(true),
  data: etimsStateSchema,
});

/**
 * GET /api/reports/vat?month=YYYY-MM: a Nairobi calendar month of this century (a two-digit
 * year would be read as 19xx by Date.UTC).
 */
export const vatReportQuerySchema = z.object({
  month: z
    .string({ error: 'Month must be a month (YYYY-MM)' })
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: 'Month must be a month (YYYY-MM)' }),
});
export type VatReportQuery = z.infer<typeof vatReportQuerySchema>;

export const vatAmountsSchema = z.object({
  taxable_amount: z.number(),
  tax_amount: z.number(),
});

export const vatReportSchema = z.object({
  month: z.string(),
  /** The month's sales per tax letter (A to E, only those sold), credit notes not netted. */
  by_tax_type: z.array(vatAmountsSchema.extend({ tax_type: z.enum(TAX_TYPES) })),
  /** The month's credit notes (returns), all letters together. */
  credit_notes: vatAmountsSchema,
});
export type VatReport = z.infer<typeof vatReportSchema>;
export const vatReportResponseSchema = z.object({ data: vatReportSchema });
