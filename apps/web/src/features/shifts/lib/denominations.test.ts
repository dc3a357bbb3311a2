import { DENOMINATIONS, denominationsTotalCents } from '@duka/shared/shifts/shifts.schemas';
import { describe, expect, it } from 'vitest';
import { countedCents, countsOf, lineCents, parseCount } from './denominations';
import { differenceKind, signedCurrency } from './figures';

describe('counting the drawer (issue 24)', () => {
  it('reads a count as a whole number from 0 to 100,000, blank as 0', () => {
    expect(parseCount('')).toBe(0);
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('100000')).toBe(100_000);
    for (const bad of ['100001', '-1', '1.5', '1e3', 'two']) expect(parseCount(bad)).toBeNull();
  });

  it('sends only what was counted, and nothing while a box is wrong', () => {
    expect(countsOf({ '1000': '2', '500': '', '1': '0', '20': '3' })).toEqual({
      '1000': 2,
      '20': 3,
    });
    expect(countsOf({ '1000': '2', '5': 'x' })).toBeNull();
  });

  it('adds every note and coin to the cent, as the contract sums them', () => {
    const all = Object.fromEntries(DENOMINATIONS.map((value) => [`${value}`, '99999']));
    // (1000 + 500 + 200 + 100 + 50 + 20 + 10 + 5 + 1) × 99,999 shillings
    expect(countedCents(all)).toBe(1886 * 99_999 * 100);
    expect(countedCents(all)).toBe(denominationsTotalCents(countsOf(all)!));
    expect(lineCents(5, '7')).toBe(3500);
  });

  it('names the difference and writes its sign', () => {
    expect([differenceKind(20), differenceKind(-50), differenceKind(0)]).toEqual([
      'over',
      'short',
      'exact',
    ]);
    expect(signedCurrency(20)).toBe('+KSh 20.00');
    expect(signedCurrency(-1234.5)).toBe('−KSh 1,234.50');
    expect(signedCurrency(0)).toBe('KSh 0.00');
  });
});
