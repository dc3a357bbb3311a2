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

/** The shop day (YYYY-MM-DD) an instant falls on (UTC+3 all year). */
export function shopDayOf(instant: Date): string {
  return new Date(instant.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
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

/** Part of one shop month inside a range: its instants, and the month's instants outside it. */
export interface MonthPiece {
  /** The month's first day (YYYY-MM-01). */
  month: string;
  /** The piece, [from, to). */
  from: Date;
  to: Date;
  /** The rest of the month, as [start, end) instants: 1 or 2 spans. */
  outside: [Date, Date][];
}

/** A range of shop days as whole shop months and pieces of months. */
export interface MonthSplit {
  /** The whole months inside the range (first days, `to` exclusive), or null when none is. */
  months: { from: string; to: string } | null;
  /** The months the range covers only in part: 0, 1 or 2 of them. */
  pieces: MonthPiece[];
}

function piece(month: string, from: string, after: string): MonthPiece {
  const next = nextMonth(month);
  const outside: [Date, Date][] = [];
  if (month < from) outside.push([startOfShopDay(month), startOfShopDay(from)]);
  if (after < next) outside.push([startOfShopDay(after), startOfShopDay(next)]);
  return { month, from: startOfShopDay(from), to: startOfShopDay(after), outside };
}

/**
 * The shop days `start`..`end` (inclusive) split into the whole months they cover and the
 * pieces of months left at either end, so a report can read whole months from a monthly summary
 * and a piece from single rows — or from the summary too when nothing was sold in the rest of
 * its month (the current month, for a range ending today). 2026-01-15..2026-04-10 → months
 * 2026-02-01..2026-04-01 (February and March), pieces 15–31 January and 1–10 April.
 */
export function splitIntoMonths(start: string, end: string): MonthSplit {
  const firstMonth = `${start.slice(0, 8)}01`;
  const after = nextDay(end);
  const lastMonth = `${end.slice(0, 8)}01`;
  const from = start === firstMonth ? start : nextMonth(start);
  const to = after.endsWith('-01') ? after : lastMonth;
  if (firstMonth === lastMonth) {
    return start === firstMonth && after === nextMonth(start)
      ? { months: { from: start, to: after }, pieces: [] }
      : { months: null, pieces: [piece(firstMonth, start, after)] };
  }
  const pieces: MonthPiece[] = [];
  if (start !== firstMonth) pieces.push(piece(firstMonth, start, nextMonth(start)));
  if (!after.endsWith('-01')) pieces.push(piece(lastMonth, lastMonth, after));
  return { months: from < to ? { from, to } : null, pieces };
}

/** A shop month (YYYY-MM) as its first and last shop days (YYYY-MM-DD), a range for the reports. */
export function shopMonthDays(month: string): { start: string; end: string } {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  // Day 0 of the next month is this month's last day.
  const end = new Date(Date.UTC(year, monthNo, 0)).toISOString().slice(0, 10);
  return { start: `${month}-01`, end };
}
