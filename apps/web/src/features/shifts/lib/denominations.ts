import {
  DENOMINATION_COUNT_MAX,
  DENOMINATIONS,
  denominationsTotalCents,
  type Denomination,
  type Denominations,
} from '@duka/shared/shifts/shifts.schemas';

/** What the cashier has typed for each note and coin: text, so an empty box stays empty. */
export type CountsText = Partial<Record<`${Denomination}`, string>>;

/** A count as typed: a whole number 0–100,000 ('' is 0), or null when it is not one. */
export function parseCount(text: string | undefined): number | null {
  const value = (text ?? '').trim();
  if (value === '') return 0;
  if (!/^\d{1,6}$/.test(value)) return null;
  const count = Number(value);
  return count <= DENOMINATION_COUNT_MAX ? count : null;
}

/**
 * The counts to send: only the notes and coins counted (none left out that was typed), or null
 * while any box holds something that is not a count.
 */
export function countsOf(text: CountsText): Denominations | null {
  const counts: Denominations = {};
  for (const value of DENOMINATIONS) {
    const key = `${value}` as const;
    const count = parseCount(text[key]);
    if (count === null) return null;
    if (count > 0) counts[key] = count;
  }
  return counts;
}

/** One line's value in cents: KSh 500 × 3 = 150,000 cents. Integers only, never a float sum. */
export function lineCents(value: Denomination, text: string | undefined): number {
  return value * 100 * (parseCount(text) ?? 0);
}

/**
 * The running total in cents: the contract's own sum (the server checks the same) of the counts
 * typed so far, a box that holds no count adding nothing until it is put right.
 */
export function countedCents(text: CountsText): number {
  const counts: Denominations = {};
  for (const value of DENOMINATIONS) counts[`${value}`] = parseCount(text[`${value}`]) ?? 0;
  return denominationsTotalCents(counts);
}
