/**
 * Shop days (PRODUCT.md §4b): a day is a calendar day in Africa/Nairobi, UTC+3 all year (no
 * daylight saving), so a day begins at 00:00+03:00. Used by GET /sales (from, to) and the
 * reports (start, end).
 */
export const SHOP_DAY_OFFSET = '+03:00';
/** The same offset as a PostgreSQL interval, to turn a timestamp into its shop day in SQL. */
export const SHOP_DAY_INTERVAL = '3 hours';

const DAY_MS = 86_400_000;

/** A shop day (YYYY-MM-DD) → the instant it begins. */
export function startOfShopDay(day: string): Date {
  return new Date(`${day}T00:00:00${SHOP_DAY_OFFSET}`);
}

/** The instant the day after `day` begins: the exclusive end of a range ending on `day`. */
export function endOfShopDay(day: string): Date {
  return new Date(startOfShopDay(day).getTime() + DAY_MS);
}
