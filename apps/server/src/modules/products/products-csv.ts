/**
 * Reading and writing the product CSV (issue 6): the file format only, no database. An
 * imported file is read with csv-parse (comma or semicolon, BOM, CRLF, quoted fields); each
 * line becomes the values of a product, checked with the product schemas (their messages),
 * and every problem is reported with its line. Writing quotes what needs quoting and keeps a
 * spreadsheet from running a cell as a formula.
 */
import { categoryInputSchema } from '@duka/shared/categories/categories.schemas';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED_COLUMNS,
  type ImportError,
  type ProductCsvColumn,
} from '@duka/shared/products/products-csv.schemas';
import { createProductSchema } from '@duka/shared/products/products.schemas';
import { CsvError, parse } from 'csv-parse/sync';
import type { z } from 'zod';

/** A byte order mark first, so Excel opens the file as UTF-8 (Swahili and French text). */
export const UTF8_BOM = '\uFEFF';

// ---------------------------------------------------------------------------------------------
// Writing

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a text that starts like a formula gets a leading apostrophe (numbers are written
 * by the caller and never pass through here as text); quoted when it holds a delimiter, a
 * quote or a line break.
 */
export function csvTextCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return csvCell(safe);
}

/** A cell written as it is (numbers, booleans), quoted only if it must be. */
export function csvCell(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One line of the file, CRLF-terminated (RFC 4180, what Excel writes). */
export function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`;
}

export const CSV_HEADER_LINE = csvLine([...PRODUCT_CSV_COLUMNS]);

// ---------------------------------------------------------------------------------------------
// Reading

/** What one line of the file asks for, validated; `given` lists the columns it sets. */
export interface ImportRow {
  /** Line in the file (header = 1). */
  row: number;
  values: ImportValues;
  /** Columns whose cell was filled (an empty cell leaves an existing product's value alone). */
  given: Set<ProductCsvColumn>;
}

const rowSchema = createProductSchema.omit({ category_id: true }).extend({
  category: categoryInputSchema.shape.name.optional(),
});
export type ImportValues = z.infer<typeof rowSchema>;

/** The defaults of a new product for the columns a file may leave out or empty. */
const NEW_PRODUCT_DEFAULTS = {
  piece_buying_price: '0',
  pack_buying_price: '0',
  pack_selling_price: '0',
  dozen_buying_price: '0',
  dozen_selling_price: '0',
  quantity: 0,
  min_quantity: 0,
} as const;

const PRICE_COLUMNS = new Set<ProductCsvColumn>([
  'piece_buying_price',
  'piece_selling_price',
  'pack_buying_price',
  'pack_selling_price',
  'dozen_buying_price',
  'dozen_selling_price',
]);
const COUNT_LABELS: Partial<Record<ProductCsvColumn, string>> = {
  quantity: 'Quantity',
  min_quantity: 'Min Quantity',
  pack_size: 'Pack Size',
};
const TEXT_COLUMNS = new Set<ProductCsvColumn>([
  'sku',
  'name',
  'description',
  'barcode',
  'category',
]);
const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  false: false,
  no: false,
  '0': false,
};

/** Undo the export's formula guard: "'=SUM" was written for "=SUM". */
function unguard(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

type Cell = { value: unknown } | { error: string };

/**
 * A cell as the product schema expects it. Prices stay decimal strings (exact cents); in a
 * semicolon file a decimal comma ("120,50", as European spreadsheets write it) is read too.
 * A negative number is passed as a number so that the schema says it cannot be negative.
 */
function readCell(column: ProductCsvColumn, raw: string, decimalComma: boolean): Cell {
  const text = raw.trim();
  if (TEXT_COLUMNS.has(column)) return { value: unguard(text) };
  if (PRICE_COLUMNS.has(column)) {
    const decimal = decimalComma && /^-?\d+,\d{1,2}$/.test(text) ? text.replace(',', '.') : text;
    return { value: /^-\d+(\.\d+)?$/.test(decimal) ? Number(decimal) : decimal };
  }
  const countLabel = COUNT_LABELS[column];
  if (countLabel !== undefined) {
    // The schema's own message for a fraction; text that is no number at all says the same.
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) {
      return { error: `${countLabel} must be a whole number` };
    }
    return { value: Number(text) };
  }
  if (column === 'stock_unit' || column === 'kind') return { value: text.toLowerCase() };
  // A tax letter typed in lower case ('b') is the same letter.
  if (column === 'tax_type') return { value: text.toUpperCase() };
  // is_active
  return { value: BOOLEAN_WORDS[text.toLowerCase()] ?? text };
}

export interface ParsedFile {
  rows: ImportRow[];
  errors: ImportError[];
  /** Product lines in the file (also those with errors). */
  total: number;
  /** sku and name of the lines, for the preview (whatever their errors). */
  lines: { row: number; sku: string; name: string }[];
}

const REQUIRED = new Set<ProductCsvColumn>(PRODUCT_CSV_REQUIRED_COLUMNS);
const KNOWN = new Set<string>(PRODUCT_CSV_COLUMNS);

/** Comma unless the header line has semicolons and no commas. */
function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

function readHeader(header: string[], errors: ImportError[]): ProductCsvColumn[] {
  const columns = header.map((name) => name.trim().toLowerCase());
  // An unknown column is named in the error, cut short: the line may be anything.
  const shown = (column: string) => (column.length > 64 ? `${column.slice(0, 64)}…` : column);
  const seen = new Set<string>();
  for (const column of columns) {
    if (!KNOWN.has(column)) {
      errors.push({ row: 1, field: shown(column), message: IMPORT_MESSAGES.unknownColumn });
    } else if (seen.has(column)) {
      errors.push({ row: 1, field: column, message: IMPORT_MESSAGES.repeatedColumn });
    }
    seen.add(column);
  }
  for (const column of PRODUCT_CSV_REQUIRED_COLUMNS) {
    if (!seen.has(column)) {
      errors.push({ row: 1, field: column, message: IMPORT_MESSAGES.missingColumn });
    }
  }
  return columns as ProductCsvColumn[];
}

/** The records of the file with the line each starts on, or the line csv-parse stopped at. */
function records(text: string): { cells: string[]; row: number }[] | ImportError {
  try {
    const parsed = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return parsed.map(({ record, info }) => {
      // info.lines is the line a record ends on; a quoted field may hold line breaks.
      let breaks = 0;
      for (const cell of record) {
        if (/[\r\n]/.test(cell)) breaks += cell.match(/\r\n|\r|\n/g)!.length;
      }
      return { cells: record, row: info.lines - breaks };
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return { row: line ?? 1, field: null, message: IMPORT_MESSAGES.unreadable };
    }
    throw error;
  }
}

/**
 * The file's product lines, each validated on its own with the product schemas. Duplicate SKUs
 * (any case) are an error on the later line. What the database decides (create or update) is
 * the import service's.
 */
export function parseProductCsv(text: string): ParsedFile {
  const result: ParsedFile = { rows: [], errors: [], total: 0, lines: [] };
  const all = records(text);
  if (!Array.isArray(all)) {
    result.errors.push(all);
    return result;
  }
  const [header, ...body] = all;
  if (!header) {
    result.errors.push({ row: 1, field: null, message: IMPORT_MESSAGES.empty });
    return result;
  }
  const columns = readHeader(header.cells, result.errors);
  result.total = body.length;
  if (result.errors.length > 0) return result;
  if (body.length === 0) {
    result.errors.push({ row: 1, field: null, message: IMPORT_MESSAGES.noRows });
    return result;
  }
  if (body.length > IMPORT_MAX_ROWS) {
    const first = body[IMPORT_MAX_ROWS]!;
    result.errors.push({ row: first.row, field: null, message: IMPORT_MESSAGES.tooManyRows });
    return result;
  }

  const decimalComma = delimiterOf(text) === ';';
  const skuLines = new Map<string, number>();
  for (const { cells, row } of body) {
    const rowErrors: ImportError[] = [];
    const input: Record<string, unknown> = {};
    const given = new Set<ProductCsvColumn>();
    if (cells.length !== columns.length) {
      rowErrors.push({ row, field: null, message: IMPORT_MESSAGES.columnCount });
    }
    columns.forEach((column, index) => {
      const raw = cells[index] ?? '';
      // An empty optional cell is "not given": a new product takes the default, an existing
      // one keeps its value. The required columns always count, so an empty one is an error.
      if (raw.trim() === '' && !REQUIRED.has(column)) return;
      const cell = readCell(column, raw, decimalComma);
      if ('error' in cell) {
        rowErrors.push({ row, field: column, message: cell.error });
        return;
      }
      input[column] = cell.value;
      given.add(column);
    });
    result.lines.push({
      row,
      sku: typeof input.sku === 'string' ? input.sku : '',
      name: typeof input.name === 'string' ? input.name : '',
    });

    const parsed = rowSchema.safeParse({ ...NEW_PRODUCT_DEFAULTS, ...input });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = typeof issue.path[0] === 'string' ? issue.path[0] : null;
        // A column with its own error already (a count that is no number) is said once.
        if (rowErrors.some((e) => e.field === field)) continue;
        rowErrors.push({ row, field, message: issue.message });
      }
    }
    const skuKey = typeof input.sku === 'string' ? input.sku.toLowerCase() : '';
    if (skuKey !== '') {
      if (skuLines.has(skuKey)) {
        rowErrors.push({ row, field: 'sku', message: IMPORT_MESSAGES.duplicateSku });
      } else {
        skuLines.set(skuKey, row);
      }
    }
    if (rowErrors.length > 0) {
      result.errors.push(...rowErrors);
    } else if (parsed.success) {
      result.rows.push({ row, values: parsed.data, given });
    }
  }
  return result;
}
