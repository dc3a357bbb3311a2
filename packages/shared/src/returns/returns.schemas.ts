/**
 * Returns and refunds (issue 24): POST /sales/{id}/returns takes lines of a sale back — each
 * restocked (a 'return' movement of its pieces) or written off as damaged — and refunds them in
 * cash from the drawer, M-Pesa sent back by hand (its code), or off the customer's credit
 * balance. A line is never returned past what was sold (409 'Only {n} left to return of
 * {product}'). The amount of a line is its unit price × quantity (the sale's delivery fee is not
 * refunded: it is no line). Managers only; sales staff 403.
 */
import { z } from 'zod';
import { idSchema, textSchema } from '../api/primitives';
import { mpesaCodeSchema } from '../sales/sales.schemas';
import { storeIdSchema } from '../stores/stores.schemas';
import { REFUND_METHODS, saleReturnSchema } from './sale-return.schema';

export * from './sale-return.schema';

/** A sale's status as its returns leave it. */
export const SALE_RETURN_STATUSES = ['completed', 'partially_returned', 'returned'] as const;
export type SaleReturnStatus = (typeof SALE_RETURN_STATUSES)[number];

export const RETURN_LINES_MAX = 200;
export const RETURN_QUANTITY_MAX = 100_000;
export const RETURN_REASON_MAX = 500;

export const RETURN_MESSAGES = {
  items: 'Pick at least one line to return',
  itemsMax: `At most ${RETURN_LINES_MAX} lines can be returned at once`,
  saleItem: 'Invalid sale line',
  quantity: 'Quantity must be a whole number of at least 1',
  restock: 'Say whether the line goes back on the shelf',
  duplicateLine: 'Each line can appear once in a return',
  refundMethod: 'Refund method must be cash, mpesa or credit',
  mpesaCode: 'Enter the M-Pesa code',
  reason: 'Reason is required',
  /** 400 on items.{i}.sale_item_id: a line id that is not a line of this sale. */
  notThisSale: 'This line is not part of the sale',
  /** 409: more than is left to return of a line. */
  overReturn: (left: number, product: string) => `Only ${left} left to return of ${product}`,
  /** 409: credit refund of a sale without a named customer. */
  creditNeedsCustomer: 'A refund off credit needs the sale’s named customer',
  /** 409: a cancelled sale has nothing to give back. */
  saleCancelled: 'A cancelled sale cannot be returned',
  /** 409: a line whose product was deleted since cannot go back on a shelf. */
  productGone: (product: string) => `${product} is no longer in the catalogue: write it off`,
  /** 409: credit refund larger than what the customer owes. */
  creditTooLarge: (balance: string) =>
    `The customer owes ${balance}: a refund off their credit can be at most that`,
} as const;

export const returnItemInputSchema = z.object({
  sale_item_id: idSchema(RETURN_MESSAGES.saleItem),
  quantity: z
    .number({ error: RETURN_MESSAGES.quantity })
    .int({ error: RETURN_MESSAGES.quantity })
    .min(1, { error: RETURN_MESSAGES.quantity })
    .max(RETURN_QUANTITY_MAX, { error: RETURN_MESSAGES.quantity }),
  restock: z.boolean({ error: RETURN_MESSAGES.restock }),
});
export type ReturnItemInput = z.infer<typeof returnItemInputSchema>;

/** POST /sales/{id}/returns (Idempotency-Key honoured, as for POST /sales). */
export const createReturnSchema = z
  .object({
    items: z
      .array(returnItemInputSchema, { error: RETURN_MESSAGES.items })
      .min(1, { error: RETURN_MESSAGES.items })
      .max(RETURN_LINES_MAX, { error: RETURN_MESSAGES.itemsMax }),
    refund_method: z.enum(REFUND_METHODS, { error: RETURN_MESSAGES.refundMethod }),
    mpesa_code: mpesaCodeSchema().optional(),
    reason: textSchema({
      label: 'Reason',
      min: 1,
      max: RETURN_REASON_MAX,
      multiline: true,
    }),
    // Not a field of the return: the store a super_admin acts on, which the web app adds.
    store_id: storeIdSchema.optional(),
  })
  .superRefine((input, context) => {
    if (input.refund_method === 'mpesa' && !input.mpesa_code) {
      context.addIssue({
        code: 'custom',
        message: RETURN_MESSAGES.mpesaCode,
        path: ['mpesa_code'],
      });
    }
    const seen = new Set<number>();
    input.items.forEach((item, index) => {
      if (seen.has(item.sale_item_id)) {
        context.addIssue({
          code: 'custom',
          message: RETURN_MESSAGES.duplicateLine,
          path: ['items', index, 'sale_item_id'],
        });
      }
      seen.add(item.sale_item_id);
    });
  });
export type CreateReturnInput = z.infer<typeof createReturnSchema>;

export const saleReturnResponseSchema = z.object({
  success: z.literal(true),
  data: saleReturnSchema,
});

export const returnParamsSchema = z.object({
  id: idSchema('Invalid sale'),
  returnId: idSchema('Invalid return'),
});
