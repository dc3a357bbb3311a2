/** Test support: cart lines as the cart store holds them. */
import type { CartItem } from '@/features/cart/lib/cart-math';

export function buildLine(overrides: Partial<CartItem> & { productId?: number } = {}): CartItem {
  const { productId = 1, ...rest } = overrides;
  return {
    id: `line-${productId}`,
    product: {
      id: productId,
      name: `Product ${productId}`,
      selling_price: 10,
      stock_unit: 'piece',
    },
    quantity: 1,
    unit_price: 10,
    total: 10,
    unit_type: 'piece',
    ...rest,
  };
}
