/**
 * Kenyan phone numbers (PRODUCT.md §4b): stored as +254XXXXXXXXX; people may type 07…, 01…,
 * 254… or +254…, with spaces or dashes between the digits. Suppliers use it now; customers, the
 * till's quick add and SMS receipts reuse the same rule, so a number compares equal however it
 * was typed.
 */
import { textSchema } from './primitives';

export const PHONE_MESSAGE = 'Enter a Kenyan phone number, e.g. 0712 345 678';

/**
 * A mobile number after its country or trunk prefix: 7XXXXXXXX (07…) or 1XXXXXXXX (01…, the
 * newer Safaricom and Airtel ranges). Landlines and foreign numbers are not accepted.
 */
const KENYAN_NUMBER = /^(?:\+254|254|0)([17][0-9]{8})$/;

/**
 * The number in +254XXXXXXXXX form, or null when `value` is not a Kenyan mobile number.
 * Spaces and dashes are ignored ('0712 345 678', '+254-712-345-678').
 */
export function normalizeKenyanPhone(value: string): string | null {
  const match = KENYAN_NUMBER.exec(value.replace(/[\s-]/g, ''));
  return match ? `+254${match[1]}` : null;
}

/**
 * A part of a phone number as someone types it into a search box ('0712 345', '254712'), in the
 * stored +254 form so it can be matched against stored numbers; null when it is not digits.
 */
export function storedPhonePrefix(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\+?[0-9]+$/.test(digits)) return null;
  if (digits.startsWith('0')) return `+254${digits.slice(1)}`;
  if (digits.startsWith('254')) return `+${digits}`;
  return digits;
}

export interface PhoneOptions {
  /** The field as a person reads it (default 'Phone'). */
  label?: string;
  /** Missing or empty. Default: `${label} is required`. */
  required?: string;
}

/**
 * A required Kenyan phone number: the text primitive (trimmed, capped, no control characters),
 * then normalised to +254XXXXXXXXX, else PHONE_MESSAGE. Call `.optional()` for an optional one.
 */
export function phoneSchema({ label = 'Phone', required }: PhoneOptions = {}) {
  return textSchema({
    label,
    min: 1,
    // '+254 712 345 678' is 16 characters; room for other spacing, not for an essay.
    max: 32,
    messages: { ...(required ? { required } : {}), max: PHONE_MESSAGE },
  })
    .transform((value, context) => {
      const phone = normalizeKenyanPhone(value);
      if (phone === null) {
        context.issues.push({ code: 'custom', message: PHONE_MESSAGE, input: value });
      }
      return phone ?? value;
    })
    .meta({ examples: ['0712 345 678', '+254712345678'] });
}
