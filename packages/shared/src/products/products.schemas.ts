/**
 * Products (spec §3 Product, §5 Product form) and their stock movements (PRODUCT.md §3).
 *
 * Money: requests take each price as a JSON number or a decimal string ("120", "120.5",
 * 120.50); it is read exactly into integer cents (money/money.ts). Responses carry every price
 * as a JSON number with at most two decimals (120.5 is KSh 120.50), the form the web app's
 * forms and cart already hold; read it with `toCents` before any arithmetic.
 *
 * Stock: kept in whole pieces on the server. `quantity` is whole units of the product's
 * `stock_unit` (piece 1, dozen 12, pack `pack_size`), written and reported that way; a product
 * tracked in packs of 6 holding 18 pieces reports quantity 3. `stock_pieces` is the exact
 * count, answered to staff and shoppers alike (the shop shows stock as on the shelf).
 */
import { z } from 'zod';
import { idSchema, MONEY_MAX_CENTS, moneySchema, textSchema } from '../api/primitives';
import { UNIT_TYPES } from '../money/units';
import { DEFAULT_TAX_TYPE, TAX_TYPES, taxTypeSchema } from '../tax/tax';

/** The highest price accepted: KSh 10,000,000.00, the most any money field holds. */
export const PRICE_MAX_CENTS = MONEY_MAX_CENTS;
/** The most units a quantity, minimum or pack size may name. */
export const QUANTITY_MAX = 1_000_000;
export const PACK_SIZE_MAX = 10_000;
/** Stock kept in pieces fits a PostgreSQL integer with room to spare. */
export const STOCK_PIECES_MAX = 1_000_000_000;
export const PAGE_SIZE_MAX = 100;

const required = (field: string) => `Please fill the required field: ${field}`;

/** A price: a number or a decimal string, 0..10,000,000 with two decimals → integer cents. */
export function priceSchema(field: string) {
  return moneySchema({
    messages: {
      required: required(field),
      invalid: `${field} must be a number of shillings with at most 2 decimals`,
      negative: `${field} cannot be negative`,
      tooLarge: `${field} must be at most 10,000,000`,
    },
  });
}

/** A whole count (quantity, min_quantity, pack_size): a JSON integer in `min..max`. */
function countSchema(field: string, min: number, max: number) {
  return z
    .number({ error: required(field) })
    .int({ error: `${field} must be a whole number` })
    .min(min, {
      error: min === 0 ? `${field} cannot be negative` : `${field} must be at least ${min}`,
    })
    .max(max, { error: `${field} must be at most ${max.toLocaleString('en-KE')}` });
}

/**
 * What a product is (issue 20): goods, kept in stock; or a service (the delivery among them),
 * which has no stock and no movements, sells without stock and is not a product in the reports.
 */
export const PRODUCT_KINDS = ['goods', 'service'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const productKindSchema = z.enum(PRODUCT_KINDS, {
  error: 'Kind must be goods or service',
});

export const stockUnitSchema = z.enum(UNIT_TYPES, {
  error: 'Stock unit must be one of piece, pack, dozen',
});

/** The product fields a request may write, each with its rule (no defaults: see below). */
const productFields = {
  name: textSchema({ label: 'Name', min: 1, max: 200 }),
  description: textSchema({ label: 'Description', max: 2000, multiline: true }),
  sku: textSchema({ label: 'SKU', min: 1, max: 64, messages: { required: required('SKU') } }),
  barcode: textSchema({ label: 'Barcode', max: 64 }),
  category_id: idSchema(required('Category')),
  piece_buying_price: priceSchema('Piece Buying Price'),
  piece_selling_price: priceSchema('Piece Selling Price'),
  pack_buying_price: priceSchema('Pack Buying Price'),
  pack_selling_price: priceSchema('Pack Selling Price'),
  dozen_buying_price: priceSchema('Dozen Buying Price'),
  dozen_selling_price: priceSchema('Dozen Selling Price'),
  quantity: countSchema('Quantity', 0, QUANTITY_MAX),
  min_quantity: countSchema('Min Quantity', 0, QUANTITY_MAX),
  pack_size: countSchema('Pack Size', 1, PACK_SIZE_MAX),
  stock_unit: stockUnitSchema,
  is_active: z.boolean({ error: 'Active must be true or false' }),
  // Changing it is for managers and admins (403 for a cashier).
  kind: productKindSchema,
  /** Issue 26: the KRA tax letter (A Exempt, B VAT 16%, C Zero-rated, D Non-VAT, E VAT 8%). */
  tax_type: taxTypeSchema,
};

/**
 * POST /products. Required as the form requires them (spec §5): name, sku, category, the six
 * prices, quantity and min_quantity. Optional with defaults: description and barcode (empty),
 * pack_size 1, stock_unit 'piece', is_active true. `Category` sent by the form is ignored
 * (unknown fields are stripped). Photos travel as multipart/form-data: see PRODUCT_IMAGES_MAX.
 */
export const createProductSchema = z.object({
  ...productFields,
  description: productFields.description.default(''),
  barcode: productFields.barcode.default(''),
  pack_size: productFields.pack_size.default(1),
  stock_unit: productFields.stock_unit.default('piece'),
  is_active: productFields.is_active.default(true),
  kind: productFields.kind.default('goods'),
  tax_type: productFields.tax_type.default(DEFAULT_TAX_TYPE),
});
export type CreateProductInput = z.infer<typeof createProductSchema>;

/** Why a manager changed stock outside a sale, an order or a purchase order (issue 20). */
export const STOCK_REASONS = ['count', 'damage', 'theft', 'correction'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
/** The reason of a stock change sent without one. */
export const DEFAULT_STOCK_REASON: StockReason = 'correction';

/**
 * PUT /products/{id}: any subset of the fields; photos sent with it (multipart) are added after
 * the product's existing ones. A `quantity` is read in the stock unit the
 * product has after the update; the same unit and the same quantity as reported leave the
 * exact pieces untouched, anything else sets the stock and records an 'adjustment' whose
 * reason is `stock_reason` ('correction' when not sent; ignored when the stock stays). Prices,
 * quantity and kind are a manager's to change (auth/product-changes.ts): a cashier's change of
 * them is 403.
 */
export const updateProductSchema = z
  .object({
    ...productFields,
    stock_reason: z.enum(STOCK_REASONS, {
      error: 'Stock reason must be one of count, damage, theft, correction',
    }),
  })
  .partial();
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

/**
 * Photos (issue 6). POST and PUT /products also take `multipart/form-data`: the text fields
 * named like the JSON fields, each a string ("12.50", "true"), read by `productFieldsFromForm`
 * and then validated by the same schemas; files in the repeatable field `images`. Each file is
 * checked by decoding it (JPEG, PNG, WebP, GIF, AVIF), turned upright, and kept as WebP (longest
 * side ≤ 1600 px) with a thumbnail (≤ 240 px). PUT adds to the existing photos;
 * DELETE /products/{id}/images/{imageId} removes one.
 */
export const PRODUCT_IMAGES_FIELD = 'images';
export const PRODUCT_IMAGES_MAX = 8;
export const PRODUCT_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_MESSAGES = {
  tooLarge: 'Each image must be 5 MB or smaller',
  tooMany: `A product can have at most ${PRODUCT_IMAGES_MAX} images`,
  notAnImage: 'Only image files are allowed',
} as const;

const COUNT_FIELDS = ['quantity', 'min_quantity', 'pack_size'] as const;
const NUMBER_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/;

/**
 * The text fields of a multipart product form (every value a string) in the JSON shape:
 * counts that read as numbers become numbers, 'true'/'false' booleans. Anything else stays as
 * sent, so the schema refuses it with the message a JSON body would get.
 */
export function productFieldsFromForm(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...fields };
  for (const field of COUNT_FIELDS) {
    const value = body[field];
    if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) body[field] = Number(value);
  }
  if (body.is_active === 'true') body.is_active = true;
  else if (body.is_active === 'false') body.is_active = false;
  return body;
}

const pageSchema = idSchema('Page must be a whole number of at least 1').default(1);
const pageSizeSchema = idSchema(`Page size must be between 1 and ${PAGE_SIZE_MAX}`)
  .refine((value) => value <= PAGE_SIZE_MAX, {
    error: `Page size must be between 1 and ${PAGE_SIZE_MAX}`,
  })
  .default(20);

/** GET /products?q&category_id&page&pageSize&low_stock&count_needed&active */
export const productListQuerySchema = z.object({
  q: textSchema({ label: 'Search', max: 100 }).optional(),
  category_id: idSchema('Invalid category').optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  // Products whose quantity is below their min_quantity.
  low_stock: z.enum(['true', 'false'], { error: 'low_stock must be true or false' }).optional(),
  // Issue 22: products whose stock went below zero (offline sales the shelf could not cover),
  // for a manager to count.
  count_needed: z
    .enum(['true', 'false'], { error: 'count_needed must be true or false' })
    .optional(),
  // Active (true) or inactive (false) products only: /shop shows staff what a shopper sees.
  active: z.enum(['true', 'false'], { error: 'active must be true or false' }).optional(),
  // Goods or services only: the till and the shop list goods; the till finds its delivery.
  kind: productKindSchema.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** GET /products/search?q= — at most 20 results, exact barcode or SKU first. */
export const productSearchQuerySchema = z.object({
  q: textSchema({ label: 'Search', max: 100 }).default(''),
});

/** GET /products/{id}/movements?page&pageSize */
export const movementListQuerySchema = z.object({ page: pageSchema, pageSize: pageSizeSchema });

const productCategorySchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A stored photo: the full image (≤ 1600 px) and its thumbnail (≤ 240 px), both WebP. */
export const productImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbnail_url: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** What a shopper (role user) may see of a product: selling prices only (PRODUCT.md §1). */
export const shopperProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  category_id: z.number().int().nullable(),
  Category: productCategorySchema,
  piece_selling_price: z.number(),
  pack_selling_price: z.number(),
  dozen_selling_price: z.number(),
  quantity: z.number().int(),
  /** The exact stock in pieces: `quantity` whole units and the pieces left over. */
  stock_pieces: z.number().int(),
  pack_size: z.number().int(),
  stock_unit: stockUnitSchema,
  /** The first photo's full image, or null. */
  image_url: z.string().nullable(),
  /** The first photo's thumbnail (grids and lists), or null. */
  thumbnail_url: z.string().nullable(),
  /** Every photo, in the order they were added. */
  images: z.array(productImageSchema),
  is_active: z.boolean(),
  kind: productKindSchema,
});
export type ShopperProduct = z.infer<typeof shopperProductSchema>;

/** A product as staff see it. */
export const productSchema = shopperProductSchema.extend({
  tax_type: z.enum(TAX_TYPES),
  piece_buying_price: z.number(),
  pack_buying_price: z.number(),
  dozen_buying_price: z.number(),
  min_quantity: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({
  data: z.array(z.union([productSchema, shopperProductSchema])),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const shopperProductListResponseSchema = productListResponseSchema.extend({
  data: z.array(shopperProductSchema),
});
export const productSearchResponseSchema = z.object({
  data: z.array(z.union([productSchema, shopperProductSchema])),
});
export const shopperProductSearchResponseSchema = z.object({
  data: z.array(shopperProductSchema),
});
export const productResponseSchema = z.object({
  success: z.literal(true),
  data: z.union([productSchema, shopperProductSchema]),
});
export const shopperProductResponseSchema = z.object({
  success: z.literal(true),
  data: shopperProductSchema,
});
/** DELETE /products/{id}/images/{imageId} */
export const productImageParamsSchema = z.object({
  id: idSchema(),
  imageId: idSchema(),
});
export const productImageDeleteResponseSchema = z.object({ success: z.literal(true) });

export const productDeleteResponseSchema = z.object({
  success: z.literal(true),
  // True when the product has stock history and was deactivated instead of deleted.
  deactivated: z.boolean(),
});

export const MOVEMENT_REASONS = [
  'initial',
  'adjustment',
  'import',
  'purchase_order',
  'sale',
  'order',
  // Issue 24: goods a customer brought back, restocked.
  'return',
  // Issue 25: stock sent to another store of the chain, received from one, back at the sender
  // when a transfer in transit is cancelled, and a stock count's correction.
  'transfer_out',
  'transfer_in',
  'transfer_cancel',
  'count',
] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

/** One stock change, in pieces, with why, who and when. */
export const stockMovementSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  change_pieces: z.number().int(),
  reason: z.enum(MOVEMENT_REASONS),
  /** Why an 'adjustment' was made (null for every other movement and older adjustments). */
  adjustment_reason: z.enum(STOCK_REASONS).nullable(),
  reference: z.string().nullable(),
  /** Issue 25: a transfer's movement names the other store (null for every other movement). */
  other_store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  User: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const movementListResponseSchema = z.object({
  data: z.array(stockMovementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
