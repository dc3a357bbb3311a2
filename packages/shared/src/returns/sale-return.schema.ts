/**
 * A return as every answer shows it (issue 24): on its own (POST /sales/{id}/returns) and in a
 * sale's `returns`. Apart from returns.schemas.ts so the sales schemas can carry it without an
 * import cycle.
 */
import { z } from 'zod';
import { etimsStateSchema } from '../etims/etims.schemas';
import { UNIT_TYPES } from '../money/units';
import { taxLineSchema } from '../tax/tax';

export const REFUND_METHODS = ['cash', 'mpesa', 'credit'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const returnItemSchema = z.object({
  sale_item_id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  unit_type: z.enum(UNIT_TYPES),
  /** In the line's unit. */
  quantity: z.number().int(),
  /** What left the shelf for this quantity, in pieces (came back when restocked). */
  pieces: z.number().int(),
  amount: z.number(),
  /** true: back on the shelf; false: written off as damaged. */
  restock: z.boolean(),
});
export type ReturnItem = z.infer<typeof returnItemSchema>;

export const saleReturnSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  amount: z.number(),
  refund_method: z.enum(REFUND_METHODS),
  mpesa_code: z.string().nullable(),
  reason: z.string(),
  items: z.array(returnItemSchema),
  /** Loyalty points taken back from the customer (never below their balance of 0). */
  points_reversed: z.number().int(),
  /**
   * A cash refund's shift: the refunding person's open one, else the sale's own if still open
   * (the drawer it came out of); null for M-Pesa and credit, or with neither open.
   */
  shift_id: z.number().int().nullable(),
  User: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  /**
   * Issue 26: the credit note's number, consecutive per store from 1 in a series of its own (no
   * gap), its tax per letter (each returned line's amount taxed at its sale line's letter), and
   * its state with eTIMS (sent as rcptTyCd R with the sale's invoice as orgInvcNo).
   */
  credit_note_no: z.number().int(),
  tax: z.array(taxLineSchema),
  etims: etimsStateSchema,
});
export type SaleReturn = z.infer<typeof saleReturnSchema>;
