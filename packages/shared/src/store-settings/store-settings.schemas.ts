/**
 * A store's own rules (issue 20): GET and PUT /stores/{storeId}/settings, for the store's
 * admin and managers (a super_admin for any store). PUT writes the fields it is sent and keeps
 * the others; a field this schema does not know is a 400 naming it, so a misspelt setting is
 * never silently dropped. Later settings are added here.
 */
import { z } from 'zod';
import { idSchema } from '../api/primitives';
import { creditLimitSchema } from '../customers/customers.schemas';
import { storeIdSchema } from '../stores/stores.schemas';
import { OFFLINE_MAX_AGE_DAYS_DEFAULT, OFFLINE_MAX_AGE_DAYS_MAX } from '../sync/sync.schemas';

export const STORE_SETTINGS_DEFAULTS = {
  /** How far below its list price a cashier may sell a line without a manager (issue 20). */
  max_cashier_discount_percent: 10,
  /** Loyalty points a named customer earns per KSh 100 of goods (issue 9). */
  loyalty_points_per_100: 1,
  /** How many days old an offline sale may be when it reaches the server (issue 22). */
  offline_max_age_days: OFFLINE_MAX_AGE_DAYS_DEFAULT,
  /** Issue 24: a sale at the till needs its seller's open shift (409 'Open a shift first'). */
  require_shift: false,
} as const;

export const DISCOUNT_PERCENT_MAX = 100;
export const LOYALTY_RATE_MAX = 1000;

/** A whole number in `min..max`, refused with a message that names the field. */
function wholeNumberSchema(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max.toLocaleString('en-KE')}`;
  return z.int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

export const storeSettingsInputSchema = z.strictObject(
  {
    max_cashier_discount_percent: wholeNumberSchema(
      'Cashier discount limit',
      0,
      DISCOUNT_PERCENT_MAX,
    ).optional(),
    loyalty_points_per_100: wholeNumberSchema(
      'Loyalty points per KSh 100',
      0,
      LOYALTY_RATE_MAX,
    ).optional(),
    /** The credit limit of a customer with none of their own (issue 21); null for none. */
    default_credit_limit: creditLimitSchema('Default credit limit').optional(),
    offline_max_age_days: wholeNumberSchema(
      'Oldest offline sale (days)',
      1,
      OFFLINE_MAX_AGE_DAYS_MAX,
    ).optional(),
    require_shift: z.boolean({ error: 'Require an open shift must be true or false' }).optional(),
    // Not a setting: the store a super_admin acts on, which the web app adds to every body.
    store_id: storeIdSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown setting: ${issue.keys.join(', ')}`
        : 'Settings must be an object',
  },
);
export type StoreSettingsInput = z.infer<typeof storeSettingsInputSchema>;

export const storeSettingsSchema = z.object({
  max_cashier_discount_percent: z.number().int(),
  loyalty_points_per_100: z.number().int(),
  default_credit_limit: z.number().nullable(),
  offline_max_age_days: z.number().int(),
  require_shift: z.boolean(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

export const storeSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: storeSettingsSchema,
});

export const storeSettingsParamsSchema = z.object({ storeId: idSchema('Invalid store') });
