/** Test support: till products and cart lines as the API and the cart store hold them. */
import type { CartItem } from '@/features/cart/lib/cart-math';
import type { PosProduct } from './pos-products';

export function buildPosProduct(overrides: Partial<PosProduct> = {}): PosProduct {
  return {
    id: 1,
    name: 'Jogoo Maize Flour 2kg',
    description: '',
    sku: 'UNG-JOG2',
    barcode: '6161101600019',
    category_id: 1,
    Category: { id: 1, name: 'Flour & Grains' },
    piece_selling_price: 185,
    pack_selling_price: 2131,
    dozen_selling_price: 2109,
    quantity: 48,
    pack_size: 12,
    stock_unit: 'piece',
    image_url: null,
    thumbnail_url: null,
    images: [],
    is_active: true,
    ...overrides,
  };
}

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
