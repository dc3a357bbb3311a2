import { describe, expect, it } from 'vitest';
import { shopMonthDays, splitIntoMonths } from './shop-day';

const at = (iso: string) => new Date(iso);

describe('splitIntoMonths', () => {
  it('splits off the pieces of months before and after the whole months', () => {
    expect(splitIntoMonths('2026-01-15', '2026-04-10')).toEqual({
      months: { from: '2026-02-01', to: '2026-04-01' },
      pieces: [
        {
          month: '2026-01-01',
          from: at('2026-01-14T21:00:00Z'),
          to: at('2026-01-31T21:00:00Z'),
          outside: [[at('2025-12-31T21:00:00Z'), at('2026-01-14T21:00:00Z')]],
        },
        {
          month: '2026-04-01',
          from: at('2026-03-31T21:00:00Z'),
          to: at('2026-04-10T21:00:00Z'),
          outside: [[at('2026-04-10T21:00:00Z'), at('2026-04-30T21:00:00Z')]],
        },
      ],
    });
  });

  it('has no pieces when the range is whole months, across a new year', () => {
    expect(splitIntoMonths('2025-12-01', '2026-01-31')).toEqual({
      months: { from: '2025-12-01', to: '2026-02-01' },
      pieces: [],
    });
    expect(splitIntoMonths('2028-02-01', '2028-02-29')).toEqual({
      months: { from: '2028-02-01', to: '2028-03-01' },
      pieces: [],
    });
  });

  it('is pieces alone when no whole month fits', () => {
    const split = splitIntoMonths('2026-01-15', '2026-02-27');
    expect(split.months).toBeNull();
    expect(split.pieces.map((p) => [p.month, p.from, p.to])).toEqual([
      ['2026-01-01', at('2026-01-14T21:00:00Z'), at('2026-01-31T21:00:00Z')],
      ['2026-02-01', at('2026-01-31T21:00:00Z'), at('2026-02-27T21:00:00Z')],
    ]);
    // One day inside a month: the rest of the month lies on both sides of it.
    expect(splitIntoMonths('2026-03-10', '2026-03-10')).toEqual({
      months: null,
      pieces: [
        {
          month: '2026-03-01',
          from: at('2026-03-09T21:00:00Z'),
          to: at('2026-03-10T21:00:00Z'),
          outside: [
            [at('2026-02-28T21:00:00Z'), at('2026-03-09T21:00:00Z')],
            [at('2026-03-10T21:00:00Z'), at('2026-03-31T21:00:00Z')],
          ],
        },
      ],
    });
  });

  it('knows the end of December', () => {
    const split = splitIntoMonths('2026-11-20', '2026-12-31');
    expect(split.months).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(split.pieces.map((p) => p.month)).toEqual(['2026-11-01']);
  });
});

describe('shopMonthDays', () => {
  it('gives a month’s first and last days, February of a leap year and December too', () => {
    expect(shopMonthDays('2026-11')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(shopMonthDays('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(shopMonthDays('2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(shopMonthDays('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
});
