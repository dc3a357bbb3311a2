import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

const created = '2025-01-15T09:30:00.000Z';

describe('formatDate', () => {
  it("writes dates in the person's language", () => {
    expect(formatDate(created)).toBe('January 15, 2025');
    expect(formatDate(created, 'medium')).toBe('Jan 15, 2025');
    expect(formatDate(created, 'long', 'N/A', 'sw')).toBe('15 Januari 2025');
    expect(formatDate(created, 'long', 'N/A', 'fr')).toBe('15 janvier 2025');
  });

  it("gives the fallback, 'N/A' by default, for a missing or broken date", () => {
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('', 'medium')).toBe('N/A');
    expect(formatDate('not a date', 'medium', 'Invalid Date')).toBe('Invalid Date');
  });
});
