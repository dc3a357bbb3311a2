import { describe, expect, it } from 'vitest';
import { isUnitType, piecesPerUnit, toPieces, wholeUnits } from './units';

describe('units (PRODUCT.md §3)', () => {
  it('knows the three units only', () => {
    expect(isUnitType('dozen')).toBe(true);
    expect(isUnitType('box')).toBe(false);
    expect(isUnitType(undefined)).toBe(false);
  });

  it('converts every unit to pieces', () => {
    expect(toPieces(3, 'piece')).toBe(3);
    expect(toPieces(1, 'dozen')).toBe(12);
    expect(toPieces(2, 'pack', 6)).toBe(12);
    expect(piecesPerUnit('pack')).toBe(1);
  });

  it('refuses fractional quantities and impossible pack sizes', () => {
    expect(() => toPieces(1.5, 'piece')).toThrow(RangeError);
    expect(() => piecesPerUnit('pack', 0)).toThrow(RangeError);
    expect(() => piecesPerUnit('pack', 2.5)).toThrow(RangeError);
  });

  it('reports stock in whole units of the stock unit', () => {
    expect(wholeUnits(18, 'pack', 6)).toBe(3);
    expect(wholeUnits(20, 'pack', 6)).toBe(3);
    expect(wholeUnits(24, 'dozen')).toBe(2);
    expect(wholeUnits(7, 'piece')).toBe(7);
  });
});
