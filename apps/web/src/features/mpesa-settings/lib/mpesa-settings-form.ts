import {
  MPESA_ENVIRONMENTS,
  MPESA_KINDS,
  mpesaSettingsInputSchema,
  type MpesaSettings,
  type MpesaSettingsInput,
} from '@duka/shared/payments/mpesa.schemas';
import { z } from 'zod';

/** What the form holds: text as typed; the secrets always start empty (never sent to us). */
export interface MpesaSettingsFormValues {
  shortcode: string;
  kind: MpesaSettingsInput['kind'];
  party_b: string;
  environment: MpesaSettingsInput['environment'];
  consumer_key: string;
  passkey: string;
  consumer_secret: string;
}

/** The fields a 400 from PUT may name (errors[].path 'body.<field>'). */
export const MPESA_SETTINGS_FIELDS = [
  'shortcode',
  'kind',
  'party_b',
  'environment',
  'consumer_key',
  'passkey',
  'consumer_secret',
] as const;

/** The saved settings as the form starts: a store never saved starts as a sandbox till. */
export function mpesaFormValues(settings: MpesaSettings): MpesaSettingsFormValues {
  return {
    shortcode: settings.shortcode ?? '',
    kind: settings.kind ?? 'till',
    party_b: settings.party_b ?? '',
    environment: settings.environment ?? 'sandbox',
    consumer_key: settings.consumer_key ?? '',
    passkey: '',
    consumer_secret: '',
  };
}

/**
 * What PUT takes: a blank secret is left out (the saved one stays), the till number only for a
 * till (a paybill's PartyB is its shortcode).
 */
export function mpesaSettingsInput(values: MpesaSettingsFormValues): MpesaSettingsInput {
  const filled = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const input: MpesaSettingsInput = {
    shortcode: values.shortcode.trim(),
    kind: values.kind,
    environment: values.environment,
  };
  const partyB = values.kind === 'till' ? filled(values.party_b) : undefined;
  if (partyB !== undefined) input.party_b = partyB;
  const consumerKey = filled(values.consumer_key);
  if (consumerKey !== undefined) input.consumer_key = consumerKey;
  const passkey = filled(values.passkey);
  if (passkey !== undefined) input.passkey = passkey;
  const consumerSecret = filled(values.consumer_secret);
  if (consumerSecret !== undefined) input.consumer_secret = consumerSecret;
  return input;
}

/** The texts of a first save without a secret (messages.json translates them). */
export const MPESA_REQUIRED_MESSAGES = {
  passkey: 'Passkey is required',
  consumer_key: 'Consumer key is required',
  consumer_secret: 'Consumer secret is required',
  party_b: 'Till number is required for a till',
} as const;

/**
 * The form's rules: the shared schema on what PUT would send; as long as the store has none
 * saved, each of the three credentials required (the first save must send all three); and a
 * till's till number (PartyB), as the server asks.
 */
export function mpesaSettingsFormSchema(saved: MpesaSettings) {
  const missing = {
    passkey: !saved.has_passkey,
    consumer_key: !saved.consumer_key,
    consumer_secret: !saved.has_consumer_secret,
  };
  return z
    .object({
      shortcode: z.string(),
      kind: z.enum(MPESA_KINDS),
      party_b: z.string(),
      environment: z.enum(MPESA_ENVIRONMENTS),
      consumer_key: z.string(),
      passkey: z.string(),
      consumer_secret: z.string(),
    })
    .superRefine((values, context) => {
      for (const field of ['consumer_key', 'passkey', 'consumer_secret'] as const) {
        if (missing[field] && values[field].trim() === '') {
          context.addIssue({
            code: 'custom',
            path: [field],
            message: MPESA_REQUIRED_MESSAGES[field],
          });
        }
      }
      if (values.kind === 'till' && values.party_b.trim() === '') {
        context.addIssue({
          code: 'custom',
          path: ['party_b'],
          message: MPESA_REQUIRED_MESSAGES.party_b,
        });
      }
    })
    .transform(mpesaSettingsInput)
    .pipe(mpesaSettingsInputSchema);
}
