/**
 * Shelf labels and barcode stickers (issue 25). GET /products/labels renders the labels of the
 * products asked for (`ids`, comma-separated) or of a purchase order's received lines
 * (`purchase_order_id`): each label's name, SKU, prices in KSh and its barcode drawn as SVG by
 * bwip-js on the server — EAN-13 when the product's barcode is a valid EAN-13, else Code 128 —
 * and how many copies to print (1 a product; a purchase order's: the pieces received, at most
 * LABEL_COPIES_MAX). A product without a barcode gets one from POST /products/{id}/barcode: a
 * store-internal EAN-13 of the GS1 restricted-circulation prefix '20' + a 10-digit number from
 * one sequence for every store + its check digit, skipped while some product of the store
 * already carries it, so two never collide.
 */
import { z } from 'zod';
import { ID_MAX, idSchema } from '../api/primitives';
import { UNIT_TYPES } from '../money/units';
import { storeIdSchema } from '../stores/stores.schemas';

export const LABEL_SYMBOLOGIES = ['ean13', 'code128'] as const;
export type LabelSymbology = (typeof LABEL_SYMBOLOGIES)[number];

export const LABELS_MAX = 200;
export const LABEL_COPIES_MAX = 100;
export const INTERNAL_BARCODE_PREFIX = '20';

export const LABEL_MESSAGES = {
  /** 400 on ids: neither ids nor purchase_order_id. */
  nothing: 'Choose products or a purchase order',
  ids: `Ids must be up to ${LABELS_MAX} product ids separated by commas`,
  /** 409 on POST /products/{id}/barcode. */
  hasBarcode: 'This product already has a barcode',
  /** 400 on POST /products/{id}/barcode for a service. */
  service: 'A service has no barcode',
} as const;

/** The check digit of the first 12 digits of an EAN-13 (GS1: weights 1 and 3 from the left). */
export function ean13CheckDigit(twelveDigits: string): number {
  if (!/^\d{12}$/.test(twelveDigits)) throw new Error('ean13CheckDigit: 12 digits expected');
  let sum = 0;
  for (let index = 0; index < 12; index += 1) {
    sum += Number(twelveDigits[index]) * (index % 2 === 0 ? 1 : 3);
  }
  return (10 - (sum % 10)) % 10;
}

export function isEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** The store-internal EAN-13 of the n-th number of the sequence (n ≥ 1, < 10^10). */
export function internalEan13(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence >= 1e10) {
    throw new Error(`internalEan13: ${sequence} is out of range`);
  }
  const twelve = INTERNAL_BARCODE_PREFIX + String(sequence).padStart(10, '0');
  return twelve + String(ean13CheckDigit(twelve));
}

/** Which symbology a barcode is drawn in. */
export function labelSymbology(barcode: string): LabelSymbology {
  return isEan13(barcode) ? 'ean13' : 'code128';
}

// Every refusal names the field itself (`ids`), not an element of it: the ids travel as one text.
const idList = z
  .string({ error: LABEL_MESSAGES.ids })
  .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, { error: LABEL_MESSAGES.ids })
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine(
    (ids) =>
      ids.length <= LABELS_MAX &&
      ids.every((id) => Number.isInteger(id) && id >= 1 && id <= ID_MAX),
    { error: LABEL_MESSAGES.ids },
  );

/** GET /products/labels?ids=1,2,3 | ?purchase_order_id=7. */
export const labelsQuerySchema = z
  .object({
    ids: idList.optional(),
    purchase_order_id: idSchema('Invalid purchase order').optional(),
    store_id: storeIdSchema.optional(),
  })
  .refine((query) => query.ids !== undefined || query.purchase_order_id !== undefined, {
    error: LABEL_MESSAGES.nothing,
    path: ['ids'],
  });
export type LabelsQuery = z.infer<typeof labelsQuerySchema>;

export const labelSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  symbology: z.enum(LABEL_SYMBOLOGIES).nullable(),
  /** The barcode drawn (an <svg> document, human-readable digits under the bars); null without one. */
  svg: z.string().nullable(),
  /** The selling prices set (> 0), piece first, in shillings. */
  prices: z.array(z.object({ unit_type: z.enum(UNIT_TYPES), price: z.number() })),
  copies: z.number().int(),
});
export type Label = z.infer<typeof labelSchema>;

export const labelsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(labelSchema),
});
