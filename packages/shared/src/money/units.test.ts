import { describe, expect, it } from 'vitest';
import { isUnitType, piecesPerUnit, shelfStock, toPieces, wholeUnits } from './units';

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

  it('splits stock into whole units and the pieces left over (issue 20)', () => {
    expect(shelfStock(47, 'dozen')).toEqual({ unit: 'dozen', units: 3, pieces: 11 });
    expect(shelfStock(6, 'dozen')).toEqual({ unit: 'dozen', units: 0, pieces: 6 });
    expect(shelfStock(36, 'dozen')).toEqual({ unit: 'dozen', units: 3, pieces: 0 });
    expect(shelfStock(47, 'piece')).toEqual({ unit: 'piece', units: 0, pieces: 47 });
    expect(shelfStock(20, 'pack', 6)).toEqual({ unit: 'pack', units: 3, pieces: 2 });
    expect(shelfStock(5, 'pack', 1)).toEqual({ unit: 'pack', units: 0, pieces: 5 });
    expect(shelfStock(-14, 'dozen')).toEqual({ unit: 'dozen', units: -1, pieces: -2 });
    expect(() => shelfStock(1.5, 'piece')).toThrow(RangeError);
  });
});
