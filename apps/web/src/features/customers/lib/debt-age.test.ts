import { describe, expect, it } from 'vitest';
import { debtAgeDays } from './debt-age';

describe('debtAgeDays (issue 21: the age of the oldest unpaid sale)', () => {
  const now = new Date('2026-11-26T10:00:00Z'); // 13:00 in Nairobi

  it('counts shop days, not 24-hour spans', () => {
    expect(debtAgeDays('2026-10-23T09:00:00Z', now)).toBe(34);
    // 22:30 UTC on the 25th is 01:30 on the 26th in Nairobi: today.
    expect(debtAgeDays('2026-11-25T22:30:00Z', now)).toBe(0);
    // 20:00 UTC on the 25th is 23:00 on the 25th in Nairobi: yesterday, though 14 hours ago.
    expect(debtAgeDays('2026-11-25T20:00:00Z', now)).toBe(1);
  });

  it('is null when nothing is owed or the time is unreadable, never negative', () => {
    expect(debtAgeDays(null, now)).toBeNull();
    expect(debtAgeDays('not a date', now)).toBeNull();
    expect(debtAgeDays('2026-11-27T08:00:00Z', now)).toBe(0);
  });
});
