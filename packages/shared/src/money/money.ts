/**
 * Money in Duka: Kenyan shillings, two decimals. Amounts travel as decimal strings or numbers
 * and are computed in integer cents so that sums never drift (PRODUCT.md §3).
 */

/** Parse an amount ("1,234.5", 1234.5, "KSh 12") into integer cents; null when not a number. */
export function toCents(value: unknown): number | null {
  if (typeof value === 'number') {
    // Past this, cents are no longer whole numbers a double holds exactly (and `toFixed` writes
    // 1e21 and above in exponent form, whose digits are not the amount: issue 20).
    if (!Number.isFinite(value) || Math.abs(value) > MAX_EXACT_SHILLINGS) return null;
    // Through the decimal text, so 1.005 and '1.005' round alike (1.005 * 100 is 100.49999…).
    return toCents(value.toFixed(3));
  }
  if (typeof value !== 'string') return null;
  // '1e3' is a number written in exponent form, not the digits 1 and 3.
  if (EXPONENT_FORM.test(value.trim())) return toCents(Number(value));
  // Spec §5 Currency: strip everything but digits, dot and minus before reading the number.
  const cleaned = value.replace(/[^0-9.-]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  const negative = cleaned.startsWith('-');
  const [whole = '0', fraction = ''] = cleaned.replace('-', '').split('.');
  const padded = (fraction + '000').slice(0, 3);
  // Round half away from zero on the third decimal.
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** The largest amount whose thousandths (toFixed(3)) are still a safe integer. */
const MAX_EXACT_SHILLINGS = Math.floor(Number.MAX_SAFE_INTEGER / 1000);
const EXPONENT_FORM = /^[-+]?(\d+\.?\d*|\.\d+)e[-+]?\d+$/i;

/** Integer cents → decimal string with two places ("1234.50"), the form the API stores. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer cents → a JavaScript number of shillings with two decimals (for form state). */
export function centsToNumber(cents: number): number {
  return Number(centsToDecimal(cents));
}

/**
 * A money column's text as the database writes it (numeric with two decimals: "1234.50") → the
 * same JavaScript number centsToNumber gives, without going through cents: the text already is
 * the exact decimal, and Number() reads it to the nearest double, as centsToNumber does with
 * the text it writes. The API's lists present many prices a row (issue 10).
 */
export function storedMoneyToNumber(stored: string): number {
  return Number(stored);
}

const numberFormat = new Intl.NumberFormat('en-KE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * 'KSh 1,234.50'. Intl's KES currency style prints "Ksh", so the number is formatted on its
 * own and prefixed (ARCHITECTURE.md). Invalid or missing input gives 'KSh 0.00' (spec §5).
 */
export function formatCurrency(value: unknown): string {
  const cents = toCents(value);
  if (cents === null) return 'KSh 0.00';
  return `KSh ${numberFormat.format(cents / 100)}`;
}
