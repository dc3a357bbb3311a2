/**
 * The offline till (issue 22): what a device keeps, and how it catches up and uploads.
 *
 * - A sale made on the device carries `client_sale_id` (a UUID made there, also sent as the
 *   Idempotency-Key), `sold_at` (the device's time, ISO 8601 with offset) and `offline: true`
 *   (sales/sales.schemas.ts). The client id is unique per store: sending it again answers the
 *   first sale and creates nothing; the same id with a different body is 409.
 * - POST /sales/sync uploads up to 100 such sales in one request; each gets its own result in
 *   the order sent, so one refused sale never stops the others.
 * - GET /sync/products and GET /sync/customers page through every row changed after a cursor
 *   (deactivated and deleted ones included), so a device downloads the store once and then only
 *   what changed. The cursor is opaque to the client: built from transaction ids, never a
 *   clock, so a row written while a device pages is never skipped (decisions/0012).
 * - POST /sync/devices gives a device its number in the store, for receipts numbered on the
 *   device (T3-0042) while it is offline.
 */
import { z } from 'zod';
import { idSchema, textSchema } from '../api/primitives';
import { stockUnitSchema, productKindSchema } from '../products/products.schemas';

/** Most sales in one POST /sales/sync. */
export const SYNC_SALES_MAX = 100;
/** Most rows in one page of GET /sync/products or /sync/customers. */
export const SYNC_PAGE_MAX = 5000;
export const SYNC_PAGE_DEFAULT = 1000;
/** A device's clock may run this far ahead of the server's before `sold_at` is refused. */
export const SOLD_AT_FUTURE_MAX_MS = 5 * 60 * 1000;
/** How old an offline sale may be when it arrives, unless the store sets otherwise. */
export const OFFLINE_MAX_AGE_DAYS_DEFAULT = 30;
export const OFFLINE_MAX_AGE_DAYS_MAX = 365;

/** A UUID made on the device (any version; crypto.randomUUID() makes v4). */
export function clientIdSchema(label: string) {
  return z
    .string({ error: `${label} must be a UUID` })
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, {
      error: `${label} must be a UUID`,
    })
    .transform((value) => value.toLowerCase());
}

/** When an offline sale was made: ISO 8601 with an offset (Z or ±hh:mm). */
export const soldAtSchema = z.iso.datetime({
  offset: true,
  error: 'Sold at must be a date and time with an offset, e.g. 2026-11-26T14:05:00+03:00',
});

/** The receipt number a device gives a sale it made: T<device number>-<its count, 4 digits or more>. */
export const DEVICE_RECEIPT_NUMBER = /^T\d{1,6}-\d{4,9}$/;
export const deviceReceiptNumberSchema = z
  .string({ error: 'Receipt number must look like T3-0042' })
  .regex(DEVICE_RECEIPT_NUMBER, { error: 'Receipt number must look like T3-0042' });

/**
 * What made an offline sale need review: a product the shelf could not cover, or a product
 * deactivated after the device last caught up (the goods left the shop; a deleted one is refused).
 */
export const REVIEW_REASON_KINDS = ['insufficient_stock', 'inactive_product'] as const;
export type ReviewReasonKind = (typeof REVIEW_REASON_KINDS)[number];

/** Why an offline sale needs a manager's review, one product at a time. */
export const reviewReasonSchema = z.object({
  kind: z.enum(REVIEW_REASON_KINDS),
  product_id: z.number().int(),
  product_name: z.string(),
  /**
   * 'Insufficient stock for {name}', as an online sale would have been refused, or
   * '{name} is no longer sold'.
   */
  message: z.string(),
  /** The product's stock in pieces just before this sale, and what the sale took. */
  stock_pieces_before: z.number().int(),
  pieces: z.number().int(),
});
export type ReviewReason = z.infer<typeof reviewReasonSchema>;

/**
 * POST /sales/sync: each item is checked on its own (a bad one is refused with the message, the
 * others go on), so the batch schema only asks for a list of objects with a client id.
 */
export const syncSaleItemSchema = z.looseObject({
  client_sale_id: clientIdSchema('Client sale id'),
});
export const syncSalesSchema = z.object({
  /**
   * Whose sales these are (the person who made them on the device). Given, the request is
   * refused as a whole (409 sale.sync_other_user, nothing written) when the session is someone
   * else's — a tab that still shows the person while another tab signed someone else in carries
   * the other's cookie — so a sale is never recorded as another person's.
   */
  user_id: idSchema('User id must be a whole number').optional(),
  sales: z
    .array(syncSaleItemSchema, { error: 'Sales must be a list' })
    .min(1, { error: 'Send at least one sale' })
    .max(SYNC_SALES_MAX, { error: `Send at most ${SYNC_SALES_MAX} sales at a time` }),
});
export const SYNC_RESULT_STATUSES = ['created', 'replayed', 'refused'] as const;
export type SyncResultStatus = (typeof SYNC_RESULT_STATUSES)[number];
export const syncSaleResultSchema = z.object({
  client_sale_id: z.string(),
  status: z.enum(SYNC_RESULT_STATUSES),
  sale_id: z.number().int().optional(),
  /** Why it was refused: the error's message, with its field when there is one. */
  message: z.string().optional(),
  field: z.string().optional(),
  /** The HTTP status the same sale would have had alone (400, 404, 409…), when refused. */
  code: z.number().int().optional(),
});
export type SyncSaleResult = z.infer<typeof syncSaleResultSchema>;
export const syncSalesResponseSchema = z.object({ results: z.array(syncSaleResultSchema) });

/**
 * The cursor a delta answer gives, sent back as `since`: opaque to the device, which stores it
 * and never builds one. (The server's form: the snapshot's oldest running transaction, and while
 * paging the last transaction and id answered — decisions/0012 "Sync protocol".)
 */
export const SYNC_CURSOR = /^\d{1,20}(-\d{1,20}-\d{1,10})?$/;

/** GET /sync/products and /sync/customers: no cursor = everything. */
export const syncQuerySchema = z.object({
  since: z
    .string({ error: 'Cursor is not valid' })
    .regex(SYNC_CURSOR, { error: 'Cursor is not valid' })
    .optional(),
  limit: idSchema(`Limit must be a whole number from 1 to ${SYNC_PAGE_MAX}`)
    .refine((value) => value <= SYNC_PAGE_MAX, {
      error: `Limit must be a whole number from 1 to ${SYNC_PAGE_MAX}`,
    })
    .default(SYNC_PAGE_DEFAULT),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

/** A product as the till keeps it on the device: selling prices only. */
export const syncProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  piece_selling_price: z.number(),
  pack_selling_price: z.number(),
  dozen_selling_price: z.number(),
  pack_size: z.number().int(),
  stock_unit: stockUnitSchema,
  quantity: z.number().int(),
  stock_pieces: z.number().int(),
  is_active: z.boolean(),
  kind: productKindSchema,
  thumbnail_url: z.string().nullable(),
});
export type SyncProduct = z.infer<typeof syncProductSchema>;

export const syncProductsResponseSchema = z.object({
  products: z.array(syncProductSchema),
  /** Products deleted after the cursor (archived ones come in `products`, is_active false). */
  deleted: z.array(z.number().int()),
  cursor: z.string(),
  has_more: z.boolean(),
});

/** A customer as the till keeps it on the device. */
export const syncCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  is_walk_in: z.boolean(),
  loyalty_points: z.number().int(),
  balance: z.number(),
  credit_limit: z.number().nullable(),
});
export type SyncCustomer = z.infer<typeof syncCustomerSchema>;

export const syncCustomersResponseSchema = z.object({
  customers: z.array(syncCustomerSchema),
  /** Customers archived or deleted after the cursor. */
  deleted: z.array(z.number().int()),
  cursor: z.string(),
  has_more: z.boolean(),
});

/** POST /sync/devices: the device's own id (made once, kept on it) gets its number in the store. */
export const registerDeviceSchema = z.object({
  device_id: clientIdSchema('Device id'),
  /** What the device calls itself ("Till by the door"), for the managers' list; optional. */
  label: textSchema({ label: 'Device name', max: 60 }).optional(),
});
export const deviceResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ device_id: z.string(), number: z.number().int() }),
});

/** POST /sales/{id}/review: a manager marks an offline sale that needs review as reviewed. */
export const saleReviewSchema = z
  .object({ note: textSchema({ label: 'Note', max: 500, multiline: true }).optional() })
  .default({});
