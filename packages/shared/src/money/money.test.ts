import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  centsToNumber,
  formatCurrency,
  storedMoneyToNumber,
  toCents,
} from './money';

describe('toCents', () => {
  it('reads numbers and decimal strings exactly', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('1234.5')).toBe(123450);
    expect(toCents('1,234.56')).toBe(123456);
    expect(toCents('-12.345')).toBe(-1235);
    expect(toCents('.5')).toBe(50);
  });

  it('rounds numbers and strings alike, half away from zero', () => {
    expect(toCents(1.005)).toBe(toCents('1.005'));
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-0.125)).toBe(-13);
    expect(toCents(-0.125)).toBe(toCents('-0.125'));
  });

  it('gives null for what is not a number', () => {
    expect(toCents('abc')).toBeNull();
    expect(toCents('')).toBeNull();
    expect(toCents(undefined)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents('1.2.3')).toBeNull();
  });

  it('never reads an exponent form as digits, and gives null past exact cents', () => {
    // (1e21).toFixed(3) is "1e+21": stripped to digits it read as 121 (issue 20).
    expect(toCents(1e21)).toBeNull();
    expect(toCents(1e308)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toCents('1e21')).toBeNull();
    expect(toCents('99999999999999999999')).toBeNull();
    expect(toCents('1e3')).toBe(100_000);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(9_000_000_000_000)).toBe(900_000_000_000_000);
  });
});

describe('centsToDecimal', () => {
  it('writes two decimals', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1235)).toBe('-12.35');
  });
});

describe('centsToNumber', () => {
  it('gives the shillings amount without float noise', () => {
    expect(centsToNumber(toCents(0.1)! + toCents(0.2)!)).toBe(0.3);
    expect(centsToNumber(-1235)).toBe(-12.35);
  });
});

describe('storedMoneyToNumber', () => {
  it('gives what centsToNumber gives for every stored two-decimal amount', () => {
    const amounts = [0, 1, 5, 10, 99, 100, 101, 105, 995, 1005, 12_050, 123_456, 9_999_999_999];
    for (let cents = 0; cents < 200_000; cents += 7) amounts.push(cents);
    for (const cents of [...amounts, ...amounts.map((c) => -c)]) {
      const stored = centsToDecimal(cents);
      expect(storedMoneyToNumber(stored), stored).toBe(centsToNumber(cents));
    }
    expect(storedMoneyToNumber('0.10')).toBe(0.1);
    expect(storedMoneyToNumber('1234.50')).toBe(1234.5);
  });
});

describe('formatCurrency (spec §5 Currency)', () => {
  it('prints KSh with en-KE grouping and two decimals', () => {
    expect(formatCurrency(1234.5)).toBe('KSh 1,234.50');
    expect(formatCurrency('200')).toBe('KSh 200.00');
    expect(formatCurrency(1000000)).toBe('KSh 1,000,000.00');
  });

  it('strips stray characters before reading', () => {
    expect(formatCurrency('KSh 1,500.25')).toBe('KSh 1,500.25');
  });

  it("answers 'KSh 0.00' for invalid or missing input", () => {
    expect(formatCurrency('abc')).toBe('KSh 0.00');
    expect(formatCurrency(null)).toBe('KSh 0.00');
    expect(formatCurrency(undefined)).toBe('KSh 0.00');
  });
});
