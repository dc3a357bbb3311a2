import { SHOP_TIME_ZONE } from '@/lib/format-date';

const shopDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's calendar day of an instant, as a UTC midnight (days between are then exact). */
function dayNumber(instant: Date): number {
  return Date.parse(`${shopDay.format(instant)}T00:00:00Z`) / 86_400_000;
}

/**
 * How old a debt is (issue 21, the Debtors view: "oldest unpaid 34 days"): the shop days
 * (Africa/Nairobi) from the oldest unpaid sale to `now` — 0 for a sale made today, whatever the
 * hour. Null when nothing is owed or the time cannot be read.
 */
export function debtAgeDays(oldestUnpaidAt: string | null, now: Date = new Date()): number | null {
  if (!oldestUnpaidAt) return null;
  const since = new Date(oldestUnpaidAt);
  if (Number.isNaN(since.getTime())) return null;
  return Math.max(0, dayNumber(now) - dayNumber(since));
}
