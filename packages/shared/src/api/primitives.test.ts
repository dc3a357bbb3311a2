import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginSchema, nameSchema, registerSchema } from '../auth/auth.schemas';
import { storeIdSchema, storeInputSchema } from '../stores/stores.schemas';
import {
  changePasswordSchema,
  createUserSchema,
  profileSchema,
  updateUserSchema,
} from '../users/users.schemas';
import { idParamSchema } from './errors.schemas';
import {
  dateOnlySchema,
  hasControlCharacters,
  ID_MAX,
  idSchema,
  MONEY_MAX_CENTS,
  moneySchema,
  passwordSchema,
  textSchema,
} from './primitives';

function issues(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('idSchema', () => {
  const id = idSchema('Invalid id');

  it('accepts 1..2,147,483,647 as a number or a string of digits', () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(ID_MAX)).toBe(2_147_483_647);
    expect(id.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it.each([
    ['past PostgreSQL integer', ID_MAX + 1],
    ['past PostgreSQL integer, as text', '2147483648'],
    ['far past it', '99999999999999999999999'],
    ['zero', 0],
    ['negative', -1],
    ['negative text', '-1'],
    ['fraction', 1.5],
    ['fraction text', '1.5'],
    ['exponent', '1e3'],
    ['hex', '0x10'],
    ['padded', ' 5'],
    ['empty', ''],
    ['NUL', '1\u0000'],
    ['boolean', true],
    ['array', [5]],
    ['object', {}],
    ['null', null],
  ])('refuses %s', (_label, value) => {
    expect(issues(id, value)).toEqual([{ path: '', message: 'Invalid id' }]);
  });

  it('is the schema of path ids and of the chosen store', () => {
    expect(issues(idParamSchema, { id: '2147483648' })).toEqual([
      { path: 'id', message: 'Invalid id' },
    ]);
    expect(issues(storeIdSchema, '2147483648')).toEqual([{ path: '', message: 'Invalid store' }]);
    const register = { name: 'Jo Buyer', email: 'jo@example.test', password: 'secret1' };
    expect(issues(registerSchema, { ...register, store_id: 2_147_483_648 })).toEqual([
      { path: 'store_id', message: 'Invalid store' },
    ]);
    expect(registerSchema.parse({ ...register, store_id: '7' }).store_id).toBe(7);
    const user = { ...register, password: 'long-enough', role: 'sales' };
    expect(issues(createUserSchema, { ...user, store_id: -3 })).toEqual([
      { path: 'store_id', message: 'Invalid store' },
    ]);
  });
});

describe('moneySchema', () => {
  const messages = {
    required: 'Price is required',
    invalid: 'Price is not a price',
    negative: 'Price cannot be negative',
    tooSmall: 'Price is too small',
    tooLarge: 'Price is too large',
  };
  const price = moneySchema({ messages });
  const read = (value: unknown) => price.safeParse(value);

  it('reads numbers and decimal strings exactly into cents, up to the maximum', () => {
    expect(read(0).data).toBe(0);
    expect(read(120.5).data).toBe(12050);
    expect(read(' 120.05 ').data).toBe(12005);
    expect(read(10_000_000).data).toBe(MONEY_MAX_CENTS);
    expect(read('10000000.00').data).toBe(MONEY_MAX_CENTS);
  });

  it('refuses exponent forms and amounts past the maximum instead of reading other digits', () => {
    // 1e21 is what (1e21).toFixed(3) printed as "1e+21", once read as 121.
    for (const value of [1e21, 1e308, 10_000_000.01, '10000000.01', Number.MAX_VALUE]) {
      expect(issues(price, value), String(value)).toEqual([
        { path: '', message: messages.tooLarge },
      ]);
    }
    for (const value of ['1e21', '1e3', '1E+2', 1e-7, '0x10', 'Infinity', 'NaN', '']) {
      expect(read(value).success, String(value)).toBe(false);
    }
    expect(issues(price, '1e21')).toEqual([{ path: '', message: messages.invalid }]);
  });

  it('refuses a third decimal, NaN and Infinity rather than rounding', () => {
    for (const value of [1.005, '1.005', 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(issues(price, value), String(value)).toEqual([
        { path: '', message: messages.invalid },
      ]);
    }
  });

  it("keeps each field's own bounds and messages", () => {
    expect(issues(price, -1)).toEqual([{ path: '', message: messages.negative }]);
    expect(issues(price, '-0.01')).toEqual([{ path: '', message: messages.negative }]);
    expect(issues(price, null)).toEqual([{ path: '', message: messages.required }]);
    const amount = moneySchema({ minCents: 1, maxCents: 100_000_000, messages });
    expect(issues(amount, 0)).toEqual([{ path: '', message: messages.tooSmall }]);
    expect(issues(amount, 1_000_000.01)).toEqual([{ path: '', message: messages.tooLarge }]);
    expect(amount.safeParse(1_000_000).data).toBe(100_000_000);
  });
});

describe('textSchema', () => {
  const note = textSchema({ label: 'Note', max: 10 });
  const notes = textSchema({ label: 'Note', max: 10, multiline: true });

  it('trims', () => {
    expect(note.parse('  hi there  ')).toBe('hi there');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['escape', '\u001b[31m'],
    ['DEL', 'a\u007fb'],
    ['C1 control', 'a\u0085b'],
    ['lone surrogate', 'a\ud800b'],
  ])('refuses %s, naming the field', (_label, value) => {
    const expected = [{ path: '', message: 'Note contains characters that are not allowed' }];
    expect(issues(note, value)).toEqual(expected);
    expect(issues(notes, value)).toEqual(expected);
  });

  it('lets tab and line breaks into the multi-line variant only', () => {
    expect(notes.parse('a\tb\r\nc')).toBe('a\tb\r\nc');
    expect(issues(note, 'a\nb')).toEqual([
      { path: '', message: 'Note contains characters that are not allowed' },
    ]);
    // Leading and trailing line breaks are only whitespace: trimmed, not refused.
    expect(note.parse('\n ok \t')).toBe('ok');
  });

  it('keeps letters of every script and emoji', () => {
    const name = textSchema({ label: 'Name', max: 40 });
    expect(name.parse('Mama Ngʼina')).toBe('Mama Ngʼina');
    expect(name.parse('Café 🛒 مرحبا')).toBe('Café 🛒 مرحبا');
  });

  it('caps the length and has default messages from the label', () => {
    const name = textSchema({ label: 'Store name', min: 2, max: 5 });
    expect(issues(name, 'x'.repeat(1_000_000))).toEqual([
      { path: '', message: 'Store name must be at most 5 characters' },
    ]);
    expect(issues(name, ' x ')).toEqual([
      { path: '', message: 'Store name must be at least 2 characters' },
    ]);
    expect(issues(name, undefined)).toEqual([{ path: '', message: 'Store name is required' }]);
    expect(issues(name, 12)).toEqual([{ path: '', message: 'Store name is required' }]);
  });

  it('tells hasControlCharacters apart for one line and many', () => {
    expect(hasControlCharacters('plain text')).toBe(false);
    expect(hasControlCharacters('two\nlines')).toBe(true);
    expect(hasControlCharacters('two\nlines', { multiline: true })).toBe(false);
    expect(hasControlCharacters('nul\u0000', { multiline: true })).toBe(true);
  });
});

describe('passwordSchema', () => {
  const password = passwordSchema({ min: 6, messages: { required: 'Password is required' } });

  it('keeps spaces, caps the length and refuses NUL', () => {
    expect(password.parse('  secret  ')).toBe('  secret  ');
    expect(issues(password, 'x'.repeat(201))).toEqual([
      { path: '', message: 'Password is too long' },
    ]);
    expect(issues(password, 'secret\u0000')).toEqual([
      { path: '', message: 'Password contains characters that are not allowed' },
    ]);
  });
});

describe('dateOnlySchema', () => {
  const day = dateOnlySchema({ required: 'Date is required', invalid: 'Date is not a date' });

  it('takes a real calendar day, or the day of a full ISO timestamp', () => {
    expect(day.parse('2026-11-23')).toBe('2026-11-23');
    expect(day.parse('2026-11-23T21:30:00.000Z')).toBe('2026-11-23');
    expect(day.parse('1000-01-01')).toBe('1000-01-01');
  });

  it('refuses blanks, impossible days and years PostgreSQL cannot hold in Nairobi', () => {
    expect(issues(day, '')).toEqual([{ path: '', message: 'Date is required' }]);
    for (const value of ['2026-02-30', '26-11-23', '0001-01-01', '0000-01-01', '10000-01-01']) {
      expect(issues(day, value), value).toEqual([{ path: '', message: 'Date is not a date' }]);
    }
  });
});

describe('every free-text field of the contract uses the primitives', () => {
  const nul = 'Bad\u0000name';

  it.each([
    ['nameSchema', nameSchema, nul, '', 'Name contains characters that are not allowed'],
    [
      'store name',
      storeInputSchema,
      { name: nul },
      'name',
      'Store name contains characters that are not allowed',
    ],
    [
      'profile name',
      profileSchema,
      { name: nul, email: 'a@b.co' },
      'name',
      'Name contains characters that are not allowed',
    ],
    [
      'profile email',
      profileSchema,
      { name: 'Jo', email: 'a\u0000@b.co' },
      'email',
      'Email contains characters that are not allowed',
    ],
    [
      'user name',
      updateUserSchema,
      { name: nul },
      'name',
      'Name contains characters that are not allowed',
    ],
    [
      'user email',
      updateUserSchema,
      { email: 'a@b.co\u0000' },
      'email',
      'Email contains characters that are not allowed',
    ],
    [
      'login email',
      loginSchema,
      { email: 'a\u0007@b.co', password: 'secret1' },
      'email',
      'Email contains characters that are not allowed',
    ],
    [
      'login password',
      loginSchema,
      { email: 'a@b.co', password: 'secret\u0000' },
      'password',
      'Password contains characters that are not allowed',
    ],
    [
      'new password',
      updateUserSchema,
      { password: 'long-enough\u0000' },
      'password',
      'Password contains characters that are not allowed',
    ],
  ])('%s', (_label, schema, value, path, message) => {
    expect(issues(schema, value)).toEqual([{ path, message }]);
  });

  it('keeps the spec messages', () => {
    expect(issues(nameSchema, ' J ')).toEqual([
      { path: '', message: 'Name must be at least 2 characters' },
    ]);
    expect(issues(storeInputSchema, {})).toEqual([
      { path: 'name', message: 'Store name is required' },
    ]);
    expect(issues(profileSchema, { name: '', email: '' })).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Email is required' },
    ]);
    expect(issues(profileSchema, { name: 'Jo', email: 'nope' })).toEqual([
      { path: 'email', message: 'Invalid email address' },
    ]);
    expect(issues(loginSchema, { email: `${'a'.repeat(250)}@b.co`, password: 'secret1' })).toEqual([
      { path: 'email', message: 'Email is too long' },
    ]);
    expect(
      issues(changePasswordSchema, { currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual([
      { path: 'currentPassword', message: 'Current password is required' },
      { path: 'newPassword', message: 'New password is required' },
      { path: 'newPassword', message: 'Password must be at least 8 characters' },
    ]);
  });
});
