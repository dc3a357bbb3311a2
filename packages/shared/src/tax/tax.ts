/**
 * VAT (issue 26, research notes §3.3): each product has a KRA tax type, A to E; prices are
 * VAT-inclusive. The tax of a line is its total × rate / (100 + rate), rounded to the cent
 * (half up), and a sale's tax per letter is its lines' taxes added up — never the letter's total
 * taxed at once. The taxable amount is the total without its tax (OSCU's `taxblAmt`).
 *
 * The sale's SQL computes each line's tax (line_tax(), migration 0042) and keeps it on the line;
 * lineTaxCents is its twin (the server's sale-rules.test.ts proves the two agree), and the
 * answers add the kept amounts up per letter (modules/etims/etims-read.service.ts presentTax).
 */
import { z } from 'zod';

export const TAX_TYPES = ['A', 'B', 'C', 'D', 'E'] as const;
export type TaxType = (typeof TAX_TYPES)[number];
/** A product made without a tax type is standard-rated. */
export const DEFAULT_TAX_TYPE: TaxType = 'B';

/** KRA's code list class 04: the rate in percent of each letter. */
export const TAX_RATES: Readonly<Record<TaxType, number>> = { A: 0, B: 16, C: 0, D: 0, E: 8 };

/** KRA's names of the letters ('B-VAT 16%'), as receipts and the VAT report print them. */
export const TAX_TYPE_NAMES: Readonly<Record<TaxType, string>> = {
  A: 'A-Exempt',
  B: 'B-VAT 16%',
  C: 'C-Zero Rated',
  D: 'D-Non VAT',
  E: 'E-VAT 8%',
};

export const taxTypeSchema = z.enum(TAX_TYPES, { error: 'Tax type must be one of A, B, C, D, E' });

/** The tax inside a VAT-inclusive line total of `totalCents` at `rate` percent, in cents. */
export function lineTaxCents(totalCents: number, rate: number): number {
  if (rate === 0 || totalCents === 0) return 0;
  // Integer arithmetic: total × rate / (100 + rate), half up (half away from zero below 0).
  const numerator = totalCents * rate;
  const denominator = 100 + rate;
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(numerator) * 2 + denominator) / (denominator * 2));
}

/** The tax of a sale or a credit note per letter, as the API answers it (KSh, not cents). */
export const taxLineSchema = z.object({
  tax_type: z.enum(TAX_TYPES),
  /** In percent: 16 for B. */
  rate: z.number(),
  /** The letter's lines without their tax (OSCU's taxblAmt). */
  taxable_amount: z.number(),
  tax_amount: z.number(),
});
export type TaxLine = z.infer<typeof taxLineSchema>;

/**
 * A KRA PIN: a letter, nine digits, a letter (A123456789B), as navari's is_valid_kra_pin reads
 * it; kept in capitals.
 */
export const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;
export const KRA_PIN_MESSAGE = 'KRA PIN must be a letter, 9 digits and a letter (A123456789B)';

export function kraPinSchema(message = KRA_PIN_MESSAGE) {
  return z
    .string({ error: message })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(KRA_PIN, { error: message }));
}
