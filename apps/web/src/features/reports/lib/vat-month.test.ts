import { describe, expect, it } from 'vitest';
import { formatMonth, monthsBack, thisNairobiMonth } from './vat-month';

describe('the VAT report’s months', () => {
  it('opens on this month in Nairobi, not in UTC', () => {
    // 30 November 21:30 UTC is already 1 December 00:30 in Nairobi.
    expect(thisNairobiMonth(new Date('2026-11-30T21:30:00Z'))).toBe('2026-12');
    expect(thisNairobiMonth(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11');
  });

  it('lists the months back across a new year, newest first', () => {
    expect(monthsBack('2026-02', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(monthsBack('2026-11')).toHaveLength(36);
    expect(monthsBack('2026-11').at(-1)).toBe('2023-12');
  });

  it('names a month in each language', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'fr')).toBe('novembre 2026');
    expect(formatMonth('2026-11', 'sw')).toBe('Novemba 2026');
  });
});
