import { describe, expect, it } from 'vitest';
import { createExpenseSchema, nairobiToday } from './expenses.schemas';

const schema = createExpenseSchema(() => '2026-11-22');
const base = { description: 'Rent', amount: 100, category: 'Rent', date: '2026-11-22' };

function messageOf(overrides: Record<string, unknown>) {
  const result = schema.safeParse({ ...base, ...overrides });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
}

describe('expense schema (spec §5 Expense, §9)', () => {
  it('reads the amount exactly into cents and defaults category and payment method', () => {
    expect(schema.parse({ description: 'x', amount: '1234.5', date: '2026-11-22' })).toEqual({
      description: 'x',
      amount: 123450,
      category: 'Other',
      date: '2026-11-22',
      payment_method: 'cash',
    });
    expect(schema.parse({ ...base, amount: 0.29 }).amount).toBe(29);
  });

  it.each([
    [0.01, null],
    [1_000_000, null],
    ['1000000.00', null],
    [0, ['Amount must be greater than 0']],
    [1_000_000.01, ['Amount must be less than 1,000,000']],
    [1.005, ['Amount must be a number with at most 2 decimals']],
    ['1e3', ['Amount must be a number with at most 2 decimals']],
    [null, ['Amount is required']],
  ])('amount %s → %j', (amount, messages) => {
    expect(messageOf({ amount })).toEqual(messages);
  });

  it.each([
    ['2026-11-22', null],
    ['2026-11-23', ['Date cannot be in the future']],
    ['1900-01-01', null],
    ['1899-12-31', ['Date cannot be before 1900-01-01']],
    ['', ['Date is required']],
  ])('date %s → %j', (date, messages) => {
    expect(messageOf({ date })).toEqual(messages);
  });

  it('names the Nairobi day, not the UTC one', () => {
    expect(nairobiToday(new Date('2026-11-22T20:59:59Z'))).toBe('2026-11-22');
    expect(nairobiToday(new Date('2026-11-22T21:00:00Z'))).toBe('2026-11-23');
  });
});
