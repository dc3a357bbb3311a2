/** The shop's view of products and of the cart it fills (spec §2 Shop, §5 Shop, §9). */
import type { OrderItemInput } from '@duka/shared/orders/orders.schemas';
import { isDeliveryProduct, type CartItem } from '@/features/cart/lib/cart-math';

/** Spec §9: shop products 12 a page. */
export const SHOP_PAGE_SIZE = 12;

/** Thrown (spec §5 Shop) when a cart line has no product to order. */
export const INVALID_CART_ITEM = 'Invalid cart item';

const isPositiveId = (id: unknown): id is number =>
  typeof id === 'number' && Number.isInteger(id) && id > 0;

/**
 * The piece selling price a card shows and the cart uses; null when the product has none
 * (a price of 0 is "not for sale by the piece": the card says 'N/A').
 */
export function piecePrice(product: { piece_selling_price?: unknown }): number | null {
  const price = product.piece_selling_price;
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : null;
}

/** Spec §5 Shop: only a product with an id and a piece price can go into the cart. */
export function canAddToCart(product: { id?: unknown; piece_selling_price?: unknown }): boolean {
  return isPositiveId(product.id) && piecePrice(product) !== null;
}

/**
 * The order's lines as the spec sends them (§3 Order, §7 POST orders). The server prices each
 * line itself; `unit_price` is what the shopper saw. A line without a product id throws
 * 'Invalid cart item' (spec §5 Shop) — nothing is sent. The till's delivery line (a service, in
 * the cart a staff member shares with the till) is a till service, not something to order.
 */
export function orderLines(items: readonly CartItem[]): OrderItemInput[] {
  const goods = items.filter((item) => !isDeliveryProduct(item.product));
  return goods.map((item) => {
    if (!isPositiveId(item.product?.id)) throw new Error(INVALID_CART_ITEM);
    return {
      product_id: item.product.id,
      quantity: item.quantity,
      unit_type: item.unit_type ?? 'piece',
      unit_price: item.unit_price,
    };
  });
}
