/**
 * The building blocks every request schema is made of, so that bad input is a 400 naming the
 * field and never reaches the database (ARCHITECTURE.md: "bad input is a 400, never a 500").
 *
 * - `idSchema`: a record id. PostgreSQL `integer`/`serial` ends at 2,147,483,647; a larger
 *   number sent to a query is an SQL error (22003), so it is refused here.
 * - `textSchema`: free text people type (names, notes). Trimmed, length-capped, and without
 *   control characters: PostgreSQL text cannot hold NUL (22021), and the others are invisible
 *   in a receipt or a list but still change what is stored. Newline and tab only where a field
 *   is multi-line.
 * - `passwordSchema`: never trimmed (spaces may be part of it), capped, and without NUL.
 * - `moneySchema`: an amount of shillings read exactly into integer cents, within the field's
 *   bounds: no exponent form, no third decimal, nothing a JavaScript number cannot hold.
 *
 * Every new schema uses these rather than `z.string()` / `z.coerce.number()` directly.
 */
import { z } from 'zod';
import { toCents } from '../money/money';

/** The largest value of a PostgreSQL `integer` (and of a `serial` id). */
export const ID_MAX = 2_147_483_647;

/** Decimal digits only: no sign, exponent, hex, spaces or fraction ('1e3', '0x10', ' 5'). */
const ID_DIGITS = /^[0-9]{1,10}$/;

/**
 * A record id, 1..2,147,483,647. Accepts a JSON integer, or a string of digits because path
 * parameters and query strings are always strings. Anything else (true, [5], '1e3', 1.5) is
 * refused with `message`.
 */
export function idSchema(message = 'Invalid id') {
  const invalid = { error: message };
  return (
    z
      .union(
        [z.int(invalid), z.string(invalid).regex(ID_DIGITS, invalid).transform(Number)],
        invalid,
      )
      .pipe(z.int(invalid).min(1, invalid).max(ID_MAX, invalid))
      // The API docs (OpenAPI) show the bounds, which live in the second half of the pipe.
      .meta({
        anyOf: [
          { type: 'integer', minimum: 1, maximum: ID_MAX },
          { type: 'string', pattern: ID_DIGITS.source },
        ],
      })
  );
}

/**
 * C0 controls (NUL, BEL, ESC…), DEL and C1 controls, and lone UTF-16 surrogates (which no
 * encoding can store). The multi-line variant lets tab, line feed and carriage return through.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Cs}]/u;
const CONTROL_CHARACTERS_EXCEPT_LINES = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** True when `value` has a character free text may not hold (see CONTROL_CHARACTERS). */
export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? CONTROL_CHARACTERS_EXCEPT_LINES : CONTROL_CHARACTERS).test(value);
}

export interface TextOptions {
  /** The field as a person reads it, e.g. 'Name', 'Store name': it starts the messages. */
  label: string;
  /** Longest accepted value after trimming. Always set: nothing is unbounded. */
  max: number;
  /** Shortest accepted value after trimming (default 0: may be empty). */
  min?: number;
  /** Notes and addresses: tab and line breaks allowed inside. */
  multiline?: boolean;
  /** Overrides of the default messages, to keep the spec's wording. */
  messages?: {
    /** Not a string at all (missing, null, a number…). Default: `${label} is required`. */
    required?: string;
    /** Shorter than `min`. Default: `${label} must be at least ${min} characters`. */
    min?: string;
    /** Longer than `max`. Default: `${label} must be at most ${max} characters`. */
    max?: string;
  };
}

/** Free text, trimmed, `min`..`max` characters, refusing control characters (see above). */
export function textSchema({ label, max, min = 0, multiline = false, messages = {} }: TextOptions) {
  const required = messages.required ?? `${label} is required`;
  let schema = z.string({ error: required }).trim();
  if (min > 0) {
    schema = schema.min(min, {
      error: messages.min ?? (min === 1 ? required : `${label} must be at least ${min} characters`),
    });
  }
  return schema
    .max(max, { error: messages.max ?? `${label} must be at most ${max} characters` })
    .refine((value) => !hasControlCharacters(value, { multiline }), {
      error: `${label} contains characters that are not allowed`,
    });
}

export const PASSWORD_MAX_LENGTH = 200;

export interface PasswordOptions {
  /** Shortest accepted password (default 1). */
  min?: number;
  messages: {
    /** Missing or empty. */
    required: string;
    /** Shorter than `min`; without it a short password gets `required`. */
    min?: string;
  };
}

/**
 * A password as typed: never trimmed, at most PASSWORD_MAX_LENGTH characters (scrypt hashes
 * whatever it gets, so an unbounded one is a cheap way to burn CPU), and without NUL, which
 * C-string tools cut a password at.
 */
export function passwordSchema({ min = 1, messages }: PasswordOptions) {
  const schema = z.string({ error: messages.required });
  const bounded =
    messages.min && min > 1
      ? schema.min(1, { error: messages.required }).min(min, { error: messages.min })
      : schema.min(min, { error: messages.required });
  return bounded
    .max(PASSWORD_MAX_LENGTH, { error: 'Password is too long' })
    .refine((value) => !value.includes('\u0000'), {
      error: 'Password contains characters that are not allowed',
    })
    .meta({ format: 'password' });
}

// Years 1000–9999: PostgreSQL has no year 0, and an earlier day in Nairobi falls in it.
const ISO_DATE = /^([1-9]\d{3})-(\d{2})-(\d{2})(T[0-9:.+\-Z]{0,30})?$/;

export interface DateOnlyMessages {
  /** Shown when the value is missing or blank. */
  required: string;
  /** Shown when it is not a real calendar date. */
  invalid: string;
}

/**
 * A calendar day 'YYYY-MM-DD' (a full ISO timestamp is cut to its date) that exists (no
 * 2026-02-30), in the years 1000–9999. Days are shop days: the server reads them in
 * Africa/Nairobi.
 */
export function dateOnlySchema({ required, invalid }: DateOnlyMessages) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(40, { error: invalid })
    .refine((value) => value === '' || ISO_DATE.test(value), { error: invalid })
    .transform((value, context) => {
      const date = value.slice(0, 10);
      const parsed = new Date(`${date}T00:00:00Z`);
      if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
        context.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return date;
    });
}

/** The most any money field holds: KSh 10,000,000.00 (a field may set a lower maximum). */
export const MONEY_MAX_CENTS = 1_000_000_000;

/** A money text: digits with at most two decimals, an optional minus (refused as negative). */
const MONEY_TEXT = /^-?\d{1,10}(\.\d{1,2})?$/;

export interface MoneyOptions {
  /** Smallest accepted amount in cents (default 0). */
  minCents?: number;
  /** Largest accepted amount in cents (default and at most MONEY_MAX_CENTS). */
  maxCents?: number;
  messages: {
    /** Missing, null or blank. */
    required: string;
    /** Not a number of shillings with at most two decimals (exponent form included). */
    invalid: string;
    /** Below zero, when `minCents` is 0. */
    negative?: string;
    /** Below `minCents`. */
    tooSmall?: string;
    /** Above `maxCents`. */
    tooLarge: string;
  };
}

/**
 * An amount of shillings, as a JSON number or a decimal string, → integer cents, refusing what
 * it cannot hold exactly (issue 20): a number is read as JavaScript prints it, so 1e21 (which
 * `toFixed` prints in exponent form) or 1e-7 is refused, never read as other digits; a third
 * decimal is refused, never rounded away; anything past `maxCents` is refused before it is read.
 */
export function moneySchema({ minCents = 0, maxCents = MONEY_MAX_CENTS, messages }: MoneyOptions) {
  const { required, invalid, tooLarge } = messages;
  const tooSmall = (minCents === 0 ? messages.negative : messages.tooSmall) ?? invalid;
  return z
    .union(
      [
        z.number({ error: required }),
        z
          .string({ error: required })
          .trim()
          .max(20, { error: invalid })
          .refine((value) => value !== '', { error: required })
          .refine((value) => value === '' || MONEY_TEXT.test(value), { error: invalid }),
      ],
      {
        error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid),
      },
    )
    .transform((value, context) => {
      const fail = (message: string) => {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (typeof value === 'number') {
        // Bounds first: 1e21 is "too large", not "not a number"; NaN and Infinity are neither.
        if (!Number.isFinite(value)) return fail(invalid);
        if (value > maxCents / 100) return fail(tooLarge);
        if (value < minCents / 100) return fail(tooSmall);
        if (!MONEY_TEXT.test(String(value))) return fail(invalid);
      }
      const cents = toCents(value);
      if (cents === null) return fail(invalid);
      if (cents < minCents) return fail(tooSmall);
      if (cents > maxCents) return fail(tooLarge);
      return cents;
    })
    .meta({
      anyOf: [
        { type: 'number', minimum: minCents / 100, maximum: maxCents / 100 },
        { type: 'string', pattern: MONEY_TEXT.source },
      ],
    });
}
