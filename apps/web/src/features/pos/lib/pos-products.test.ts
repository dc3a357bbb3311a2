import { describe, expect, it } from 'vitest';
import { toCartProduct } from '@/features/cart/lib/cart-math';
import { exactMatch, gridProducts, looksLikeCode } from './pos-products';
import { buildShopperProduct } from '@/test/fixtures';

const jogoo = buildShopperProduct();

describe('exactMatch', () => {
  it('adds the first result when its barcode or SKU is exactly what was typed, in any case', () => {
    expect(exactMatch([jogoo], '6161101600019')).toBe(jogoo);
    expect(exactMatch([jogoo], ' ung-jog2 ')).toBe(jogoo);
  });

  it('filters instead for anything else', () => {
    expect(exactMatch([jogoo], 'Jogoo')).toBeNull();
    expect(exactMatch([jogoo], '616110160001')).toBeNull();
    expect(
      exactMatch([buildShopperProduct({ id: 2, sku: 'X', barcode: null }), jogoo], 'UNG-JOG2'),
    ).toBeNull();
    expect(exactMatch([], 'UNG-JOG2')).toBeNull();
    expect(exactMatch([jogoo], '  ')).toBeNull();
  });
});

describe('gridProducts', () => {
  it('hides the SRV001 delivery service', () => {
    const delivery = buildShopperProduct({ id: 9, sku: 'SRV001', name: 'Delivery Service' });
    expect(gridProducts([jogoo, delivery])).toEqual([jogoo]);
  });
});

describe('toCartProduct', () => {
  it('carries the selling prices the cart needs; the piece price is the selling price', () => {
    expect(toCartProduct(jogoo)).toMatchObject({
      id: 1,
      selling_price: 185,
      piece_selling_price: 185,
      pack_selling_price: 2131,
      dozen_selling_price: 2109,
      stock_unit: 'piece',
    });
  });
});

describe('looksLikeCode (issue 20: a scan that finds nothing is reported)', () => {
  it('takes one word with a digit for a code, and words for a search', () => {
    expect(looksLikeCode('6161101600019')).toBe(true);
    expect(looksLikeCode(' UNG-JOG2 ')).toBe(true);
    expect(looksLikeCode('sugar')).toBe(false);
    expect(looksLikeCode('milk 500ml')).toBe(false);
    expect(looksLikeCode('')).toBe(false);
  });
});
