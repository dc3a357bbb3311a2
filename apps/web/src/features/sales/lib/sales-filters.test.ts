import { describe, expect, it } from 'vitest';
import { hasFilters, isRangeInvalid, parseSalesFilters } from './sales-filters';

describe('parseSalesFilters', () => {
  it('reads the page, the days and the payment method from the address', () => {
    expect(
      parseSalesFilters(
        new URLSearchParams('page=3&from=2026-11-01&to=2026-11-20&payment_method=mpesa'),
      ),
    ).toEqual({
      page: 3,
      from: '2026-11-01',
      to: '2026-11-20',
      payment_method: 'mpesa',
      needs_review: undefined,
    });
  });

  it('reads the Needs review view (issue 22) only from needs_review=true', () => {
    expect(parseSalesFilters(new URLSearchParams('needs_review=true')).needs_review).toBe(true);
    for (const value of ['false', '1', 'yes', '']) {
      expect(
        parseSalesFilters(new URLSearchParams(`needs_review=${value}`)).needs_review,
      ).toBeUndefined();
    }
  });

  it('drops what is not a page, a day or a payment method', () => {
    expect(
      parseSalesFilters(new URLSearchParams('page=-2&from=yesterday&to=&payment_method=card')),
    ).toEqual({
      page: 1,
      from: undefined,
      to: undefined,
      payment_method: undefined,
      needs_review: undefined,
    });
    expect(parseSalesFilters(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('knows an empty filter and a to day before the from day', () => {
    expect(hasFilters({ page: 2 })).toBe(false);
    expect(hasFilters({ page: 1, payment_method: 'cash' })).toBe(true);
    expect(hasFilters({ page: 1, needs_review: true })).toBe(true);
    expect(isRangeInvalid({ page: 1, from: '2026-11-20', to: '2026-11-19' })).toBe(true);
    expect(isRangeInvalid({ page: 1, from: '2026-11-20', to: '2026-11-20' })).toBe(false);
    expect(isRangeInvalid({ page: 1, to: '2026-11-19' })).toBe(false);
  });
});
