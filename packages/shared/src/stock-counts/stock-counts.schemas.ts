/**
 * Stock counts (issue 25). A manager starts a count of the whole store or of some categories
 * (one open count per store at a time). Staff count on their phones: each line is a product's
 * counted quantity in any unit, and its expected pieces are the product's stock at the moment
 * the line was counted — a later count of the same product replaces the earlier, with a fresh
 * expected. Sales go on meanwhile. Finishing posts, per counted product, a 'count' movement of
 * counted − expected (so what sold after the line was counted still counts), optionally sets
 * the products of the count's scope that nobody counted to zero, and freezes the variance
 * report: a finished count is final (409).
 *
 *   difference_pieces = counted_pieces − expected_pieces
 *   difference_value  = difference_pieces × the product's buying price of one piece
 *
 * (negative: shrinkage). The buying price of one piece is the piece buying price, or else the
 * pack's over its pack size, or the dozen's over 12, whichever is set first.
 */
import { z } from 'zod';
import { idSchema } from '../api/primitives';
import { UNIT_TYPES } from '../money/units';
import { QUANTITY_MAX } from '../products/products.schemas';
import { pageQuerySchema } from '../sales/sales.schemas';
import { storeIdSchema } from '../stores/stores.schemas';

export const COUNT_STATUSES = ['open', 'finished'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];

export const COUNT_CATEGORIES_MAX = 100;
export const COUNT_LINES_MAX = 500;

export const COUNT_MESSAGES = {
  /** 409 on POST /stock-counts. */
  alreadyOpen: 'A stock count is already open',
  /** 409 on lines or finish of a finished count. */
  finished: 'This count is already finished',
  notFound: 'Stock count not found',
  /** 400 on lines[i].product_id: not the store's, or outside the count's categories. */
  notInCount: 'This product is not in the count',
  /** 400 on lines[i].product_id: a service has no stock to count. */
  service: 'A service has no stock to count',
  duplicate: 'Each product may be listed once',
  /** 400 on category_ids[i]: not a category of the store. */
  categoryNotFound: 'Category not found',
} as const;

/** POST /stock-counts: the whole store (no category_ids), or the products of these categories. */
export const createStockCountSchema = z.object({
  category_ids: z
    .array(idSchema('Invalid category'), { error: 'Categories must be a list' })
    // Left out for the whole store; a list names at least one category.
    .min(1, { error: 'Choose at least one category, or leave them out to count the whole store' })
    .max(COUNT_CATEGORIES_MAX, {
      error: `A count covers at most ${COUNT_CATEGORIES_MAX} categories`,
    })
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'Each category may be listed once',
    })
    .optional(),
  store_id: storeIdSchema.optional(),
});
export type CreateStockCountInput = z.infer<typeof createStockCountSchema>;

export const countLineInputSchema = z.object({
  product_id: idSchema('Product is required.'),
  counted_quantity: z
    .number({ error: 'Counted quantity must be a whole number' })
    .int({ error: 'Counted quantity must be a whole number' })
    .min(0, { error: 'Counted quantity cannot be negative' })
    .max(QUANTITY_MAX, {
      error: `Counted quantity must be at most ${QUANTITY_MAX.toLocaleString('en-KE')}`,
    }),
  unit_type: z.enum(UNIT_TYPES, { error: 'Unit is required.' }),
});
export type CountLineInput = z.infer<typeof countLineInputSchema>;

/** PUT /stock-counts/{id}/lines: each product once; a product counted before is replaced. */
export const stockCountLinesSchema = z
  .object({
    lines: z
      .array(countLineInputSchema, { error: 'At least one line is required' })
      .min(1, { error: 'At least one line is required' })
      .max(COUNT_LINES_MAX, { error: `At most ${COUNT_LINES_MAX} lines at a time` }),
    store_id: storeIdSchema.optional(),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.lines.forEach((line, index) => {
      if (seen.has(line.product_id)) {
        context.addIssue({
          code: 'custom',
          path: ['lines', index, 'product_id'],
          message: COUNT_MESSAGES.duplicate,
        });
      }
      seen.add(line.product_id);
    });
  });
export type StockCountLinesInput = z.infer<typeof stockCountLinesSchema>;

/** POST /stock-counts/{id}/finish. */
export const finishStockCountSchema = z.object({
  zero_uncounted: z.boolean({ error: 'Zero uncounted must be true or false' }).default(false),
  store_id: storeIdSchema.optional(),
});
export type FinishStockCountInput = z.infer<typeof finishStockCountSchema>;

export const stockCountListQuerySchema = pageQuerySchema.extend({
  status: z.enum(COUNT_STATUSES, { error: 'Status must be open or finished' }).optional(),
  store_id: storeIdSchema.optional(),
});
export type StockCountListQuery = z.infer<typeof stockCountListQuerySchema>;

export const stockCountParamsSchema = z.object({ id: idSchema('Invalid stock count') });

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** One product's line of a count (a zeroed uncounted product: counted 0, counted_by null). */
export const stockCountLineSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** The unit and quantity as counted (piece and 0 for a zeroed uncounted product). */
  unit_type: z.enum(UNIT_TYPES),
  counted_quantity: z.number().int(),
  counted_pieces: z.number().int(),
  /** The product's stock when the line was counted (when zeroed: when the count finished). */
  expected_pieces: z.number().int(),
  difference_pieces: z.number().int(),
  /** difference_pieces at the buying price of one piece, in shillings (negative: shrinkage). */
  difference_value: z.number(),
  counted_by: person,
  counted_at: z.string().nullable(),
});
export type StockCountLine = z.infer<typeof stockCountLineSchema>;

export const stockCountSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  status: z.enum(COUNT_STATUSES),
  /** null: the whole store. */
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })).nullable(),
  zero_uncounted: z.boolean(),
  started_by: person,
  started_at: z.string(),
  finished_by: person,
  finished_at: z.string().nullable(),
  /** Goods products in the count's scope, and how many of them have a line so far. */
  products_in_scope: z.number().int(),
  lines_counted: z.number().int(),
  /** Σ difference_value of the lines (so far, while open; final once finished). */
  total_difference_value: z.number(),
});
export type StockCount = z.infer<typeof stockCountSchema>;

/** GET /stock-counts/{id} and the finish's answer: the count with its lines, by name. */
export const stockCountDetailSchema = stockCountSchema.extend({
  lines: z.array(stockCountLineSchema),
});
export type StockCountDetail = z.infer<typeof stockCountDetailSchema>;

export const stockCountResponseSchema = z.object({
  success: z.literal(true),
  data: stockCountSchema,
});
export const stockCountDetailResponseSchema = z.object({
  success: z.literal(true),
  data: stockCountDetailSchema,
});
/** PUT …/lines answers the lines it wrote, as stored (expected taken now). */
export const stockCountLinesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(stockCountLineSchema),
});
export const stockCountListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(stockCountSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
