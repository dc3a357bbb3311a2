import { shelfStock, type UnitType } from '@duka/shared/money/units';
import { i18n } from './i18n';

/** What a stock answer needs to be told as it stands on the shelf. */
export interface StockOf {
  stock_pieces: number;
  stock_unit: UnitType;
  pack_size: number;
}

const count = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en-KE' : i18n.language);

function part(n: number, unit: UnitType): string {
  const many = Math.abs(n) !== 1;
  const key = `${unit}${many ? 'Many' : 'One'}` as const;
  return i18n.t(`common:shelf.${key}`, { count: count(n) });
}

/**
 * Stock as a person counts it on the shelf (issue 20), in the current language: "3 dozen 11 pcs",
 * "47 pcs", "2 packs", "dazeni 3 vipande 11". A product kept by the piece is all pieces; whole
 * units come first and the leftover pieces after them, each only when there are some.
 * Stock below zero (issue 22: offline sales the shelf could not cover) is the pieces missing,
 * "-3 pcs", "vipande -15": one signed number, never "-1 dozen -3 pcs".
 */
export function formatStock({ stock_pieces, stock_unit, pack_size }: StockOf): string {
  if (stock_pieces < 0) return part(stock_pieces, 'piece');
  const { units, pieces } = shelfStock(stock_pieces, stock_unit, pack_size);
  if (units === 0) return part(pieces, 'piece');
  if (pieces === 0) return part(units, stock_unit);
  return `${part(units, stock_unit)} ${part(pieces, 'piece')}`;
}
