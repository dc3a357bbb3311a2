/**
 * The product form (spec §5 Product form) as data: what its inputs hold, how that is checked
 * with the shared contract (so the form and the server say the same words: 'Please fill the
 * required field: SKU', 'Name is required'), and what is sent — JSON when no photo is chosen,
 * multipart with the same field names when one is (spec §7).
 */
import { stockPiecesAfter } from '@duka/shared/auth/product-changes';
import { centsToDecimal, toCents } from '@duka/shared/money/money';
import type { UnitType } from '@duka/shared/money/units';
import {
  createProductSchema,
  PRODUCT_IMAGES_FIELD,
  STOCK_REASONS,
  type CreateProductInput,
  type StockReason,
  type ProductKind,
} from '@duka/shared/products/products.schemas';
import { DEFAULT_TAX_TYPE, type TaxType } from '@duka/shared/tax/tax';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { InventoryProduct } from './product-types';

export const PRICE_FIELDS = [
  'piece_buying_price',
  'piece_selling_price',
  'pack_buying_price',
  'pack_selling_price',
  'dozen_buying_price',
  'dozen_selling_price',
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

type CountField = 'quantity' | 'min_quantity' | 'pack_size';

/**
 * What the inputs hold: numbers as typed text, so a half-typed "12." or an emptied field stays
 * as the person left it (and a draft restores it exactly).
 */
export type ProductFormValues = Record<PriceField | CountField, string> & {
  name: string;
  description: string;
  sku: string;
  barcode: string;
  category_id: string;
  stock_unit: UnitType;
  is_active: boolean;
  /** Why the stock changed (issue 20): asked of a manager when an edit changes the stock. */
  stock_reason: StockReason | '';
  /** Kept as the product has it, so an edit never turns a service into goods (issue 20). */
  kind: ProductKind;
  /** The KRA tax letter (issue 26); B for a new product. */
  tax_type: TaxType;
};

export type ProductFormField = keyof ProductFormValues;

/**
 * What is sent: the shared contract's fields, prices as decimal strings ("12.50"), and the
 * reason of a stock change when an edit changes the stock.
 */
export type ProductPayload = Omit<CreateProductInput, PriceField> &
  Record<PriceField, string> & { stock_reason?: StockReason };

/** Asked when an edit changes the stock and no reason was chosen (messages.json has it). */
export const STOCK_REASON_REQUIRED = 'Please choose a reason for the stock change';

const isStockReason = (value: string): value is StockReason =>
  (STOCK_REASONS as readonly string[]).includes(value);

/** Spec §3 form defaults; for a new inventory product min_quantity is 5. */
export function emptyProductForm(categoryId: string): ProductFormValues {
  return {
    name: '',
    description: '',
    sku: '',
    barcode: '',
    category_id: categoryId,
    piece_buying_price: '0',
    piece_selling_price: '0',
    pack_buying_price: '0',
    pack_selling_price: '0',
    dozen_buying_price: '0',
    dozen_selling_price: '0',
    quantity: '0',
    min_quantity: '5',
    pack_size: '1',
    stock_unit: 'piece',
    is_active: true,
    stock_reason: '',
    kind: 'goods',
    tax_type: DEFAULT_TAX_TYPE,
  };
}

const priceText = (value: number) => centsToDecimal(toCents(value) ?? 0);

/** An existing product in the form's terms (the nested Category is dropped, spec §3). */
export function productToForm(product: InventoryProduct): ProductFormValues {
  const prices = Object.fromEntries(
    PRICE_FIELDS.map((field) => [field, priceText(product[field])]),
  ) as Record<PriceField, string>;
  return {
    name: product.name,
    description: product.description,
    sku: product.sku,
    barcode: product.barcode ?? '',
    category_id: product.category_id === null ? '' : String(product.category_id),
    ...prices,
    quantity: String(product.quantity),
    min_quantity: String(product.min_quantity),
    pack_size: String(product.pack_size),
    stock_unit: product.stock_unit,
    is_active: product.is_active,
    stock_reason: '',
    kind: product.kind,
    tax_type: product.tax_type,
  };
}

/** An emptied number field is missing (→ 'Please fill the required field: …'), not 0. */
function count(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

export type ProductFormResult =
  | { ok: true; payload: ProductPayload }
  | { ok: false; errors: Partial<Record<ProductFormField, string>> };

/**
 * True when saving the edit would change the product's stock (the quantity sent, read in the
 * unit after the edit, leaves other pieces than it has): the form then asks why.
 */
export function editChangesStock(
  product: InventoryProduct,
  values: Pick<ProductFormValues, 'quantity' | 'stock_unit' | 'pack_size'>,
): boolean {
  const quantity = count(values.quantity);
  const packSize = count(values.pack_size);
  if (quantity === undefined || !Number.isInteger(quantity) || quantity < 0) return false;
  if (packSize === undefined || !Number.isInteger(packSize) || packSize < 1) return false;
  // Only what differs is sent (changedProductFields): a quantity left as it was is not.
  if (quantity === product.quantity) return false;
  const after = stockPiecesAfter(product, {
    quantity,
    stock_unit: values.stock_unit,
    pack_size: packSize,
  });
  return after !== product.stock_pieces;
}

/**
 * Checks the form with the shared create contract; the first message of each field. Editing
 * `product`, a change of its stock needs a reason (issue 20), which then goes with the payload.
 */
export function validateProductForm(
  values: ProductFormValues,
  product: InventoryProduct | null = null,
): ProductFormResult {
  const result = createProductSchema.safeParse({
    ...values,
    category_id: values.category_id === '' ? undefined : values.category_id,
    quantity: count(values.quantity),
    min_quantity: count(values.min_quantity),
    pack_size: count(values.pack_size),
  });
  if (!result.success) {
    const errors: Partial<Record<ProductFormField, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ProductFormField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const prices = Object.fromEntries(
    PRICE_FIELDS.map((field) => [field, centsToDecimal(result.data[field])]),
  ) as Record<PriceField, string>;
  const payload: ProductPayload = { ...result.data, ...prices };
  if (product && editChangesStock(product, values)) {
    if (!isStockReason(values.stock_reason)) {
      return { ok: false, errors: { stock_reason: STOCK_REASON_REQUIRED } };
    }
    payload.stock_reason = values.stock_reason;
  }
  return { ok: true, payload };
}

/**
 * react-hook-form's resolver for adding (null) or editing `product`: messages under each
 * field, the payload on success.
 */
export function productFormResolver(
  product: InventoryProduct | null,
): Resolver<ProductFormValues, unknown, ProductPayload> {
  return (values) => {
    const result = validateProductForm(values, product);
    if (result.ok) return { values: result.payload, errors: {} };
    const errors: FieldErrors<ProductFormValues> = {};
    for (const [field, message] of Object.entries(result.errors)) {
      errors[field as ProductFormField] = { type: 'validation', message };
    }
    return { values: {}, errors };
  };
}

function sameValue(product: InventoryProduct, field: string, value: unknown) {
  // Sent only with a stock change, and then always.
  if (field === 'stock_reason') return false;
  if ((PRICE_FIELDS as readonly string[]).includes(field)) {
    return toCents(value) === toCents(product[field as PriceField]);
  }
  if (field === 'barcode') return value === (product.barcode ?? '');
  return value === product[field as keyof InventoryProduct];
}

/**
 * Only what changed goes to PUT /products/{id}. An untouched quantity is left out, so an edit
 * of the price never rounds away pieces sold singly.
 */
export function changedProductFields(
  product: InventoryProduct,
  payload: ProductPayload,
): Partial<ProductPayload> {
  return Object.fromEntries(
    Object.entries(payload).filter(([field, value]) => !sameValue(product, field, value)),
  );
}

/**
 * Spec §7: JSON when no photo is chosen; multipart otherwise, every field as text ("12.50",
 * "true") and each photo in the repeatable field `images`.
 */
export function productRequestBody(
  payload: Partial<ProductPayload>,
  photos: readonly File[],
): Partial<ProductPayload> | FormData {
  if (photos.length === 0) return payload;
  const form = new FormData();
  for (const [field, value] of Object.entries(payload)) {
    if (value !== undefined) form.append(field, String(value));
  }
  for (const photo of photos) form.append(PRODUCT_IMAGES_FIELD, photo);
  return form;
}

/** Spec §8: a save message naming the SKU means a duplicate SKU. */
export function isSkuConflict(message: string): boolean {
  return message.includes('SKU');
}
