/**
 * Purchase orders (spec §3 Purchase order / item, §4 statuses, §5 validation, §7 calls;
 * PRODUCT.md §1). The server computes the total from the items; the `total` string the web app
 * sends is accepted and ignored. GET /purchase-orders answers a plain array.
 */
import { z } from 'zod';
import { dateOnlySchema, idSchema, textSchema } from '../api/primitives';
import { UNIT_TYPES } from '../money/units';
import { priceSchema, QUANTITY_MAX } from '../products/products.schemas';

export const PURCHASE_ORDER_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'completed',
  // Some of it arrived (issue 20); the rest is still to come, or the order is closed short.
  'partially_received',
  'received',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/**
 * The moves PUT …/status may make (spec §4); anything else is a 409. `received` from an
 * approved or partly received order receives whatever remains; `partially_received` is reached
 * only through POST …/receive.
 */
export const PURCHASE_ORDER_TRANSITIONS: Record<
  PurchaseOrderStatus,
  readonly PurchaseOrderStatus[]
> = {
  pending: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  completed: [],
  partially_received: ['received'],
  received: [],
};

/** 'YYYY-MM-DD' (a full ISO timestamp is cut to its date), a real calendar date. */
export const deliveryDateSchema = dateOnlySchema({
  required: 'Expected delivery date is required',
  invalid: 'Expected delivery date must be a date (YYYY-MM-DD)',
});

export const purchaseOrderItemInputSchema = z.object({
  product_id: idSchema('Product is required.'),
  quantity: z
    .number({ error: 'Quantity must be at least 1' })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(QUANTITY_MAX, {
      error: `Quantity must be at most ${QUANTITY_MAX.toLocaleString('en-KE')}`,
    }),
  buying_price: priceSchema('Buying price'),
  selling_price: priceSchema('Selling price'),
  unit_type: z.enum(UNIT_TYPES, { error: 'Unit is required.' }),
  // Sent by the web app; the server copies the product's own name and uses buying_price.
  name: textSchema({ label: 'Name', max: 200 }).optional(),
  unit_price: priceSchema('Unit price').optional(),
});

export type PurchaseOrderItemInput = z.infer<typeof purchaseOrderItemInputSchema>;

export const PURCHASE_ORDER_ITEMS_MAX = 200;

/** POST /purchase-orders. */
export const createPurchaseOrderSchema = z.object({
  supplier_id: idSchema('Please select a supplier'),
  expected_delivery_date: deliveryDateSchema,
  notes: textSchema({ label: 'Notes', max: 2000, multiline: true }).default(''),
  items: z
    .array(purchaseOrderItemInputSchema, { error: 'At least one item is required' })
    .min(1, { error: 'At least one item is required' })
    .max(PURCHASE_ORDER_ITEMS_MAX, {
      error: `A purchase order holds at most ${PURCHASE_ORDER_ITEMS_MAX} items`,
    }),
  // The client's own sum, as a string; never stored (the server adds up the items).
  total: textSchema({ label: 'Total', max: 32 }).optional(),
});
export type CreatePurchaseOrderInput = z.infer<typeof createPurchaseOrderSchema>;

/** PUT /purchase-orders/{id}/status. */
export const purchaseOrderStatusBodySchema = z.object({
  status: z.enum(PURCHASE_ORDER_STATUSES, {
    error: `Status must be one of ${PURCHASE_ORDER_STATUSES.join(', ')}`,
  }),
});

/** The statuses POST …/receive accepts an order in. */
export const RECEIVABLE_STATUSES: readonly PurchaseOrderStatus[] = [
  'approved',
  'partially_received',
];

/**
 * POST /purchase-orders/{id}/receive (issue 20): what arrived in one delivery, per line of the
 * order (a line may be left out, or sent with 0); `close` ends the order short — the rest will
 * not come. A line never receives more than was ordered in all (409).
 */
export const receivePurchaseOrderSchema = z
  .object({
    items: z
      .array(
        z.object({
          item_id: idSchema('Item is required'),
          received_quantity: z
            .number({ error: 'Received quantity must be a whole number' })
            .int({ error: 'Received quantity must be a whole number' })
            .min(0, { error: 'Received quantity cannot be negative' })
            .max(QUANTITY_MAX, {
              error: `Received quantity must be at most ${QUANTITY_MAX.toLocaleString('en-KE')}`,
            }),
        }),
        { error: 'Items must be a list' },
      )
      .max(PURCHASE_ORDER_ITEMS_MAX, {
        error: `A purchase order holds at most ${PURCHASE_ORDER_ITEMS_MAX} items`,
      }),
    close: z.boolean({ error: 'Close must be true or false' }).default(false),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.items.forEach((item, index) => {
      if (seen.has(item.item_id)) {
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'item_id'],
          message: 'Each item may be listed once',
        });
      }
      seen.add(item.item_id);
    });
    if (!value.close && value.items.every((item) => item.received_quantity === 0)) {
      context.addIssue({
        code: 'custom',
        path: ['items'],
        message: 'Enter a quantity received for at least one item',
      });
    }
  });
export type ReceivePurchaseOrderInput = z.infer<typeof receivePurchaseOrderSchema>;

export const purchaseOrderItemSchema = z.object({
  id: z.number().int(),
  /** null once the product has been deleted. */
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  Product: z.object({ name: z.string() }),
  unit_type: z.enum(UNIT_TYPES),
  quantity: z.number().int(),
  /** How much of `quantity` has arrived so far (issue 20). */
  received_quantity: z.number().int(),
  buying_price: z.number(),
  /** Equals buying_price (spec §3). */
  unit_price: z.number(),
  selling_price: z.number(),
  /** quantity × buying_price. */
  total: z.number(),
});
export type PurchaseOrderItem = z.infer<typeof purchaseOrderItemSchema>;

export const purchaseOrderSchema = z.object({
  id: z.number().int(),
  /** null once the supplier has been deleted. */
  supplier_id: z.number().int().nullable(),
  supplier: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  expected_delivery_date: z.string(),
  notes: z.string(),
  total_amount: z.number(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  received_at: z.string().nullable(),
  items: z.array(purchaseOrderItemSchema),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderListResponseSchema = z.array(purchaseOrderSchema);
export const purchaseOrderItemsResponseSchema = z.array(purchaseOrderItemSchema);
