/**
 * What a store's receipt prints until the store saves its own settings (spec §3 Receipt
 * settings). In a module without zod, so that the web's till can fall back on it without
 * loading the settings' schemas (issue 25: the /pos bundle budget); receipt-settings.schemas.ts
 * exports it too.
 */
export const RECEIPT_DEFAULTS = {
  business_name: 'My Business',
  address: '',
  phone: '',
  email: '',
  website: '',
  thank_you_message: 'Thank you for your business!',
  show_logo: true,
  kra_pin: '',
  mpesa_till: '',
} as const;
