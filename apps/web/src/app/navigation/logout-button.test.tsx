import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import * as authApi from '@/features/auth/api/auth-api';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { buildUser } from '@/test/fixtures';
import { LogoutButton } from './logout-button';

vi.mock('@/features/auth/api/auth-api');

function renderButton() {
  const router = createMemoryRouter(
    [
      { path: '/pos', element: <LogoutButton /> },
      { path: '/auth', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/pos'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  useAuthStore.setState({
    user: buildUser('manager'),
    isAuthenticated: true,
    sessionChecked: true,
  });
});

afterEach(() => {
  act(() => clearToasts());
});

describe('LogoutButton (spec §8 Logout)', () => {
  it("says 'Logged out successfully' and goes to /auth", async () => {
    vi.mocked(authApi.logoutRequest).mockResolvedValueOnce();
    const { result } = renderHook(() => useToast());
    const router = renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(result.current.toasts).toEqual([
      expect.objectContaining({ title: 'Success', description: 'Logged out successfully' }),
    ]);
    expect(result.current.toasts[0]?.variant).not.toBe('destructive');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it("says 'Logout failed' when the call fails, and is signed out locally anyway", async () => {
    vi.mocked(authApi.logoutRequest).mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(() => useToast());
    renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(result.current.toasts).toEqual([
      expect.objectContaining({
        variant: 'destructive',
        title: 'Logout failed',
        description: 'Please try again later',
      }),
    ]);
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });
});
