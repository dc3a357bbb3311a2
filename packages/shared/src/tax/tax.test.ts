import { describe, expect, it } from 'vitest';
import { KRA_PIN, kraPinSchema, lineTaxCents } from './tax';

describe('lineTaxCents', () => {
  it('takes 16/116 of a VAT-inclusive total, to the cent, half up', () => {
    expect(lineTaxCents(11_600, 16)).toBe(1_600);
    // 100.00 × 16/116 = 13.793… → 13.79
    expect(lineTaxCents(10_000, 16)).toBe(1_379);
    // 0.29 × 16/116 = 0.04 exactly
    expect(lineTaxCents(29, 16)).toBe(4);
    // 8%: 108.00 → 8.00; 50.00 → 3.7037 → 3.70
    expect(lineTaxCents(10_800, 8)).toBe(800);
    expect(lineTaxCents(5_000, 8)).toBe(370);
  });

  it('rounds to the nearer cent (16% and 8% never land on a half: 4t/29 and 2t/27)', () => {
    expect(lineTaxCents(145, 16)).toBe(20);
    // 2,175 × 8 / 108 = 161.1 → 161; 2,187 × 8 / 108 = 162
    expect(lineTaxCents(2_175, 8)).toBe(161);
    expect(lineTaxCents(2_187, 8)).toBe(162);
    expect(lineTaxCents(-10_000, 16)).toBe(-1_379);
  });

  it('is 0 at a rate of 0', () => {
    expect(lineTaxCents(12_345, 0)).toBe(0);
  });
});

describe('KRA PIN', () => {
  it('takes a letter, 9 digits and a letter, in capitals', () => {
    expect(kraPinSchema().parse(' p051234567q ')).toBe('P051234567Q');
    expect(KRA_PIN.test('P05123456Q')).toBe(false);
    expect(kraPinSchema().safeParse('1051234567Q').success).toBe(false);
  });
});
