/**
 * CSV files of the report tables and a stock count's variance report, built in the browser from
 * the rows on screen. The same rules as the products export
 * (apps/server/src/modules/products/products-csv.ts): a UTF-8 BOM so
 * Excel reads the shillings and accents right, CRLF lines, cells quoted when they hold a comma,
 * semicolon, quote or line break, and a text that starts like a formula (= + - @ tab CR)
 * prefixed with an apostrophe so a spreadsheet never runs it (OWASP "CSV injection"). Numbers
 * are written as numbers, never guarded.
 */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A number already written out ('-1500.00'): a number to the guard, so never prefixed. */
export interface CsvNumberText {
  readonly numberText: string;
}

export type CsvValue = string | number | null | CsvNumberText;

function quote(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One cell: a number as it is, a text guarded and quoted as needed, null empty. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return value.numberText;
  return quote(FORMULA_START.test(value) ? `'${value}` : value);
}

/** The whole file: BOM, the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`);
  return UTF8_BOM + lines.join('');
}

/**
 * Money in a CSV: two decimals, no currency sign, so a spreadsheet sums it — a number, so a
 * loss or a shrinkage keeps its minus sign ('-190.00', not the guarded text "'-190.00").
 */
export const csvMoney = (value: number): CsvNumberText => ({ numberText: value.toFixed(2) });

/** Hands `text` to the browser as a download named `filename`. */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
