import { describe, expect, it } from 'vitest';
import { isDeliveryProduct, toCartProduct } from '@/features/cart/lib/cart-math';
import { deliveryService, exactMatch, looksLikeCode } from './pos-products';
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

describe('deliveryService', () => {
  it("is the store's active service with the lowest id; goods and inactive services never", () => {
    const service = (id: number, is_active = true) =>
      buildShopperProduct({ id, kind: 'service', sku: `S${id}`, is_active });
    expect(deliveryService([service(9), service(4), service(2, false), jogoo])?.id).toBe(4);
    expect(deliveryService([jogoo, service(1, false)])).toBeNull();
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
      kind: 'goods',
    });
  });

  it('tells the delivery line by its kind; the SKU only for a cart saved before kinds', () => {
    expect(isDeliveryProduct(toCartProduct({ ...jogoo, kind: 'service', sku: 'BODA' }))).toBe(true);
    expect(isDeliveryProduct(toCartProduct({ ...jogoo, sku: 'SRV001' }))).toBe(false);
    expect(isDeliveryProduct({ sku: 'srv001' })).toBe(true);
    expect(isDeliveryProduct({ sku: 'UNG-JOG2' })).toBe(false);
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
