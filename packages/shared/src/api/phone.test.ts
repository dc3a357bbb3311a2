import { describe, expect, it } from 'vitest';
import { normalizeKenyanPhone, PHONE_MESSAGE, phoneSchema, storedPhonePrefix } from './phone';

describe('normalizeKenyanPhone (PRODUCT.md §4b)', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0712 345 678', '+254712345678'],
    ['0712-345-678', '+254712345678'],
    ['0110 123 456', '+254110123456'],
    ['254712345678', '+254712345678'],
    ['254 112 345 678', '+254112345678'],
    ['+254712345678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
    ['+254-110-123-456', '+254110123456'],
  ])('%s → %s', (typed, stored) => {
    expect(normalizeKenyanPhone(typed)).toBe(stored);
  });

  it.each([
    ['too short', '071234567'],
    ['too long', '07123456789'],
    ['a landline prefix', '0201234567'],
    ['no prefix', '712345678'],
    ['another country', '+255712345678'],
    ['+ without 254', '+0712345678'],
    ['letters', '07I2345678'],
    ['dots', '0712.345.678'],
    ['empty', ''],
  ])('refuses %s (%s)', (_label, typed) => {
    expect(normalizeKenyanPhone(typed)).toBeNull();
  });
});

describe('phoneSchema', () => {
  const phone = phoneSchema();
  const messages = (value: unknown) => {
    const result = phone.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('trims and stores the +254 form', () => {
    expect(phone.parse('  0712 345 678 ')).toBe('+254712345678');
  });

  it('says what it expects for a number that is not Kenyan', () => {
    expect(messages('12345')).toEqual([PHONE_MESSAGE]);
    expect(PHONE_MESSAGE).toBe('Enter a Kenyan phone number, e.g. 0712 345 678');
    expect(messages('0'.repeat(100))).toEqual([PHONE_MESSAGE]);
  });

  it('is required, with the label in the message', () => {
    expect(messages('')).toEqual(['Phone is required']);
    expect(messages('   ')).toEqual(['Phone is required']);
    expect(messages(undefined)).toEqual(['Phone is required']);
    expect(messages(712345678)).toEqual(['Phone is required']);
    expect(phoneSchema({ label: 'Customer phone' }).safeParse('').error?.issues[0]?.message).toBe(
      'Customer phone is required',
    );
  });

  it('refuses control characters before reading the number', () => {
    expect(messages('0712\u0000345678')).toEqual([
      'Phone contains characters that are not allowed',
    ]);
  });
});

describe('storedPhonePrefix (search boxes)', () => {
  it('turns a typed part of a number into the stored +254 form', () => {
    expect(storedPhonePrefix('0712 345')).toBe('+254712345');
    expect(storedPhonePrefix('254-712')).toBe('+254712');
    expect(storedPhonePrefix('+254712')).toBe('+254712');
    expect(storedPhonePrefix('345 678')).toBe('345678');
    expect(storedPhonePrefix('Achieng')).toBeNull();
  });
});
