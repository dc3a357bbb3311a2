import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * Issue 25: the one sequence of store-internal EAN-13 numbers for every store
 * (labels.schemas internalEan13: '20' + the number on 10 digits + the check digit).
 */
export const internalBarcodeSeq = pgSequence('internal_barcode_seq', {
  startWith: 1,
  minValue: 1,
  maxValue: 9_999_999_999,
});
