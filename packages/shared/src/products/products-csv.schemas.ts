/**
 * CSV import and export of a store's products (issue 6). The export and the import speak the
 * same columns, so an exported file imports back unchanged. Row values are validated with the
 * product schemas of products.schemas.ts (same rules, same messages); the import answers every
 * error with the line of the file it is on (the header is line 1).
 */
import { z } from 'zod';
import { hasControlCharacters } from '../api/primitives';

/** The columns of an exported file and of the template, in this order. */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'barcode',
  'category',
  'piece_buying_price',
  'piece_selling_price',
  'pack_buying_price',
  'pack_selling_price',
  'dozen_buying_price',
  'dozen_selling_price',
  'pack_size',
  'stock_unit',
  'quantity',
  'min_quantity',
  'is_active',
  'kind',
  // Issue 26: A–E; left out of an imported file, a new product is B (existing ones keep theirs).
  'tax_type',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Columns an imported file must have; the others take the defaults of a new product. */
export const PRODUCT_CSV_REQUIRED_COLUMNS = [
  'sku',
  'name',
  'piece_selling_price',
] as const satisfies readonly ProductCsvColumn[];

/** The most products one file may hold. */
export const IMPORT_MAX_ROWS = 10_000;
/** The longest file accepted, in characters (about 10 MB). */
export const IMPORT_MAX_CHARS = 10 * 1024 * 1024;
/** How many rows the preview lists. */
export const IMPORT_PREVIEW_ROWS = 20;

/** Messages of the import itself (the row values have the product schemas' messages). */
export const IMPORT_MESSAGES = {
  hasErrors: 'The file has errors. Nothing was imported.',
  managerOnly:
    'Only a manager can change the prices or stock of existing products. Nothing was imported.',
  tooLarge: 'The file is too large (at most 10 MB)',
  notAllowed: 'The file contains characters that are not allowed',
  empty: 'The file is empty',
  noRows: 'The file has no products',
  tooManyRows: 'The file has more than 10,000 products',
  unreadable: 'The file could not be read as CSV. Check the quotes on this line.',
  unknownColumn: 'Unknown column',
  missingColumn: 'Required column is missing',
  repeatedColumn: 'Column appears more than once',
  columnCount: 'This line does not have the same number of values as the header',
  duplicateSku: 'This SKU appears on an earlier line of the file',
} as const;

/** POST /products/import: the file's text; `commit` writes it, otherwise a preview. */
export const productImportSchema = z.object({
  csv: z
    .string({ error: 'Please choose a CSV file' })
    .max(IMPORT_MAX_CHARS, { error: IMPORT_MESSAGES.tooLarge })
    // Tabs and line breaks are part of a CSV; other control characters never are.
    .refine((value) => !hasControlCharacters(value, { multiline: true }), {
      error: IMPORT_MESSAGES.notAllowed,
    }),
  commit: z.boolean({ error: 'commit must be true or false' }).default(false),
});
export type ProductImportInput = z.infer<typeof productImportSchema>;

/** One problem of the file: its line (header = 1), the column when it is about one. */
export const importErrorSchema = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importPreviewRowSchema = z.object({
  row: z.number().int(),
  sku: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update']),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const productImportResultSchema = z.object({
  committed: z.boolean(),
  /** Product lines in the file. */
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importErrorSchema),
  /** The first IMPORT_PREVIEW_ROWS lines, each with what the import does with it. */
  preview: z.array(importPreviewRowSchema),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

export const productImportResponseSchema = z.object({ data: productImportResultSchema });

/**
 * The error body's `errors[].path` for an import error: `rows.<line>.<column>`, or
 * `rows.<line>` when the error is about the whole line.
 */
export function importErrorPath(error: Pick<ImportError, 'row' | 'field'>): string {
  return error.field ? `rows.${error.row}.${error.field}` : `rows.${error.row}`;
}
