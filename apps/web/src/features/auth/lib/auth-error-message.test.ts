import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { authErrorMessage } from './auth-error-message';

describe('authErrorMessage', () => {
  it('tells how long to wait after too many attempts', () => {
    expect(
      authErrorMessage(new ApiRequestError({ status: 429, message: 'Too many', retryAfter: 30 })),
    ).toBe('Too many login attempts. Please wait 30 seconds and try again.');
    expect(authErrorMessage(new ApiRequestError({ status: 429, message: 'Too many' }))).toBe(
      'Too many login attempts. Please wait and try again.',
    );
  });

  it("shows the server's message, else the generic hint", () => {
    expect(
      authErrorMessage(new ApiRequestError({ status: 401, message: 'Invalid email or password' })),
    ).toBe('Invalid email or password');
    expect(authErrorMessage(undefined)).toBe('Please check your credentials and try again');
  });
});
