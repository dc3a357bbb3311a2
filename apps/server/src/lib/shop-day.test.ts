import { describe, expect, it } from 'vitest';
import { splitIntoMonths } from './shop-day';

const at = (iso: string) => new Date(iso);

describe('splitIntoMonths', () => {
  it('splits off the days before and after the whole months', () => {
    expect(splitIntoMonths('2026-01-15', '2026-04-10')).toEqual({
      months: { from: '2026-02-01', to: '2026-04-01' },
      edges: [
        [at('2026-01-14T21:00:00Z'), at('2026-01-31T21:00:00Z')],
        [at('2026-03-31T21:00:00Z'), at('2026-04-10T21:00:00Z')],
      ],
    });
  });

  it('has no edges when the range is whole months, across a new year', () => {
    expect(splitIntoMonths('2025-12-01', '2026-01-31')).toEqual({
      months: { from: '2025-12-01', to: '2026-02-01' },
      edges: [],
    });
  });

  it('is all edge when no whole month fits', () => {
    expect(splitIntoMonths('2026-01-15', '2026-02-27')).toEqual({
      months: null,
      edges: [[at('2026-01-14T21:00:00Z'), at('2026-02-27T21:00:00Z')]],
    });
    expect(splitIntoMonths('2026-03-01', '2026-03-01').months).toBeNull();
  });

  it('knows the last day of February and of December', () => {
    expect(splitIntoMonths('2028-02-01', '2028-02-29').months).toEqual({
      from: '2028-02-01',
      to: '2028-03-01',
    });
    expect(splitIntoMonths('2026-11-20', '2026-12-31')).toEqual({
      months: { from: '2026-12-01', to: '2027-01-01' },
      edges: [[at('2026-11-19T21:00:00Z'), at('2026-11-30T21:00:00Z')]],
    });
  });
});
