import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

const created = '2025-01-15T09:30:00.000Z';
// 06:27 UTC is 09:27 in Nairobi; in New York (the zone of the TZ=America/New_York run) it is
// 01:27, and 21:30 UTC the day before is already the 26th in Nairobi.
const morning = '2026-11-26T06:27:00.000Z';
const lateEvening = '2026-11-25T21:30:00.000Z';

describe('formatDate', () => {
  it("writes dates in the person's language, day first in English as in Kenya", () => {
    expect(formatDate(created)).toBe('15 January 2025');
    expect(formatDate(created, 'medium')).toBe('15 Jan 2025');
    expect(formatDate(created, 'long', 'N/A', 'sw')).toBe('15 Januari 2025');
    expect(formatDate(created, 'long', 'N/A', 'fr')).toBe('15 janvier 2025');
  });

  it("writes every style in the shop's time (Africa/Nairobi), whatever the device's zone", () => {
    expect(formatDate(morning, 'mediumWithTime')).toBe('26 Nov 2026, 09:27');
    expect(formatDate(morning, 'receipt')).toBe('26 Nov 2026, 09:27');
    expect(formatDate(morning, 'mediumWithTime', 'N/A', 'sw')).toBe('26 Nov 2026, 09:27');
    expect(formatDate(morning, 'mediumWithTime', 'N/A', 'fr')).toBe('26 nov. 2026, 09:27');
    // Past 21:00 UTC it is the next day in Nairobi, in the date-only styles too.
    expect(formatDate(lateEvening, 'medium')).toBe('26 Nov 2026');
    expect(formatDate(lateEvening, 'long')).toBe('26 November 2026');
    expect(formatDate(lateEvening, 'mediumWithTime')).toBe('26 Nov 2026, 00:30');
  });

  it('keeps a calendar day (YYYY-MM-DD) on its day and shows no time for it', () => {
    expect(formatDate('2026-11-26', 'medium')).toBe('26 Nov 2026');
    expect(formatDate('2026-11-01', 'mediumWithTime')).toBe('1 Nov 2026');
    expect(formatDate('2026-11-01', 'long', 'N/A', 'sw')).toBe('1 Novemba 2026');
    expect(formatDate('2026-11-01', 'dayMonth')).toBe('1 Nov');
    expect(formatDate(lateEvening, 'dayMonth')).toBe('26 Nov');
  });

  it("gives the fallback, 'N/A' by default, for a missing or broken date", () => {
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('', 'medium')).toBe('N/A');
    expect(formatDate('not a date', 'medium', 'Invalid Date')).toBe('Invalid Date');
    expect(formatDate('2026-13-45', 'medium', 'Invalid Date')).toBe('Invalid Date');
  });
});
