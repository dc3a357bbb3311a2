import { describe, expect, it } from 'vitest';
import type { CartItem } from '@/features/cart/lib/cart-math';
import { cartDiscountCents, discountTotalCents, discountedLines } from './discounts';
import { linePriceStanding, listPriceCents } from './line-price';

function line(unitPrice: number, quantity = 1, unit: CartItem['unit_type'] = 'piece'): CartItem {
  return {
    id: `${unitPrice}-${quantity}-${unit}`,
    product: {
      id: 1,
      name: 'Bar soap',
      selling_price: '100.00',
      stock_unit: 'piece',
      piece_selling_price: '100.00',
      pack_selling_price: '900.00',
      dozen_selling_price: 0,
    },
    quantity,
    unit_price: unitPrice,
    total: unitPrice * quantity,
    unit_type: unit,
  };
}

describe('a cart line against its list price', () => {
  it('takes the list price of its unit', () => {
    expect(listPriceCents(line(90))).toBe(10_000);
    expect(listPriceCents(line(850, 1, 'pack'))).toBe(90_000);
  });

  it('shows a discount for the whole line below list, and marks a price above it', () => {
    expect(linePriceStanding(line(1, 10))).toEqual({ discountCents: 99_000, aboveList: false });
    expect(linePriceStanding(line(100, 2))).toEqual({ discountCents: 0, aboveList: false });
    expect(linePriceStanding(line(120, 2))).toEqual({ discountCents: 0, aboveList: true });
    expect(linePriceStanding(line(850, 2, 'pack'))).toEqual({
      discountCents: 10_000,
      aboveList: false,
    });
  });
});

describe('a whole-cart discount', () => {
  it('reads an amount or a percentage of the goods, never more than the goods', () => {
    expect(cartDiscountCents(40_000, 'amount', '20')).toBe(2_000);
    expect(cartDiscountCents(40_000, 'amount', 'abc')).toBe(0);
    expect(cartDiscountCents(40_000, 'amount', '500')).toBe(40_000);
    expect(cartDiscountCents(40_000, 'percent', '5')).toBe(2_000);
    expect(cartDiscountCents(12_345, 'percent', '10')).toBe(1_235);
    expect(cartDiscountCents(40_000, 'percent', '150')).toBe(40_000);
    expect(cartDiscountCents(40_000, 'percent', '')).toBe(0);
    expect(cartDiscountCents(40_000, 'percent', '-3')).toBe(0);
  });

  it('is spread over the lines as the server does, each line checked against the cap', () => {
    const items = [line(100), line(300)];
    items[1]!.product = { ...items[1]!.product, piece_selling_price: '300.00' };
    const lines = discountedLines(items, 2_000, 10);
    expect(lines.map((l) => [l.totalCents, l.discountCents, l.overCap])).toEqual([
      [9_500, 500, false],
      [28_500, 1_500, false],
    ]);
    expect(discountTotalCents(lines)).toBe(2_000);
    // 20% off the cart is over a 10% cap on every line.
    expect(discountedLines(items, 8_000, 10).every((l) => l.overCap)).toBe(true);
    // A line already cut 8% plus a 5% cart discount is over 10%.
    const cut = discountedLines([line(92), line(100)], percentOf(19_200, 5), 10);
    expect(cut.map((l) => l.overCap)).toEqual([true, false]);
  });
});

function percentOf(cents: number, percent: number) {
  return Math.round((cents * percent) / 100);
}
