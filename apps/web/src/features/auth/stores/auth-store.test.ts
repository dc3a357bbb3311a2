import type { User } from '@duka/shared/auth/auth.schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import * as authApi from '../api/auth-api';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth-store';

vi.mock('../api/auth-api');

const cashier: User = {
  id: 4,
  name: 'Cashier',
  email: 'cashier@duka.test',
  role: 'sales',
  store_id: 1,
  is_active: true,
  created_at: '2025-01-02T10:00:00.000Z',
};

beforeEach(() => {
  useAuthStore.setState({ user: null, isAuthenticated: false, error: null, sessionChecked: false });
});

describe('persisted state', () => {
  it('upgrades a version 0 state to version 1, keeping user and isAuthenticated only', async () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({
        state: { user: cashier, isAuthenticated: true, isLoading: true, token: 'old' },
        version: 0,
      }),
    );
    await useAuthStore.persist.rehydrate();

    expect(useAuthStore.getState().user).toEqual(cashier);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(useAuthStore.getState().isLoading).toBe(false);
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!) as {
      state: Record<string, unknown>;
      version: number;
    };
    expect(stored.version).toBe(1);
    expect(Object.keys(stored.state).sort()).toEqual(['isAuthenticated', 'user']);
  });
});

describe('actions', () => {
  it("keeps the server's message on a failed login, else 'Login failed', and rethrows", async () => {
    const failure = new ApiRequestError({ status: 401, message: 'Invalid email or password' });
    vi.mocked(authApi.loginRequest).mockRejectedValueOnce(failure);
    await expect(
      useAuthStore.getState().login({ email: 'a@b.co', password: 'secret1' }),
    ).rejects.toBe(failure);
    expect(useAuthStore.getState().error).toBe('Invalid email or password');

    vi.mocked(authApi.loginRequest).mockRejectedValueOnce(new Error(''));
    await expect(
      useAuthStore.getState().login({ email: 'a@b.co', password: 'secret1' }),
    ).rejects.toThrow();
    expect(useAuthStore.getState().error).toBe('Login failed');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('is loading while signing in, then holds the user as authenticated', async () => {
    let answer: (user: User) => void = () => undefined;
    vi.mocked(authApi.loginRequest).mockReturnValueOnce(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    const pending = useAuthStore.getState().login({ email: cashier.email, password: 'secret1' });
    expect(useAuthStore.getState().isLoading).toBe(true);
    answer(cashier);
    await expect(pending).resolves.toEqual(cashier);
    expect(useAuthStore.getState()).toMatchObject({
      user: cashier,
      isAuthenticated: true,
      isLoading: false,
    });
  });

  it("keeps 'Registration failed' when a registration fails without a message, and rethrows", async () => {
    vi.mocked(authApi.registerRequest).mockRejectedValueOnce(new Error(''));
    await expect(
      useAuthStore.getState().register({ name: 'Ann', email: 'a@b.co', password: 'secret1' }),
    ).rejects.toThrow();
    expect(useAuthStore.getState()).toMatchObject({
      error: 'Registration failed',
      isLoading: false,
      isAuthenticated: false,
    });
  });

  it('signs out locally even when the logout call fails, then rethrows', async () => {
    useAuthStore.setState({ user: cashier, isAuthenticated: true });
    vi.mocked(authApi.logoutRequest).mockRejectedValueOnce(new Error('offline'));
    await expect(useAuthStore.getState().logout()).rejects.toThrow('offline');
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('treats a 401 from the session check as signed out, without an error', async () => {
    useAuthStore.setState({ user: cashier, isAuthenticated: true });
    vi.mocked(authApi.getMeRequest).mockRejectedValueOnce(
      new ApiRequestError({ status: 401, message: 'Not signed in' }),
    );
    await useAuthStore.getState().checkSession();
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      isAuthenticated: false,
      sessionChecked: true,
    });
  });

  it('keeps the last known person when the session check gets no answer (offline)', async () => {
    useAuthStore.setState({ user: cashier, isAuthenticated: true });
    vi.mocked(authApi.getMeRequest).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(useAuthStore.getState().checkSession()).resolves.toBe('unreachable');
    expect(useAuthStore.getState()).toMatchObject({
      user: cashier,
      isAuthenticated: true,
      sessionChecked: true,
      error: null,
    });
  });

  it('sets the user from an authenticated session check', async () => {
    vi.mocked(authApi.getMeRequest).mockResolvedValueOnce({ authenticated: true, data: cashier });
    await useAuthStore.getState().checkSession();
    expect(useAuthStore.getState()).toMatchObject({ user: cashier, isAuthenticated: true });
  });
});

describe('session check racing a sign-in', () => {
  it('does not sign out someone who logged in while the check was on its way', async () => {
    let answerCheck: (value: { authenticated: boolean; data: null }) => void = () => undefined;
    vi.mocked(authApi.getMeRequest).mockReturnValueOnce(
      new Promise((resolve) => {
        answerCheck = resolve;
      }),
    );
    vi.mocked(authApi.loginRequest).mockResolvedValueOnce(cashier);

    const check = useAuthStore.getState().checkSession();
    await useAuthStore.getState().login({ email: cashier.email, password: 'secret1' });
    answerCheck({ authenticated: false, data: null });
    await check;

    expect(useAuthStore.getState()).toMatchObject({ user: cashier, isAuthenticated: true });
  });
});
