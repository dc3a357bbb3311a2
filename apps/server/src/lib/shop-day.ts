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

/** The first day of the month after the month of `day` (YYYY-MM-DD). */
function nextMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The shop day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** A range of whole shop months, [from, to) by their first days, and the instants at its edges. */
export interface MonthSplit {
  /** The whole months inside the range (first days, `to` exclusive), or null when none is. */
  months: { from: string; to: string } | null;
  /** The parts of the range outside those months, as [start, end) instants: 0, 1 or 2. */
  edges: [Date, Date][];
}

/**
 * The shop days `start`..`end` (inclusive) split into the whole months they cover and the days
 * left at either end, so a report can read the months from a monthly summary and only the edge
 * days from single rows. 2026-01-15..2026-04-10 → months 2026-02-01..2026-04-01 (February and
 * March), edges 15–31 January and 1–10 April.
 */
export function splitIntoMonths(start: string, end: string): MonthSplit {
  const from = start.endsWith('-01') ? start : nextMonth(start);
  const after = nextDay(end);
  const to = after.endsWith('-01') ? after : `${after.slice(0, 8)}01`;
  if (from >= to) return { months: null, edges: [[startOfShopDay(start), endOfShopDay(end)]] };
  const edges: [Date, Date][] = [];
  if (start < from) edges.push([startOfShopDay(start), startOfShopDay(from)]);
  if (to < after) edges.push([startOfShopDay(to), endOfShopDay(end)]);
  return { months: { from, to }, edges };
}
