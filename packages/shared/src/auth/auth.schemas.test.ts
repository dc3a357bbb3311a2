import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth.schemas';
import { changePasswordSchema } from '../users/users.schemas';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('login and register (spec §5)', () => {
  it('trims and lower-cases the email', () => {
    const parsed = loginSchema.parse({ email: '  Admin@Duka.TEST ', password: 'secret1' });
    expect(parsed.email).toBe('admin@duka.test');
  });

  it('uses the spec messages', () => {
    expect(messages(loginSchema.safeParse({ email: 'nope', password: '123' }))).toEqual([
      'Invalid email address',
      'Password must be at least 6 characters',
    ]);
    expect(
      messages(registerSchema.safeParse({ email: 'a@b.co', password: '123456', name: ' J ' })),
    ).toEqual(['Name must be at least 2 characters']);
  });
});

describe('change password (spec §5)', () => {
  it('requires matching passwords of at least 8 characters', () => {
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: '',
          newPassword: 'short',
          confirmPassword: 'short',
        }),
      ),
    ).toEqual(['Current password is required', 'Password must be at least 8 characters']);
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'old-password',
          newPassword: 'new-password',
          confirmPassword: 'other-password',
        }),
      ),
    ).toEqual(['Passwords do not match']);
  });
});
