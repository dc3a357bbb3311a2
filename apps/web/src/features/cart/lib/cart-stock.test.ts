import { describe, expect, it } from 'vitest';
import { sellableUnits } from './cart-math';
import { isOutOfStock, shelfOf } from './cart-stock';

describe('sellableUnits (issue 20)', () => {
  it('offers the piece always, a pack or a dozen only with a price of its own', () => {
    expect(sellableUnits({ pack_selling_price: 2131, dozen_selling_price: 2109 })).toEqual([
      'piece',
      'pack',
      'dozen',
    ]);
    expect(sellableUnits({ pack_selling_price: 0, dozen_selling_price: '600.00' })).toEqual([
      'piece',
      'dozen',
    ]);
    expect(sellableUnits({ pack_selling_price: '0.00', dozen_selling_price: null })).toEqual([
      'piece',
    ]);
  });
});

describe('isOutOfStock (issue 20)', () => {
  const kept = { stock_unit: 'dozen' as const, pack_size: 1 };

  it('judges by the exact pieces: 6 bottles kept by the dozen are in stock', () => {
    expect(isOutOfStock({ ...kept, stock_pieces: 6 })).toBe(false);
    expect(isOutOfStock({ ...kept, stock_pieces: 0 })).toBe(true);
    expect(isOutOfStock({ ...kept, stock_pieces: -2 })).toBe(true);
  });

  it('does not judge an answer without pieces, nor the delivery service', () => {
    expect(isOutOfStock(kept)).toBe(false);
    expect(shelfOf(kept)).toBeNull();
    expect(isOutOfStock({ ...kept, sku: 'SRV001', stock_pieces: 0 })).toBe(false);
  });
});
