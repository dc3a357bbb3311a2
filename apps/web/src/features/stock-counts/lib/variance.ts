/**
 * The variance report of a finished count (issue 25): the lines in the order a manager reads
 * them — the largest shrinkage (most negative value at buying price) first — and its totals,
 * added in integer cents so they never drift. Also the report as a CSV, built from the answer.
 */
import { centsToDecimal, formatCurrency, toCents } from '@duka/shared/money/money';
import type {
  StockCountDetail,
  StockCountLine,
} from '@duka/shared/stock-counts/stock-counts.schemas';
import { csvMoney, toCsv } from '@/lib/csv';

const cents = (value: number) => toCents(value) ?? 0;

/** Largest shrinkage first: by value, then by pieces, then by name (a stable, readable order). */
export function sortVariance(lines: readonly StockCountLine[]): StockCountLine[] {
  return [...lines].sort(
    (a, b) =>
      cents(a.difference_value) - cents(b.difference_value) ||
      a.difference_pieces - b.difference_pieces ||
      a.name.localeCompare(b.name),
  );
}

export interface VarianceTotals {
  /** Σ of the negative values: what went missing, at buying price (≤ 0). */
  shrinkage: number;
  /** Σ of the positive values: found beyond what the books said (≥ 0). */
  surplus: number;
  /** shrinkage + surplus: the count's whole difference. */
  difference: number;
  /** Lines counted short, over and exact. */
  short: number;
  over: number;
  exact: number;
}

export function varianceTotals(lines: readonly StockCountLine[]): VarianceTotals {
  let shrinkage = 0;
  let surplus = 0;
  const totals = { short: 0, over: 0, exact: 0 };
  for (const line of lines) {
    const value = cents(line.difference_value);
    if (value < 0) shrinkage += value;
    else surplus += value;
    if (line.difference_pieces < 0) totals.short += 1;
    else if (line.difference_pieces > 0) totals.over += 1;
    else totals.exact += 1;
  }
  return {
    shrinkage: Number(centsToDecimal(shrinkage)),
    surplus: Number(centsToDecimal(surplus)),
    difference: Number(centsToDecimal(shrinkage + surplus)),
    ...totals,
  };
}

/** '+KSh 20.00', '−KSh 195.00', 'KSh 0.00': the sign always written, a true minus sign. */
export function signedCurrency(amount: number): string {
  const value = cents(amount);
  const plain = formatCurrency(centsToDecimal(Math.abs(value)));
  if (value === 0) return plain;
  return `${value > 0 ? '+' : '−'}${plain}`;
}

/** '+3', '−12', '0' pieces: a true minus sign. */
export function signedNumber(value: number): string {
  const text = Math.abs(value).toLocaleString('en-KE');
  if (value === 0) return text;
  return `${value > 0 ? '+' : '−'}${text}`;
}

/** The column headings of the CSV, in the reader's language. */
export interface VarianceCsvHeadings {
  product: string;
  sku: string;
  expected: string;
  counted: string;
  difference: string;
  value: string;
  total: string;
}

/**
 * The report as a CSV: one row per line in the report's order, pieces as numbers and values in
 * shillings with two decimals (a spreadsheet sums them), then the total difference value.
 */
export function varianceCsv(detail: StockCountDetail, headings: VarianceCsvHeadings): string {
  const rows = sortVariance(detail.lines).map((line) => [
    line.name,
    line.sku,
    line.expected_pieces,
    line.counted_pieces,
    line.difference_pieces,
    csvMoney(line.difference_value),
  ]);
  return toCsv(
    [
      headings.product,
      headings.sku,
      headings.expected,
      headings.counted,
      headings.difference,
      headings.value,
    ],
    [...rows, [headings.total, null, null, null, null, csvMoney(detail.total_difference_value)]],
  );
}

export const varianceCsvName = (id: number) => `stock-count-${id}-variance.csv`;
