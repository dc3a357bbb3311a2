/**
 * Stock transfers between the stores of a chain (issue 25). The super_admin (acting on the
 * sending store) or an admin of the sending store sends products to another store: the stock
 * leaves the sender at once through a 'transfer_out' movement and the transfer is 'in_transit'.
 * The destination's staff receive it — all as sent, or what they counted per line, in the line's
 * unit — and each line enters the destination's product with the same SKU (created from the
 * sender's when missing, inactive until a manager prices it there) through a 'transfer_in'
 * movement; the difference (received − sent, in pieces) is kept and shown to both stores. While
 * in transit the sender may cancel it (the stock back through a 'transfer_cancel' movement). Each
 * store sees only its own side; another store's staff get 404.
 */
import { z } from 'zod';
import { idSchema, textSchema } from '../api/primitives';
import { UNIT_TYPES } from '../money/units';
import { QUANTITY_MAX } from '../products/products.schemas';
import { pageQuerySchema } from '../sales/sales.schemas';
import { storeIdSchema } from '../stores/stores.schemas';

export const TRANSFER_STATUSES = ['in_transit', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const TRANSFER_DIRECTIONS = ['incoming', 'outgoing'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

export const TRANSFER_ITEMS_MAX = 200;
export const TRANSFER_NOTE_MAX = 500;

export const TRANSFER_MESSAGES = {
  /** 400 on to_store_id: the sender itself. */
  sameStore: 'Choose another store to send to',
  /** 404 on to_store_id: no such store, or an inactive one. */
  destinationNotFound: 'Store not found',
  /** 404: no such transfer on the caller's side. */
  notFound: 'Transfer not found',
  /** 409 on receive or cancel: received or cancelled already (or by someone else meanwhile). */
  notInTransit: 'This transfer is no longer in transit',
  /** 403 on receive by the sending store, on cancel by the receiving store. */
  notReceiver: 'Only the receiving store can receive this transfer',
  notSender: 'Only the sending store can cancel this transfer',
  /** 409 on send: `Insufficient stock for ${name}` (the sale's words). */
  insufficientStock: (name: string) => `Insufficient stock for ${name}`,
  /** 400 on items[i].product_id: a service has no stock to send. */
  service: 'A service has no stock to send',
  /** 400 on items[i].product_id: not a product of the sending store. */
  productNotFound: 'Product not found',
  /** 400 on items[i].product_id: sent twice; on receive, a product not in the transfer. */
  duplicate: 'Each product may be listed once',
  notInTransfer: 'This product is not in the transfer',
  /** 409 on receive: the destination's product with that SKU is a service. */
  destinationService: (sku: string) => `The product with SKU ${sku} here is a service`,
} as const;

const quantity = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, {
      error: min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`,
    })
    .max(QUANTITY_MAX, {
      error: `${label} must be at most ${QUANTITY_MAX.toLocaleString('en-KE')}`,
    });

function uniqueProducts<T extends { product_id: number }>(
  items: readonly T[],
  context: z.RefinementCtx,
  path: string,
) {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.product_id)) {
      context.addIssue({
        code: 'custom',
        path: [path, index, 'product_id'],
        message: TRANSFER_MESSAGES.duplicate,
      });
    }
    seen.add(item.product_id);
  });
}

export const transferItemInputSchema = z.object({
  product_id: idSchema('Product is required.'),
  quantity: quantity('Quantity', 1),
  unit_type: z.enum(UNIT_TYPES, { error: 'Unit is required.' }),
});
export type TransferItemInput = z.infer<typeof transferItemInputSchema>;

/** POST /stock-transfers (the super_admin sends store_id: the sending store). */
export const createStockTransferSchema = z
  .object({
    to_store_id: idSchema('Please select a store'),
    items: z
      .array(transferItemInputSchema, { error: 'At least one item is required' })
      .min(1, { error: 'At least one item is required' })
      .max(TRANSFER_ITEMS_MAX, {
        error: `A transfer holds at most ${TRANSFER_ITEMS_MAX} items`,
      }),
    note: textSchema({ label: 'Note', max: TRANSFER_NOTE_MAX, multiline: true }).optional(),
    store_id: storeIdSchema.optional(),
  })
  .superRefine((value, context) => uniqueProducts(value.items, context, 'items'));
export type CreateStockTransferInput = z.infer<typeof createStockTransferSchema>;

/**
 * POST /stock-transfers/{id}/receive. Per line (the sender's product id), the quantity that
 * arrived in the line's unit; a line left out arrived as sent, and no items at all: everything
 * as sent.
 */
export const receiveStockTransferSchema = z
  .object({
    items: z
      .array(
        z.object({
          product_id: idSchema('Product is required.'),
          received_quantity: quantity('Received quantity', 0),
        }),
        { error: 'Items must be a list' },
      )
      .max(TRANSFER_ITEMS_MAX, {
        error: `A transfer holds at most ${TRANSFER_ITEMS_MAX} items`,
      })
      .optional(),
    store_id: storeIdSchema.optional(),
  })
  .superRefine((value, context) => uniqueProducts(value.items ?? [], context, 'items'));
export type ReceiveStockTransferInput = z.infer<typeof receiveStockTransferSchema>;

/** POST /stock-transfers/{id}/cancel: nothing but the super_admin's store_id. */
export const cancelStockTransferSchema = z.object({ store_id: storeIdSchema.optional() });

/** GET /stock-transfers: one side of the store's transfers, newest first, paged. */
export const stockTransferListQuerySchema = pageQuerySchema.extend({
  direction: z
    .enum(TRANSFER_DIRECTIONS, { error: 'Direction must be incoming or outgoing' })
    .default('incoming'),
  status: z
    .enum(TRANSFER_STATUSES, { error: 'Status must be in_transit, received or cancelled' })
    .optional(),
  store_id: storeIdSchema.optional(),
});
export type StockTransferListQuery = z.infer<typeof stockTransferListQuerySchema>;

export const stockTransferParamsSchema = z.object({ id: idSchema('Invalid transfer') });

const storeRef = z.object({ id: z.number().int(), name: z.string() });
const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const stockTransferItemSchema = z.object({
  id: z.number().int(),
  /** The sender's product (null once deleted there). */
  product_id: z.number().int().nullable(),
  /** The destination's product the line entered (null until received). */
  to_product_id: z.number().int().nullable(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit_type: z.enum(UNIT_TYPES),
  /** quantity in pieces, at the product's pack size when sent. */
  pieces: z.number().int(),
  /** What arrived, in the line's unit and in pieces (null until received). */
  received_quantity: z.number().int().nullable(),
  received_pieces: z.number().int().nullable(),
  /** received_pieces − pieces (null until received): negative when short. */
  difference_pieces: z.number().int().nullable(),
  /** The sender's buying price of one piece when sent (the delivery note's value). */
  piece_buying_price: z.number(),
});
export type StockTransferItem = z.infer<typeof stockTransferItemSchema>;

export const stockTransferSchema = z.object({
  id: z.number().int(),
  from_store_id: z.number().int(),
  to_store_id: z.number().int(),
  from_store: storeRef,
  to_store: storeRef,
  status: z.enum(TRANSFER_STATUSES),
  note: z.string(),
  sent_by: person,
  sent_at: z.string(),
  received_by: person,
  received_at: z.string().nullable(),
  cancelled_by: person,
  cancelled_at: z.string().nullable(),
  items: z.array(stockTransferItemSchema),
  /** Σ pieces sent, Σ difference_pieces once received (0 before). */
  total_pieces: z.number().int(),
  total_difference_pieces: z.number().int(),
});
export type StockTransfer = z.infer<typeof stockTransferSchema>;

export const stockTransferResponseSchema = z.object({
  success: z.literal(true),
  data: stockTransferSchema,
});
export const stockTransferListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(stockTransferSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
