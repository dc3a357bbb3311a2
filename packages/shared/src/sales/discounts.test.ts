import { describe, expect, it } from 'vitest';
import {
  exceedsDiscountCap,
  lineDiscountCents,
  lineDiscountPercent,
  percentOfCents,
  spreadCartDiscount,
} from './discounts';

describe('a line discount', () => {
  it('is list × quantity − charged, for the whole line, and 0 at or above the list price', () => {
    // Ten soaps listed at KSh 100 sold for KSh 1 each: KSh 990 off the line.
    expect(lineDiscountCents(10_000, 10, 1_000)).toBe(99_000);
    expect(lineDiscountCents(10_000, 3, 30_000)).toBe(0);
    expect(lineDiscountCents(10_000, 3, 33_000)).toBe(0);
    expect(lineDiscountPercent(10_000, 10, 1_000)).toBe(99);
    expect(lineDiscountPercent(0, 2, 500)).toBe(0);
  });

  it('exceeds the cap only when more than the cap of the line list value', () => {
    // 10% of KSh 100 × 2 is KSh 20: KSh 180 is exactly at the cap, KSh 179.99 is over.
    expect(exceedsDiscountCap(10_000, 2, 18_000, 10)).toBe(false);
    expect(exceedsDiscountCap(10_000, 2, 17_999, 10)).toBe(true);
    expect(exceedsDiscountCap(10_000, 2, 25_000, 0)).toBe(false);
    expect(exceedsDiscountCap(10_000, 2, 19_999, 0)).toBe(true);
    expect(exceedsDiscountCap(10_000, 2, 0, 100)).toBe(false);
  });
});

describe('a whole-cart discount spread over the lines', () => {
  it('goes in proportion to each line, exactly, the odd cents to the largest remainders', () => {
    expect(spreadCartDiscount([10_000, 5_000, 5_000], 2_000)).toEqual([1_000, 500, 500]);
    // 100 cents over three equal lines: 33 each and the last cent to the first (tie).
    expect(spreadCartDiscount([300, 300, 300], 100)).toEqual([34, 33, 33]);
    // 1000 × 7/13 = 538.46 → 538, 1000 × 6/13 = 461.53 → 461 + 1.
    expect(spreadCartDiscount([700, 600], 1_000)).toEqual([538, 462]);
  });

  it('never takes more from a line than its total, and adds up to the discount', () => {
    expect(spreadCartDiscount([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(spreadCartDiscount([1, 1, 1], 3)).toEqual([1, 1, 1]);
    const lines = [12_345, 1, 99_999, 7, 250];
    for (const discount of [0, 1, 17, 1_000, 50_000, 112_602]) {
      const shares = spreadCartDiscount(lines, discount);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(discount);
      shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(lines[index]!));
    }
  });

  it('refuses a discount larger than the cart', () => {
    expect(() => spreadCartDiscount([500], 501)).toThrow(RangeError);
  });

  it('turns a percentage of the cart into cents', () => {
    expect(percentOfCents(12_345, 10)).toBe(1_235);
    expect(percentOfCents(20_000, 5)).toBe(1_000);
    expect(percentOfCents(20_000, 100)).toBe(20_000);
  });
});
