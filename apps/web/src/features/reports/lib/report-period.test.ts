import { describe, expect, it } from 'vitest';
import { formatDayRange, thisMonthSoFar } from './report-period';

describe('formatDayRange', () => {
  // ICU puts thin spaces around a dash between months; read them as spaces.
  const range = (start: string, end: string, language: 'en' | 'sw' | 'fr') =>
    formatDayRange(start, end, language).replace(/\s/gu, ' ');

  it('names a span of shop days in the language’s order', () => {
    expect(range('2026-11-01', '2026-11-26', 'en')).toBe('1–26 Nov 2026');
    expect(range('2026-10-01', '2026-11-26', 'en')).toBe('1 Oct – 26 Nov 2026');
    expect(range('2026-11-26', '2026-11-26', 'en')).toBe('26 Nov 2026');
    expect(range('2026-11-01', '2026-11-26', 'fr')).toBe('1–26 nov. 2026');
    expect(range('2026-11-01', '2026-11-26', 'sw')).toMatch(/^1 ?– ?26 Nov 2026$/);
  });
});

describe('thisMonthSoFar', () => {
  it("is the first of the shop's month to the shop's today", () => {
    // 22:30 UTC on 30 November is already 1 December in Nairobi.
    expect(thisMonthSoFar(new Date('2026-11-30T22:30:00Z'))).toEqual({
      start: '2026-12-01',
      end: '2026-12-01',
    });
    expect(thisMonthSoFar(new Date('2026-11-26T06:27:00Z'))).toEqual({
      start: '2026-11-01',
      end: '2026-11-26',
    });
  });
});
