/**
 * Cart arithmetic in integer cents (PRODUCT.md §3): a line total is quantity × unit price and
 * the cart total is the sum of line totals, never a sum of floats.
 */
import { centsToNumber as fromCents, toCents } from '@duka/shared/money/money';
import { UNIT_TYPES, isUnitType, type UnitType } from '@duka/shared/money/units';

export type { UnitType };

/** Prices arrive as numbers or as the API's decimal strings. */
export type Price = number | string | null | undefined;

export interface CartProduct {
  id: number;
  name: string;
  sku?: string | null;
  /** Absent on a cart saved before products had a kind (issue 20). */
  kind?: 'goods' | 'service';
  selling_price: Price;
  stock_unit: string;
  piece_selling_price?: Price;
  pack_selling_price?: Price;
  dozen_selling_price?: Price;
}

export interface CartItem {
  id: string;
  /** The store the line was added in (issue 20); absent on carts saved before stores had one. */
  store_id?: number | null;
  product: CartProduct;
  quantity: number;
  unit_price: number;
  total: number;
  unit_type: UnitType;
}

/** What toCartProduct reads of a product (the till's and the shop's products both have it). */
export type CartProductSource = Pick<
  CartProduct,
  | 'id'
  | 'name'
  | 'sku'
  | 'kind'
  | 'stock_unit'
  | 'piece_selling_price'
  | 'pack_selling_price'
  | 'dozen_selling_price'
>;

/** The product as the cart keeps it; its selling price is the piece price. */
export function toCartProduct(product: CartProductSource): CartProduct {
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    kind: product.kind,
    selling_price: product.piece_selling_price,
    stock_unit: product.stock_unit,
    piece_selling_price: product.piece_selling_price,
    pack_selling_price: product.pack_selling_price,
    dozen_selling_price: product.dozen_selling_price,
  };
}

/** The delivery's SKU (spec §4 Cart): read only for a cart saved before products had a kind. */
export const DELIVERY_SKU = 'SRV001';

/**
 * The delivery service line, the one place the cart tells it from goods: a service
 * (docs/decisions/0006); at most one line of it (spec §4 Cart).
 */
export function isDeliveryProduct(
  product: Pick<CartProduct, 'sku' | 'kind'> | null | undefined,
): boolean {
  if (product?.kind) return product.kind === 'service';
  return product?.sku?.toUpperCase() === DELIVERY_SKU;
}

function nonNegativeCents(value: Price): number {
  const cents = toCents(value);
  return cents !== null && cents >= 0 ? cents : 0;
}

/** The selling price of one unit of the product; 0 when the product has none for that unit. */
export function unitSellingPrice(product: CartProduct, unitType: string): number {
  switch (unitType) {
    case 'piece':
      return fromCents(nonNegativeCents(product.piece_selling_price ?? product.selling_price));
    case 'pack':
      return fromCents(nonNegativeCents(product.pack_selling_price));
    case 'dozen':
      return fromCents(nonNegativeCents(product.dozen_selling_price));
    default:
      return 0;
  }
}

/**
 * The units a product may be sold in (issue 20): the piece always, a pack or a dozen only when
 * it has a price of its own (0.00 means the shop does not sell it that way).
 */
export function sellableUnits(
  product: Pick<CartProduct, 'pack_selling_price' | 'dozen_selling_price'>,
): UnitType[] {
  return UNIT_TYPES.filter((unit) => {
    if (unit === 'piece') return true;
    const price = unit === 'pack' ? product.pack_selling_price : product.dozen_selling_price;
    return nonNegativeCents(price) > 0;
  });
}

export function lineTotal(unitPrice: Price, quantity: number): number {
  return fromCents(nonNegativeCents(unitPrice) * quantity);
}

export function cartTotal(items: readonly Pick<CartItem, 'total'>[]): number {
  return fromCents(items.reduce((sum, item) => sum + nonNegativeCents(item.total), 0));
}

/** Spec §5 Cart: a restored line needs these fields, or the stored cart is discarded. */
export function isValidCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<Record<keyof CartItem, unknown>>;
  const product = item.product as Partial<Record<keyof CartProduct, unknown>> | null | undefined;
  return (
    typeof item.id === 'string' &&
    (item.store_id === undefined || item.store_id === null || typeof item.store_id === 'number') &&
    typeof product === 'object' &&
    product !== null &&
    typeof product.id === 'number' &&
    typeof product.name === 'string' &&
    product.selling_price !== undefined &&
    product.selling_price !== null &&
    typeof product.stock_unit === 'string' &&
    typeof item.quantity === 'number' &&
    Number.isInteger(item.quantity) &&
    item.quantity >= 1 &&
    typeof item.unit_price === 'number' &&
    typeof item.total === 'number' &&
    isUnitType(item.unit_type)
  );
}
