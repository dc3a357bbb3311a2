import { describe, expect, it } from 'vitest';
import { creditLimitOf, exceedsCreditLimit } from './credit';
import { settlePayments } from './payments';

const settled = (total: number, input: Parameters<typeof settlePayments>[1]) => {
  const result = settlePayments(total, input);
  if (!result.ok) throw new Error(`refused: ${result.problem.message}`);
  return result.value;
};
const problem = (total: number, input: Parameters<typeof settlePayments>[1]) => {
  const result = settlePayments(total, input);
  if (result.ok) throw new Error('accepted');
  return result.problem;
};

describe('a sale paid one way (no payments)', () => {
  it('is cash tendered with change, M-Pesa or credit for the total, as one part', () => {
    expect(settled(88_000, { payment_method: 'cash', amount_paid: 100_000 })).toEqual({
      method: 'cash',
      parts: [{ method: 'cash', amount: 88_000, mpesa_code: null }],
      tendered: 100_000,
      change: 12_000,
      credit: 0,
      mpesaCode: null,
    });
    expect(settled(88_000, { payment_method: 'cash' }).change).toBe(0);
    expect(
      settled(88_000, { payment_method: 'mpesa', mpesa_code: 'SFT4A1B2C3', amount_paid: 1 }),
    ).toMatchObject({
      parts: [{ method: 'mpesa', amount: 88_000, mpesa_code: 'SFT4A1B2C3' }],
      tendered: 88_000,
      mpesaCode: 'SFT4A1B2C3',
    });
    expect(settled(88_000, { payment_method: 'credit' })).toMatchObject({
      method: 'credit',
      parts: [{ method: 'credit', amount: 88_000, mpesa_code: null }],
      credit: 88_000,
      change: 0,
    });
    expect(settled(0, { payment_method: 'cash' }).parts).toEqual([]);
  });

  it('needs a method, not split, and cash at least the total', () => {
    expect(problem(100, {}).path).toBe('payment_method');
    expect(problem(100, { payment_method: 'split' })).toMatchObject({
      path: 'payment_method',
      message: 'Split payment needs its payments',
    });
    expect(problem(100, { payment_method: 'cash', amount_paid: 99 })).toMatchObject({
      path: 'amount_paid',
      message: 'Amount tendered must be at least total',
    });
  });
});

describe('a split payment', () => {
  it('takes the change off the cash part and names the sale split', () => {
    // KSh 1,400: cash 600, M-Pesa 700, credit 200 → change 100 from the cash.
    expect(
      settled(140_000, {
        payments: [
          { method: 'cash', amount: 60_000 },
          { method: 'mpesa', amount: 70_000, mpesa_code: 'SFT4A1B2C3' },
          { method: 'credit', amount: 20_000 },
        ],
      }),
    ).toEqual({
      method: 'split',
      parts: [
        { method: 'cash', amount: 50_000, mpesa_code: null },
        { method: 'mpesa', amount: 70_000, mpesa_code: 'SFT4A1B2C3' },
        { method: 'credit', amount: 20_000, mpesa_code: null },
      ],
      tendered: 150_000,
      change: 10_000,
      credit: 20_000,
      mpesaCode: 'SFT4A1B2C3',
    });
  });

  it('is the single method when all parts are one method, and checks a method sent', () => {
    const twoMpesa = {
      payments: [
        { method: 'mpesa' as const, amount: 500, mpesa_code: 'AAAAAAAAA1' },
        { method: 'mpesa' as const, amount: 500, mpesa_code: 'AAAAAAAAA2' },
      ],
    };
    expect(settled(1_000, twoMpesa).method).toBe('mpesa');
    expect(settled(1_000, { ...twoMpesa, payment_method: 'mpesa' }).method).toBe('mpesa');
    // 'split' is accepted whatever the parts; the sale still answers the single method used.
    expect(settled(1_000, { ...twoMpesa, payment_method: 'split' }).method).toBe('mpesa');
    expect(
      settled(1_000, {
        payment_method: 'split',
        payments: [
          { method: 'cash', amount: 600 },
          { method: 'cash', amount: 600 },
        ],
      }),
    ).toMatchObject({
      method: 'cash',
      parts: [
        { method: 'cash', amount: 400, mpesa_code: null },
        { method: 'cash', amount: 600, mpesa_code: null },
      ],
      change: 200,
    });
    expect(problem(1_000, { ...twoMpesa, payment_method: 'cash' })).toMatchObject({
      path: 'payment_method',
      message: 'Payment method must be mpesa for these payments',
    });
    expect(
      problem(1_000, {
        payment_method: 'cash',
        payments: [
          { method: 'cash', amount: 500 },
          { method: 'credit', amount: 500 },
        ],
      }).message,
    ).toBe('Payment method must be split for these payments');
  });

  it('gives change only in cash, off the largest cash part, which must be at least the change', () => {
    expect(
      problem(1_000, {
        payments: [
          { method: 'mpesa', amount: 1_200 },
          { method: 'cash', amount: 100 },
        ],
      }),
    ).toMatchObject({ path: 'payments', message: 'Change can only be given in cash' });
    expect(problem(1_000, { payments: [{ method: 'credit', amount: 1_100 }] }).message).toBe(
      'Change can only be given in cash',
    );
    // A cash part as large as the change is handed back whole (the issue: "a cash part at
    // least that large"); it is not written, the sale is the M-Pesa part's with the change.
    expect(
      settled(1_000, {
        payments: [
          { method: 'mpesa', amount: 1_000 },
          { method: 'cash', amount: 300 },
        ],
      }),
    ).toMatchObject({
      method: 'mpesa',
      parts: [{ method: 'mpesa', amount: 1_000, mpesa_code: null }],
      tendered: 1_300,
      change: 300,
    });
    // The cash parts together hold 250, but no one part is as large as the change.
    expect(
      problem(1_000, {
        payments: [
          { method: 'cash', amount: 100 },
          { method: 'cash', amount: 150 },
          { method: 'mpesa', amount: 1_000 },
        ],
      }),
    ).toMatchObject({ path: 'payments', message: 'Change can only be given in cash' });
    // The change off the largest cash part (the first of equals), the other left as given.
    expect(
      settled(1_000, {
        payments: [
          { method: 'cash', amount: 300 },
          { method: 'cash', amount: 500 },
          { method: 'mpesa', amount: 400 },
        ],
      }).parts,
    ).toEqual([
      { method: 'cash', amount: 300, mpesa_code: null },
      { method: 'cash', amount: 300, mpesa_code: null },
      { method: 'mpesa', amount: 400, mpesa_code: null },
    ]);
  });

  it('refuses too little, two credit parts and an M-Pesa code twice', () => {
    expect(
      problem(1_000, {
        payments: [
          { method: 'cash', amount: 400 },
          { method: 'mpesa', amount: 500 },
        ],
      }),
    ).toMatchObject({ path: 'payments', message: 'Amount tendered must be at least total' });
    expect(
      problem(1_000, {
        payments: [
          { method: 'credit', amount: 500 },
          { method: 'credit', amount: 500 },
        ],
      }),
    ).toMatchObject({ path: 'payments', message: 'A sale can have only one credit part' });
    expect(
      problem(1_000, {
        payments: [
          { method: 'mpesa', amount: 500, mpesa_code: 'SFT4A1B2C3' },
          { method: 'mpesa', amount: 500, mpesa_code: 'SFT4A1B2C3' },
        ],
      }),
    ).toMatchObject({ path: 'payments.1.mpesa_code' });
  });
});

describe('a credit limit', () => {
  it("is the customer's own, else the store's, else none", () => {
    expect(creditLimitOf(5_000, 10_000)).toBe(5_000);
    expect(creditLimitOf(null, 10_000)).toBe(10_000);
    expect(creditLimitOf(0, 10_000)).toBe(0);
    expect(creditLimitOf(null, null)).toBeNull();
  });

  it('is exceeded only past it', () => {
    expect(exceedsCreditLimit(4_000, 1_000, 5_000)).toBe(false);
    expect(exceedsCreditLimit(4_000, 1_001, 5_000)).toBe(true);
    expect(exceedsCreditLimit(1_000_000, 1, null)).toBe(false);
    expect(exceedsCreditLimit(0, 1, 0)).toBe(true);
  });
});
