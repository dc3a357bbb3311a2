/**
 * The 'Create Purchase Order' form's rules (spec §5 Purchase order), kept out of the
 * components so each rule can be read and tested on its own: a product is added once, a
 * product without a stock unit is refused, changing an item's unit swaps its prices, a blank
 * item needs the earlier ones complete, and "below minimum" fills a supplier's products.
 * Amounts are added up in integer cents (PRODUCT.md §3).
 */
import { centsToDecimal, toCents } from '@duka/shared/money/money';
import { isUnitType, type UnitType } from '@duka/shared/money/units';
import type { Product } from '@duka/shared/products/products.schemas';
import { createPurchaseOrderSchema } from '@duka/shared/purchase-orders/purchase-orders.schemas';
import type { z } from 'zod';

/** What the form needs of a product. The stock unit may be missing on an old record. */
export type OrderProduct = Pick<
  Product,
  | 'id'
  | 'name'
  | 'sku'
  | 'quantity'
  | 'min_quantity'
  | 'piece_buying_price'
  | 'piece_selling_price'
  | 'pack_buying_price'
  | 'pack_selling_price'
  | 'dozen_buying_price'
  | 'dozen_selling_price'
> & { stock_unit?: UnitType | null };

/** One item row as typed: numbers stay text until the order is sent. */
export interface DraftItem {
  key: number;
  /** null for a blank row added with 'Add Item'. */
  product: OrderProduct | null;
  unit_type: UnitType | '';
  quantity: string;
  buying_price: string;
  selling_price: string;
}

export interface DraftOrder {
  supplier_id: string;
  expected_delivery_date: string;
  notes: string;
  items: DraftItem[];
}

export const emptyDraft = (): DraftOrder => ({
  supplier_id: '',
  expected_delivery_date: '',
  notes: '',
  items: [],
});

let nextKey = 1;

/** A price as the form shows it: '120.50'. */
const priceText = (price: number) => centsToDecimal(toCents(price) ?? 0);

/** The product's buying and selling price for one unit. */
export function pricesFor(
  product: OrderProduct,
  unit: UnitType,
): Pick<DraftItem, 'buying_price' | 'selling_price'> {
  return {
    buying_price: priceText(product[`${unit}_buying_price`]),
    selling_price: priceText(product[`${unit}_selling_price`]),
  };
}

export function blankItem(): DraftItem {
  return {
    key: nextKey++,
    product: null,
    unit_type: '',
    quantity: '1',
    buying_price: '',
    selling_price: '',
  };
}

/** An item for `product`, in its stock unit, at that unit's prices. */
export function itemForProduct(
  product: OrderProduct & { stock_unit: UnitType },
  quantity = 1,
): DraftItem {
  return {
    key: nextKey++,
    product,
    unit_type: product.stock_unit,
    quantity: String(quantity),
    ...pricesFor(product, product.stock_unit),
  };
}

export function hasStockUnit(
  product: OrderProduct,
): product is OrderProduct & { stock_unit: UnitType } {
  return isUnitType(product.stock_unit);
}

export function isAdded(items: readonly DraftItem[], productId: number): boolean {
  return items.some((item) => item.product?.id === productId);
}

export type AddProductResult =
  { ok: true; items: DraftItem[] } | { ok: false; reason: 'added' | 'noStockUnit' };

/**
 * Adds a product from the search results: into the first blank row when there is one, else
 * as a new row. Refused when it is already on the order ('Added') or has no stock unit.
 */
export function addProduct(items: readonly DraftItem[], product: OrderProduct): AddProductResult {
  if (isAdded(items, product.id)) return { ok: false, reason: 'added' };
  if (!hasStockUnit(product)) return { ok: false, reason: 'noStockUnit' };
  const item = itemForProduct(product);
  const blank = items.findIndex((row) => row.product === null);
  if (blank === -1) return { ok: true, items: [...items, item] };
  return { ok: true, items: items.map((row, index) => (index === blank ? item : row)) };
}

/** Changing the unit swaps both prices to the product's prices for that unit (spec §5). */
export function changeUnit(item: DraftItem, unit: UnitType): DraftItem {
  return item.product
    ? { ...item, unit_type: unit, ...pricesFor(item.product, unit) }
    : { ...item, unit_type: unit };
}

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/** Product, unit, a quantity above 0 and a buying price of 0 or more. */
export function isItemComplete(item: DraftItem): boolean {
  return (
    item.product !== null &&
    item.unit_type !== '' &&
    isNumber(item.quantity) &&
    Number(item.quantity) > 0 &&
    isNumber(item.buying_price) &&
    Number(item.buying_price) >= 0
  );
}

/** A blank row, only when every row above it is complete; null when it is not allowed. */
export function addBlankItem(items: readonly DraftItem[]): DraftItem[] | null {
  return items.every(isItemComplete) ? [...items, blankItem()] : null;
}

/**
 * The supplier's products that are below their minimum, each ordered up to it: quantity =
 * minimum − current stock (at least 1), in the product's stock unit. Products already on the
 * order or without a stock unit are left out.
 */
export function belowMinimumItems(
  products: readonly OrderProduct[],
  items: readonly DraftItem[],
): DraftItem[] {
  return products
    .filter((product) => product.quantity < product.min_quantity)
    .filter((product) => !isAdded(items, product.id))
    .filter(hasStockUnit)
    .map((product) =>
      itemForProduct(product, Math.max(1, product.min_quantity - product.quantity)),
    );
}

/** Adds `extra` to the order, dropping blank rows (they are what "fill" fills). */
export function withItems(items: readonly DraftItem[], extra: readonly DraftItem[]): DraftItem[] {
  return [...items.filter((item) => item.product !== null), ...extra];
}

/** quantity × buying price, in cents; 0 while either is not a number yet. */
export function lineTotalCents(item: DraftItem): number {
  const cents = toCents(item.buying_price.trim() === '' ? null : item.buying_price);
  const quantity = Number(item.quantity);
  if (cents === null || !Number.isFinite(quantity)) return 0;
  return Math.round(cents * quantity);
}

export function orderTotalCents(items: readonly DraftItem[]): number {
  return items.reduce((sum, item) => sum + lineTotalCents(item), 0);
}

/** Submit is enabled once a supplier, a date and at least one item are there (spec §5). */
export function canSubmit(draft: DraftOrder): boolean {
  return (
    draft.supplier_id !== '' && draft.expected_delivery_date.trim() !== '' && draft.items.length > 0
  );
}

type PurchaseOrderPayload = z.input<typeof createPurchaseOrderSchema>;

/** A number typed as text → the number; anything else is sent as typed for the schema to name. */
const numberOrText = (text: string): number | string => (isNumber(text) ? Number(text) : text);

/** The POST /purchase-orders body (spec §7): total as a string; unit_price = buying price. */
export function toPayload(draft: DraftOrder): PurchaseOrderPayload {
  return {
    supplier_id: Number(draft.supplier_id) || 0,
    expected_delivery_date: draft.expected_delivery_date,
    notes: draft.notes,
    items: draft.items.map((item) => ({
      product_id: item.product?.id ?? 0,
      name: item.product?.name,
      unit_type: item.unit_type as UnitType,
      quantity: numberOrText(item.quantity) as number,
      buying_price: numberOrText(item.buying_price),
      selling_price: numberOrText(item.selling_price),
      unit_price: numberOrText(item.buying_price),
    })),
    total: centsToDecimal(orderTotalCents(draft.items)),
  };
}

const DERIVED_FIELDS = new Set(['unit_price', 'name']);

/** Messages by field path: 'supplier_id', 'items', 'items.0.quantity'. */
export type OrderErrors = Record<string, string>;

/**
 * Every problem of the order, by field. The form's own checks come first (spec §5
 * "Form-level": 'Supplier is required.' …); what they pass is then held to the shared schema
 * the server uses (spec §5 schema messages: 'At least one item is required', 'Selling price
 * cannot be negative' …), so the person sees the server's rules before sending.
 */
export function validateOrder(draft: DraftOrder): OrderErrors {
  const errors: OrderErrors = {};
  if (draft.supplier_id === '') errors.supplier_id = 'Supplier is required.';
  if (draft.expected_delivery_date.trim() === '') {
    errors.expected_delivery_date = 'Expected delivery date is required.';
  }
  draft.items.forEach((item, index) => {
    const at = (field: string) => `items.${index}.${field}`;
    if (!item.product) errors[at('product_id')] = 'Product is required.';
    if (item.unit_type === '') errors[at('unit_type')] = 'Unit is required.';
    if (!isNumber(item.quantity) || Number(item.quantity) <= 0) {
      errors[at('quantity')] = 'Quantity must be positive.';
    }
    if (!isNumber(item.buying_price) || Number(item.buying_price) < 0) {
      errors[at('buying_price')] = 'Buying price must be 0 or more.';
    }
  });
  const parsed = createPurchaseOrderSchema.safeParse(toPayload(draft));
  for (const issue of parsed.error?.issues ?? []) {
    // unit_price and name are copies of the buying price and product, checked there.
    if (DERIVED_FIELDS.has(String(issue.path.at(-1)))) continue;
    errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}
