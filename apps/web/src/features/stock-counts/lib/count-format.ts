import type { UnitType } from '@duka/shared/money/units';
import type { StockCount } from '@duka/shared/stock-counts/stock-counts.schemas';
import { i18n } from '@/lib/i18n';

const number = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en-KE' : i18n.language);

/** '5 pcs', '2 packs', '1 dozen': a counted quantity in its unit, in the reader's language. */
export function quantityText(quantity: number, unit: UnitType): string {
  const key = `${unit}${quantity === 1 ? 'One' : 'Many'}` as const;
  return i18n.t(`common:shelf.${key}`, { count: number(quantity) });
}

/** '2 packs (24 pcs)', or '40 pcs' when counted by the piece: what a line counted. */
export function countedText(quantity: number, unit: UnitType, pieces: number): string {
  const counted = quantityText(quantity, unit);
  return unit === 'piece' ? counted : `${counted} (${quantityText(pieces, 'piece')})`;
}

/** 'Whole store', or the categories counted: 'Stationery, Soap & Detergents'. */
export function scopeText(count: Pick<StockCount, 'categories'>): string {
  if (count.categories === null) return i18n.t('counts:scope.wholeStore');
  return count.categories.map((category) => category.name).join(', ');
}
