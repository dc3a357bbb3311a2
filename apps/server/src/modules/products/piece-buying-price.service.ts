/**
 * The buying price of one piece of a product (issue 25; decisions/0016): the piece buying
 * price, or else the pack's over its pack size, or the dozen's over 12 — the first that is set
 * (above 0); 0 when none is. One definition for every module that values stock by the piece: a
 * transfer's delivery note (stored to four decimals by its numeric(14,4) column) and a stock
 * count's variance (each difference times it, to the cent). Computed by PostgreSQL on the
 * stored numerics, so no binary fraction ever enters the money.
 */
import { sql } from 'drizzle-orm';
import { products } from './products.table';

export const pieceBuyingPriceSql = sql`coalesce(nullif(${products.pieceBuyingPrice}, 0),
  nullif(${products.packBuyingPrice}, 0) / ${products.packSize},
  nullif(${products.dozenBuyingPrice}, 0) / 12, 0)`;
