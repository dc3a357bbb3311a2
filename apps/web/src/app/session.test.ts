import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ApiRequestError } from '@/lib/api-client';
import { buildUser } from '@/test/fixtures';
import * as authApi from '@/features/auth/api/auth-api';
import { startSessionCheck } from './session';

vi.mock('@/features/auth/api/auth-api');

afterEach(() => {
  act(() => clearToasts());
});

function signedIn() {
  useAuthStore.setState({ user: buildUser('sales'), isAuthenticated: true, sessionChecked: false });
}

describe('start-up session check (spec §2, §8)', () => {
  it("clears the user and shows 'Session expired' when the check itself fails", async () => {
    signedIn();
    vi.mocked(authApi.getMeRequest).mockRejectedValueOnce(
      new ApiRequestError({ status: 500, message: 'Internal error' }),
    );
    const { result } = renderHook(() => useToast());

    act(() => startSessionCheck());

    await vi.waitFor(() =>
      expect(result.current.toasts).toEqual([
        expect.objectContaining({
          variant: 'destructive',
          title: 'Session expired',
          description: 'Please log in again.',
        }),
      ]),
    );
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      isAuthenticated: false,
      sessionChecked: true,
    });
  });

  it('signs out silently on a 401', async () => {
    signedIn();
    vi.mocked(authApi.getMeRequest).mockRejectedValueOnce(
      new ApiRequestError({ status: 401, message: 'Not signed in' }),
    );
    const { result } = renderHook(() => useToast());

    act(() => startSessionCheck());

    await vi.waitFor(() => expect(useAuthStore.getState().sessionChecked).toBe(true));
    expect(useAuthStore.getState().user).toBeNull();
    expect(result.current.toasts).toEqual([]);
  });

  it('keeps the last known person offline, quietly, and checks again when the connection returns', async () => {
    signedIn();
    const user = useAuthStore.getState().user;
    vi.mocked(authApi.getMeRequest).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useToast());

    act(() => startSessionCheck());

    await vi.waitFor(() => expect(useAuthStore.getState().sessionChecked).toBe(true));
    expect(useAuthStore.getState()).toMatchObject({ user, isAuthenticated: true });
    expect(result.current.toasts).toEqual([]);

    // Back online, the server says the session ended meanwhile: signed out then.
    vi.mocked(authApi.getMeRequest).mockRejectedValueOnce(
      new ApiRequestError({ status: 401, message: 'Not signed in' }),
    );
    await vi.waitFor(() => expect(authApi.getMeRequest).toHaveBeenCalledTimes(1));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(useAuthStore.getState().user).toBeNull());
    expect(authApi.getMeRequest).toHaveBeenCalledTimes(2);
  });
});
