/**
 * Units a product is sold and stocked in (PRODUCT.md §3): piece = 1, dozen = 12, pack = the
 * product's `pack_size` pieces. Stock is kept in whole pieces; every conversion goes through here.
 */
export const UNIT_TYPES = ['piece', 'pack', 'dozen'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export function isUnitType(value: unknown): value is UnitType {
  return typeof value === 'string' && (UNIT_TYPES as readonly string[]).includes(value);
}

/** Pieces in one unit. A pack's size is the product's; it must be a whole number ≥ 1. */
export function piecesPerUnit(unit: UnitType, packSize = 1): number {
  if (unit === 'piece') return 1;
  if (unit === 'dozen') return 12;
  if (!Number.isInteger(packSize) || packSize < 1) {
    throw new RangeError(`pack_size must be a whole number of at least 1, got ${packSize}`);
  }
  return packSize;
}

/** `quantity` units in pieces: selling 1 dozen of a piece-tracked product takes 12. */
export function toPieces(quantity: number, unit: UnitType, packSize = 1): number {
  if (!Number.isInteger(quantity)) throw new RangeError(`quantity must be whole, got ${quantity}`);
  return quantity * piecesPerUnit(unit, packSize);
}

/**
 * Whole `unit`s in `pieces` (the stock a product reports as `quantity`): 18 pieces of a pack of
 * 6 are 3 packs. Pieces left over after a sale by the piece are not a whole unit and are not
 * counted here; the exact stock stays in pieces.
 */
export function wholeUnits(pieces: number, unit: UnitType, packSize = 1): number {
  return Math.floor(pieces / piecesPerUnit(unit, packSize));
}

/** Stock as it stands on the shelf: whole units of the stock unit and the pieces left over. */
export interface ShelfStock {
  unit: UnitType;
  /** Whole units (0 for a product kept by the piece: its count is all in `pieces`). */
  units: number;
  /** Pieces beyond the whole units (all of them for a product kept by the piece). */
  pieces: number;
}

/**
 * Splits exact stock into what a person counts on the shelf (issue 20): 47 pieces kept by the
 * dozen are 3 dozen and 11 pieces, 6 are 6 pieces (not "0 dozen"); a product kept by the piece
 * (or in packs of 1) is all pieces. Negative stock (an offline sale the shelf could not cover)
 * is counted the same way below zero: −14 pieces by the dozen are −1 dozen and −2 pieces.
 */
export function shelfStock(pieces: number, unit: UnitType, packSize = 1): ShelfStock {
  if (!Number.isInteger(pieces)) throw new RangeError(`pieces must be whole, got ${pieces}`);
  const per = piecesPerUnit(unit, packSize);
  if (unit === 'piece' || per === 1) return { unit, units: 0, pieces };
  const sign = pieces < 0 ? -1 : 1;
  const size = Math.abs(pieces);
  return { unit, units: sign * Math.floor(size / per), pieces: sign * (size % per) };
}
