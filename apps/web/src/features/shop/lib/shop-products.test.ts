import { describe, expect, it } from 'vitest';
import type { CartItem } from '@/features/cart/lib/cart-math';
import { canAddToCart, orderLines, piecePrice } from './shop-products';

const line = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: 'line-1',
  product: { id: 3, name: 'Omo 1kg', selling_price: 250, stock_unit: 'piece' },
  quantity: 2,
  unit_price: 250,
  total: 500,
  unit_type: 'piece',
  ...overrides,
});

describe('the shop', () => {
  it('adds only a product with an id and a piece price (spec §5 Shop)', () => {
    expect(canAddToCart({ id: 1, piece_selling_price: 185 })).toBe(true);
    expect(canAddToCart({ piece_selling_price: 185 })).toBe(false);
    expect(canAddToCart({ id: 0, piece_selling_price: 185 })).toBe(false);
    expect(canAddToCart({ id: 1 })).toBe(false);
    expect(canAddToCart({ id: 1, piece_selling_price: null })).toBe(false);
    expect(canAddToCart({ id: 1, piece_selling_price: 0 })).toBe(false);
    expect(piecePrice({ piece_selling_price: 99.5 })).toBe(99.5);
    expect(piecePrice({ piece_selling_price: 0 })).toBeNull();
  });

  it('sends each line as { product_id, quantity, unit_type, unit_price }', () => {
    expect(
      orderLines([line(), line({ id: 'line-2', unit_type: 'pack', unit_price: 2131 })]),
    ).toEqual([
      { product_id: 3, quantity: 2, unit_type: 'piece', unit_price: 250 },
      { product_id: 3, quantity: 2, unit_type: 'pack', unit_price: 2131 },
    ]);
  });

  it("throws 'Invalid cart item' for a line without a product id", () => {
    const broken = line({
      product: { id: 0, name: 'Ghost', selling_price: 1, stock_unit: 'piece' },
    });
    expect(() => orderLines([line(), broken])).toThrow('Invalid cart item');
  });

  it("leaves the till's delivery line (a service) out of the order", () => {
    const delivery = line({
      id: 'line-2',
      product: {
        id: 9,
        name: 'Delivery',
        sku: 'SRV001',
        kind: 'service',
        selling_price: 200,
        stock_unit: 'piece',
      },
      quantity: 1,
      unit_price: 200,
      total: 200,
    });
    expect(orderLines([line(), delivery])).toEqual([
      { product_id: 3, quantity: 2, unit_type: 'piece', unit_price: 250 },
    ]);
  });
});
